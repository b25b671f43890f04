import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { displayName } from "../../../../contract/team.ts";
import { NameForm } from "../../components/name-form.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import { apiErrorOf } from "../../api/request.ts";
import { endOtherSessionsMutation, endSessionMutation, sessionsQuery } from "../../api/sessions.ts";
import { Loading, usePageTitle } from "../../components/admin-shell.tsx";
import { smallButtonClass } from "../../components/admin-classes.ts";
import { ChangePasswordForm } from "../../components/change-password-form.tsx";
import { formatDateTime } from "../../components/lead-format.ts";
import { useSession } from "../../session.ts";
import { PushSection } from "./push-section.tsx";
import { QuietHoursSection } from "./quiet-hours-section.tsx";
import { SecuritySection } from "./security-section.tsx";

// Your account (/admin/account, every user; issue 23): who you are on the team, your password, your second
// factors, notifications on this device and your quiet hours (issue 36), and where you are signed in.

export function AccountPage() {
  usePageTitle("Account | Admin");
  const session = useSession();
  const name = session.username ? displayName({ name: session.user?.name ?? null, email: session.username }) : "";
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Account</h1>
      <p className="mt-2 text-slate-800">
        {name} · {session.username} · {session.user?.role === "owner" ? "Owner" : "Member"}
      </p>
      <section className="mt-10 border-t border-slate-200 pt-8" aria-labelledby="account-name">
        <h2 id="account-name" className="text-xl font-semibold text-slate-900">
          Name
        </h2>
        <p className="mt-1 text-sm text-slate-700">How the team, the activity and the e-mails you send name you.</p>
        <div className="mt-4">
          {/* Keyed by the stored name: the form starts again from it after a change elsewhere. */}
          <NameForm key={session.user?.name ?? ""} current={session.user?.name ?? null} />
        </div>
      </section>
      <section className="mt-10 border-t border-slate-200 pt-8" aria-labelledby="account-security">
        <h2 id="account-security" className="sr-only">
          Sign-in security
        </h2>
        <SecuritySection />
      </section>
      <PushSection />
      <QuietHoursSection />
      <Sessions />
      <section className="mt-12 border-t border-slate-200 pt-8" aria-labelledby="change-password">
        <h2 id="change-password" className="text-xl font-semibold text-slate-900">
          Change password
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Changing the password signs out every other session of this account.
        </p>
        <div className="mt-4">
          <ChangePasswordForm />
        </div>
      </section>
    </>
  );
}

function Sessions() {
  const client = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const endOne = useMutation(endSessionMutation);
  const endOthers = useMutation(endOtherSessionsMutation);
  const refresh = () => client.invalidateQueries({ queryKey: sessionsQuery.queryKey });
  const failed = (error: unknown) =>
    toast({
      variant: "destructive",
      title: "Not ended",
      description: apiErrorOf(error)?.message ?? "Please try again.",
    });
  const rows = sessions.data?.sessions ?? [];
  return (
    <section className="mt-12 border-t border-slate-200 pt-8" aria-labelledby="account-sessions">
      <h2 id="account-sessions" className="text-xl font-semibold text-slate-900">
        Where you are signed in
      </h2>
      {sessions.isLoading ? (
        <Loading />
      ) : (
        <ul
          className="mt-4 max-w-3xl divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label="Your sessions"
        >
          {rows.map((session) => (
            <li key={session.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold text-slate-900">
                  {session.device}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-900">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-700">
                  Signed in {formatDateTime(session.createdAt)} · last active {formatDateTime(session.lastSeenAt)}
                </p>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className={smallButtonClass}
                  disabled={endOne.isPending}
                  onClick={() =>
                    endOne.mutate(session.id, {
                      onSuccess: () => {
                        toast({ title: "Signed out", description: `${session.device} is signed out.` });
                        void refresh();
                      },
                      onError: failed,
                    })
                  }
                >
                  Sign out<span className="sr-only"> {session.device}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {rows.length > 1 && (
        <button
          type="button"
          className={cn(smallButtonClass, "mt-4")}
          disabled={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) => {
                toast({
                  title: "Signed out",
                  description: `${ended} other ${ended === 1 ? "session" : "sessions"} ended.`,
                });
                void refresh();
              },
              onError: failed,
            })
          }
        >
          Sign out everywhere else
        </button>
      )}
    </section>
  );
}
