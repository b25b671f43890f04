import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { displayName, invitationInput, type TeamInvitation, type TeamUser } from "../../../../contract/team.ts";
import { userRoles, type UserRole } from "../../../../contract/user-roles.ts";
import { Field, fieldA11y } from "../../../components/forms/form-parts.tsx";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import { apiErrorOf } from "../../api/request.ts";
import { removeUserFactorsMutation } from "../../api/two-factor.ts";
import {
  deleteUserMutation,
  endUserSessionsMutation,
  invitationsQuery,
  inviteMutation,
  resendInvitationMutation,
  revokeInvitationMutation,
  teamUsersQuery,
  updateUserMutation,
} from "../../api/team.ts";
import { Loading, usePageTitle } from "../../components/admin-shell.tsx";
import { selectClass, smallButtonClass } from "../../components/admin-classes.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useFreshProof } from "../../components/confirm-identity-dialog.tsx";
import { formatDateTime } from "../../components/lead-format.ts";
import { OwnerOnly } from "../../components/owner-only.tsx";
import { useSession } from "../../session.ts";

// The team (/admin/team, owners; issue 23): who can sign in, with which role; invitations by e-mail and
// role, each with a single-use link the owner can always copy; deactivation, deletion and ending sessions;
// removing someone's second factors (issue 32: lost, or added by someone else), after the owner's own proof.
// The server enforces every rule (the last active owner stays): its message is what the toast says.

const roleLabels: Record<UserRole, string> = { owner: "Owner", member: "Member" };
const roleHelp =
  "Owners can do everything, including users, settings, deliveries, export and deleting leads. Members read and work leads.";
const inputClass = "w-full rounded-md border border-slate-400 px-3 py-2 aria-invalid:border-red-700";

function failed(error: unknown, title = "Not changed") {
  toast({ variant: "destructive", title, description: apiErrorOf(error)?.message ?? "Please try again." });
}

export function TeamPage() {
  usePageTitle("Team | Admin");
  return (
    <OwnerOnly>
      <h1 className="text-3xl font-bold text-slate-900">Team</h1>
      <p className="mt-2 max-w-3xl text-slate-800">{roleHelp}</p>
      <Users />
      <Invite />
      <Invitations />
    </OwnerOnly>
  );
}

type Pending = { kind: "deactivate" | "delete" | "factors"; user: TeamUser } | null;

const pendingWords = {
  deactivate: {
    title: "Deactivate",
    confirm: "Deactivate",
    body: "Every session of theirs ends now and they cannot sign in until you reactivate them.",
  },
  delete: {
    title: "Delete",
    confirm: "Delete",
    body: "They lose their sign-in for good; their leads become unassigned. Their notes and history stay.",
  },
  factors: {
    title: "Remove the second factors of",
    confirm: "Remove second factors",
    body: "Their authenticator app, recovery codes and passkeys stop working and every session of theirs ends. They sign in with their password alone until they set one up again, and they are e-mailed about it.",
  },
} satisfies Record<NonNullable<Pending>["kind"], { title: string; confirm: string; body: string }>;

