import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import type { ContactSubmission } from "../../../contract/contact-submission.ts";
import { serviceTypeLabels, type ServiceInquiry } from "../../../contract/service-inquiry.ts";
import { adminStatusQueryKey, useAdminStatus } from "../../lib/admin-status.ts";
import { apiRequest } from "../../lib/api-client.ts";

export function meta() {
  return [{ title: "Form Submissions Dashboard" }, { name: "robots", content: "noindex" }];
}

const RECENT_COUNT = 5;

function formatDate(iso: string) {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export default function SubmissionsDashboard() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useAdminStatus();

  useEffect(() => {
    if (!status.isLoading && !status.authenticated) void navigate("/admin/login", { replace: true });
  }, [status.isLoading, status.authenticated, navigate]);

  // Requested only once the session is known to be signed in (SPEC §6); a failure shows as empty.
  const contacts = useQuery<ContactSubmission[]>({
    queryKey: ["/api/contact-submissions"],
    enabled: status.authenticated,
  });
  const inquiries = useQuery<ServiceInquiry[]>({
    queryKey: ["/api/service-inquiries"],
    enabled: status.authenticated,
  });

  const logout = useMutation({
    mutationFn: () => apiRequest("POST", "/api/admin/logout"),
    onSettled: () => {
      queryClient.setQueryData(adminStatusQueryKey, { authenticated: false, username: null });
      queryClient.removeQueries({ queryKey: ["/api/contact-submissions"] });
      queryClient.removeQueries({ queryKey: ["/api/service-inquiries"] });
      void navigate("/admin/login");
    },
  });

  if (status.isLoading || !status.authenticated || contacts.isLoading || inquiries.isLoading) {
    return (
      <p className="p-8 text-center text-slate-600" role="status">
        Loading...
      </p>
    );
  }

  const contactList = contacts.data ?? [];
  const inquiryList = inquiries.data ?? [];

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Form Submissions Dashboard</h1>
          <p className="mt-1 text-slate-700">Welcome, {status.username}</p>
        </div>
        <div className="flex items-center gap-3">
        <Link to="/" className="rounded-md px-4 py-2 font-semibold text-brand-700 underline-offset-4 hover:underline">
          View site
        </Link>
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="rounded-md border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-100"
        >
          Logout
        </button>
        </div>
      </div>

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <section className="rounded-lg border border-slate-200 p-6" aria-labelledby="tile-contacts">
          <h2 id="tile-contacts" className="text-sm font-medium text-slate-700">Contact Forms</h2>
          <p className="mt-2 text-3xl font-bold" data-testid="contact-count">{contactList.length}</p>
        </section>
        <section className="rounded-lg border border-slate-200 p-6" aria-labelledby="tile-inquiries">
          <h2 id="tile-inquiries" className="text-sm font-medium text-slate-700">Service Inquiries</h2>
          <p className="mt-2 text-3xl font-bold" data-testid="inquiry-count">{inquiryList.length}</p>
        </section>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="recent-contacts">
          <h2 id="recent-contacts" className="text-xl font-semibold">Recent Contact Forms</h2>
          {contactList.length === 0 ? (
            <p className="mt-4 text-slate-700">No contact form submissions found.</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {contactList.slice(0, RECENT_COUNT).map((item) => (
                <li key={item.id} className="rounded-md border border-slate-200 p-4">
                  <p className="font-semibold">{item.firstName} {item.lastName}</p>
                  <p className="text-sm text-slate-700">{item.email} · {item.phone}</p>
                  {item.products.length > 0 && <p className="text-sm text-slate-700">{item.products.join(", ")}</p>}
                  <p className="text-xs text-slate-600">{formatDate(item.createdAt)}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="recent-inquiries">
          <h2 id="recent-inquiries" className="text-xl font-semibold">Recent Service Inquiries</h2>
          {inquiryList.length === 0 ? (
            <p className="mt-4 text-slate-700">No service inquiries found.</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {inquiryList.slice(0, RECENT_COUNT).map((item) => (
                <li key={item.id} className="rounded-md border border-slate-200 p-4">
                  <p className="font-semibold">{item.firstName} {item.lastName}</p>
                  <p className="text-sm text-slate-700">{item.email} · {item.phone}</p>
                  <p className="text-sm text-slate-700">{serviceTypeLabels[item.serviceType]}</p>
                  <p className="text-sm text-slate-800">{item.message}</p>
                  <p className="text-xs text-slate-600">{formatDate(item.createdAt)}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}
