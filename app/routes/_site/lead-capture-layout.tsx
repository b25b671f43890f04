import { Outlet } from "react-router";
import { QueryAndToastProvider } from "../../components/query-and-toast-provider.tsx";

/** The public pages that carry a lead form (a pathless layout: it adds no URL segment). */
export default function LeadCaptureLayout() {
  return (
    <QueryAndToastProvider>
      <Outlet />
    </QueryAndToastProvider>
  );
}
