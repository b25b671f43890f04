import { Outlet } from "react-router";
import { QueryAndToastProvider } from "../../components/query-and-toast-provider.tsx";

/** The admin pages: rendered in the browser only (SPA fallback), with the API's query client. */
export default function AdminLayout() {
  return (
    <QueryAndToastProvider>
      <Outlet />
    </QueryAndToastProvider>
  );
}
