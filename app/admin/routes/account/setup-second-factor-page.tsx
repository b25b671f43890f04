import { usePageTitle } from "../../components/admin-shell.tsx";
import { SecuritySection } from "./security-section.tsx";

// Where a user is led when their team requires a second factor they have not set up (issue 23): the rest of
// the admin opens once they have one (routes/admin-layout.tsx, and the server refuses the rest until then).

export function SetupSecondFactorPage() {
  usePageTitle("Set up a second factor | Admin");
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Set up a second factor</h1>
      <p className="mt-2 max-w-2xl text-slate-800">
        Your team asks everyone to protect their sign-in with a second factor. Add a passkey, or turn on an
        authenticator app; the rest of the admin opens as soon as one is on.
      </p>
      <div className="mt-8">
        <SecuritySection />
      </div>
    </>
  );
}
