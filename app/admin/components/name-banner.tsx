import { useSession } from "../session.ts";
import { NameForm } from "./name-form.tsx";

/**
 * Asks a user who has no name yet for one (issue 33: the owner's is set at the first sign-in, or by
 * ADMIN_NAME), so the team, the activity and every e-mail stop showing an e-mail address. It sits after
 * "Now" on the dashboard: the leads to answer stay first, on a phone too.
 */
export function NameBanner() {
  const session = useSession();
  if (!session.user || session.user.name) return null;
  return (
    <section aria-labelledby="name-banner" className="mt-8 rounded-lg border border-brand-200 bg-brand-50 p-4">
      <h2 id="name-banner" className="font-semibold text-slate-900">
        What should the team call you?
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        Your name goes on the leads you answer, in the activity and in the e-mails you send, instead of{" "}
        {session.username}.
      </p>
      <div className="mt-3">
        <NameForm current={null} />
      </div>
    </section>
  );
}
