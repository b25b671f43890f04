import { Link } from "react-router";
import { usePageTitle } from "../components/admin-shell.tsx";
import { linkClass } from "../components/admin-classes.ts";

/** An /admin/* address no screen answers (a mistyped or outdated link). */
export function AdminNotFound() {
  usePageTitle("Page not found | Admin");
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-4 text-slate-700">
        There is no admin page at this address. Go to the{" "}
        <Link to="/admin/submissions" className={linkClass}>
          dashboard
        </Link>
        .
      </p>
    </>
  );
}
