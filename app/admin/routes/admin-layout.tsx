import { Navigate, Outlet } from "react-router";
import { AdminFrame, Loading } from "../components/admin-shell.tsx";
import { useSession } from "../session.ts";

/**
 * The sign-in guard, once for every signed-in screen (SPEC §2, §6): while the status is unknown the
 * screen waits; signed out (or signed out later by a 401, see session.ts) it goes to the login page.
 * The screens inside may therefore call the API without asking.
 */
export function SignedInLayout() {
  const session = useSession();
  if (session.isLoading) return <Loading />;
  if (!session.authenticated) return <Navigate to="/admin/login" replace />;
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}
