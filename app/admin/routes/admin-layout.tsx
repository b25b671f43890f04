import { Navigate, Outlet, useLocation } from "react-router";
import { AdminFrame, Loading } from "../components/admin-shell.tsx";
import { useSession } from "../session.ts";

export const SETUP_PATH = "/admin/setup-second-factor";

/**
 * The sign-in guard, once for every signed-in screen (SPEC §2, §6): while the status is unknown the
 * screen waits; signed out (or signed out later by a 401, see session.ts) it goes to the login page.
 * The screens inside may therefore call the API without asking.
 */
export function SignedInLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  if (session.isLoading) return <Loading />;
  if (!session.authenticated) return <Navigate to="/admin/login" replace />;
  // The team requires a second factor this user lacks (issue 23): its setup comes before anything else.
  if (session.secondFactorSetupRequired && pathname !== SETUP_PATH) return <Navigate to={SETUP_PATH} replace />;
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}