function Users() {
  const client = useQueryClient();
  const me = useSession().user?.id;
  const users = useQuery(teamUsersQuery);
  const update = useMutation(updateUserMutation);
  const remove = useMutation(deleteUserMutation);
  const endSessions = useMutation(endUserSessionsMutation);
  const removeFactors = useMutation(removeUserFactorsMutation);
  const proof = useFreshProof();
  const [pending, setPending] = useState<Pending>(null);
  const refresh = () => client.invalidateQueries({ queryKey: teamUsersQuery.queryKey });

  if (users.isLoading) return <Loading />;
  if (!users.data) return <p role="alert">The team could not be loaded.</p>;

  const change = (user: TeamUser, patch: { role?: UserRole; active?: boolean }, done: string) =>
    update.mutate(
      { id: user.id, patch },
      {
        onSuccess: () => {
          toast({ title: "Saved", description: done });
          void refresh();
        },
        onError: (error) => failed(error),
      },
    );

  const resetFactors = (user: TeamUser) =>
    removeFactors.mutate(user.id, {
      onSuccess: () => {
        toast({
          title: "Second factors removed",
          description: `${displayName(user)} signs in with their password alone now; their sessions ended.`,
        });
        void refresh();
      },
      onError: (error) => {
        if (!proof.askFor(error, () => resetFactors(user))) failed(error);
      },
    });

  return (
    <section className="mt-8" aria-labelledby="team-users">
      <h2 id="team-users" className="text-xl font-semibold text-slate-900">
        People
      </h2>
      <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {users.data.users.map((user) => {
          const name = displayName(user);
          const factor = user.secondFactor.totp || user.secondFactor.passkeys > 0;
          return (
            <li key={user.id} className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {name}
                  {user.id === me && <span className="ml-2 text-sm font-normal text-slate-700">(you)</span>}
                  {!user.active && (
                    <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-bold text-slate-900">
                      Deactivated
                    </span>
                  )}
                </p>
                {user.name && <p className="break-all text-sm text-slate-800">{user.email}</p>}
                <p className="text-sm text-slate-700">
                  {factor ? "Second factor on" : "Password only"} ·{" "}
                  {user.lastSignInAt ? `Last signed in ${formatDateTime(user.lastSignInAt)}` : "Never signed in"}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <label className="sr-only" htmlFor={`role-${user.id}`}>
                  Role of {name}
                </label>
                <select
                  id={`role-${user.id}`}
                  className={selectClass}
                  value={user.role}
                  disabled={update.isPending}
                  onChange={(event) =>
                    change(
                      user,
                      { role: event.target.value as UserRole },
                      `${name} is now ${roleLabels[event.target.value as UserRole].toLowerCase()}.`,
                    )
                  }
                >
                  {userRoles.map((role) => (
                    <option key={role} value={role}>
                      {roleLabels[role]}
                    </option>
                  ))}
                </select>
                {user.active ? (
                  <button
                    type="button"
                    className={smallButtonClass}
                    onClick={() => setPending({ kind: "deactivate", user })}
                  >
                    Deactivate<span className="sr-only"> {name}</span>
                  </button>
                ) : (
                  <button
                    type="button"
                    className={smallButtonClass}
                    onClick={() => change(user, { active: true }, `${name} can sign in again.`)}
                  >
                    Reactivate<span className="sr-only"> {name}</span>
                  </button>
                )}
                <button
                  type="button"
                  className={smallButtonClass}
                  disabled={endSessions.isPending}
                  onClick={() =>
                    endSessions.mutate(user.id, {
                      onSuccess: ({ ended }) =>
                        toast({
                          title: "Signed out",
                          description: `${ended} ${ended === 1 ? "session" : "sessions"} of ${name} ended.`,
                        }),
                      onError: (error) => failed(error),
                    })
                  }
                >
                  End sessions<span className="sr-only"> of {name}</span>
                </button>
                {factor && user.id !== me && (
                  <button
                    type="button"
                    className={smallButtonClass}
                    disabled={removeFactors.isPending}
                    onClick={() => setPending({ kind: "factors", user })}
                  >
                    Remove second factors<span className="sr-only"> of {name}</span>
                  </button>
                )}
                <button
                  type="button"
                  className={cn(smallButtonClass, "text-red-800")}
                  onClick={() => setPending({ kind: "delete", user })}
                >
                  Delete<span className="sr-only"> {name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `${pendingWords[pending.kind].title} ${displayName(pending.user)}?` : ""}
        confirmLabel={pending ? pendingWords[pending.kind].confirm : ""}
        pending={update.isPending || remove.isPending || removeFactors.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          const name = displayName(pending.user);
          if (pending.kind === "deactivate")
            change(pending.user, { active: false }, `${name} is signed out and cannot sign in.`);
          else if (pending.kind === "factors") resetFactors(pending.user);
          else
            remove.mutate(pending.user.id, {
              onSuccess: () => {
                toast({
                  title: "Deleted",
                  description: `${name} was removed from the team. Their notes and history stay.`,
                });
                void refresh();
              },
              onError: (error) => failed(error),
            });
          setPending(null);
        }}
      >
        {pending ? pendingWords[pending.kind].body : ""}
      </ConfirmDialog>
      {proof.dialog}
    </section>
  );
}

function Invite() {
  const client = useQueryClient();
  const invite = useMutation(inviteMutation);
  const [created, setCreated] = useState<TeamInvitation | null>(null);
  const form = useContractForm(invitationInput, { email: "", role: "member", name: "" });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) => {
    invite.mutate(
      { ...input, ...(input.name ? { name: input.name } : { name: undefined }) },
      {
        onSuccess: (invitation) => {
          setCreated(invitation);
          form.reset();
          toast({
            title: "Invitation ready",
            description: invitation.emailed
              ? `The e-mail to ${invitation.email} is on its way.`
              : `Copy the link and send it to ${invitation.email}.`,
          });
          void client.invalidateQueries({ queryKey: invitationsQuery.queryKey });
        },
        onError: (error) => failed(error, "Not invited"),
      },
    );
  });
  return (
    <section className="mt-12 border-t border-slate-200 pt-8" aria-labelledby="team-invite">
      <h2 id="team-invite" className="text-xl font-semibold text-slate-900">
        Invite someone
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        They get a link that works once, for 7 days, and choose their own password.
      </p>
      <form className="mt-4 grid max-w-3xl gap-4 sm:grid-cols-3" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field id="invite-email" label="Email Address" error={errors.email?.message}>
          <input
            {...fieldA11y("invite-email", errors.email?.message)}
            {...form.register("email")}
            type="email"
            autoComplete="off"
            className={inputClass}
          />
        </Field>
        <Field id="invite-name" label="Name (optional)" error={errors.name?.message}>
          <input
            {...fieldA11y("invite-name", errors.name?.message)}
            {...form.register("name")}
            autoComplete="off"
            className={inputClass}
          />
        </Field>
        <Field id="invite-role" label="Role" error={errors.role?.message}>
          <select
            {...fieldA11y("invite-role", errors.role?.message)}
            {...form.register("role")}
            className={cn(selectClass, "w-full")}
          >
            {userRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
        </Field>
        <div className="sm:col-span-3">
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? "Inviting..." : "Send invitation"}
          </Button>
        </div>
      </form>
      {created?.link && <CopyLink invitation={created} />}
    </section>
  );
}

/** The invitation's link, to copy and send another way (it is in no list: only this answer has it). */
function CopyLink({ invitation }: { invitation: TeamInvitation }) {
  const id = `invite-link-${invitation.id}`;
  return (
    <div className="mt-4 max-w-3xl rounded-md border border-slate-200 bg-slate-50 p-4" role="status">
      <label htmlFor={id} className="font-semibold text-slate-900">
        {invitation.emailed
          ? `The link is on its way to ${invitation.email} by e-mail; you can also copy it:`
          : `Send this link to ${invitation.email}:`}
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={invitation.link}
          className={cn(inputClass, "font-mono text-sm")}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className={smallButtonClass}
          onClick={() =>
            void navigator.clipboard.writeText(invitation.link!).then(
              () => toast({ title: "Copied", description: "The invitation link is on the clipboard." }),
              () => toast({ variant: "destructive", title: "Not copied", description: "Select the link and copy it." }),
            )
          }
        >
          Copy link
        </button>
      </div>
    </div>
  );
}

const stateLabels: Record<TeamInvitation["state"], string> = {
  pending: "Waiting",
  accepted: "Accepted",
  revoked: "Withdrawn",
  expired: "Expired",
};
/** Where a waiting invitation's e-mail is (the outbox sends it after the answer, with retries). */
const mailLabels: Record<NonNullable<TeamInvitation["mail"]>, string> = {
  queued: "e-mail on its way",
  sent: "e-mailed",
  failed: "e-mail not sent: re-send it to copy a new link",
};

function Invitations() {
  const client = useQueryClient();
  // While an e-mail is on its way, the list looks again every few seconds to show it sent (or not).
  const invitations = useQuery({
    ...invitationsQuery,
    refetchInterval: (query) => (query.state.data?.invitations.some((row) => row.mail === "queued") ? 5_000 : false),
  });
  const resend = useMutation(resendInvitationMutation);
  const revoke = useMutation(revokeInvitationMutation);
  const [resent, setResent] = useState<TeamInvitation | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: invitationsQuery.queryKey });
  const rows = invitations.data?.invitations ?? [];
  return (
    <section className="mt-12 border-t border-slate-200 pt-8" aria-labelledby="team-invitations">
      <h2 id="team-invitations" className="text-xl font-semibold text-slate-900">
        Invitations
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-slate-700">No invitations in the last 30 days.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {rows.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-all font-semibold text-slate-900">{invitation.email}</p>
                <p className="text-sm text-slate-700">
                  {roleLabels[invitation.role]} · {stateLabels[invitation.state]}
                  {invitation.state === "pending" && ` · expires ${formatDateTime(invitation.expiresAt)}`}
                  {invitation.state === "pending" && invitation.mail && ` · ${mailLabels[invitation.mail]}`}
                  {invitation.invitedBy && ` · by ${invitation.invitedBy}`}
                </p>
              </div>
              {invitation.state !== "accepted" && (
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={smallButtonClass}
                    disabled={resend.isPending}
                    onClick={() =>
                      resend.mutate(invitation.id, {
                        onSuccess: (fresh) => {
                          setResent(fresh);
                          toast({
                            title: "Invitation sent again",
                            description: fresh.emailed
                              ? `The e-mail to ${fresh.email} is on its way.`
                              : "Copy the new link below.",
                          });
                          void refresh();
                        },
                        onError: (error) => failed(error),
                      })
                    }
                  >
                    Re-send<span className="sr-only"> to {invitation.email}</span>
                  </button>
                  {invitation.state === "pending" && (
                    <button
                      type="button"
                      className={smallButtonClass}
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(invitation.id, {
                          onSuccess: () => {
                            toast({
                              title: "Withdrawn",
                              description: `The link sent to ${invitation.email} no longer works.`,
                            });
                            void refresh();
                          },
                          onError: (error) => failed(error),
                        })
                      }
                    >
                      Withdraw<span className="sr-only"> the invitation of {invitation.email}</span>
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {resent?.link && <CopyLink invitation={resent} />}
    </section>
  );
}
