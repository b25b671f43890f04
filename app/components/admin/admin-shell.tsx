import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { adminStatusQueryKey } from "../../lib/admin-status.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { DELIVERIES_ROOT } from "../../lib/api/admin-deliveries.ts";
import { LEADS_ROOT, recentKeys, STATS_KEY } from "../../lib/api/admin-leads.ts";
import { cn } from "../../lib/utils.ts";

// The frame of the signed-in admin pages: a bar with the sections, the site link and Logout.

export const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
export const linkClass = cn("rounded-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900", focusRing);
export const selectClass = cn(
  "h-10 rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 disabled:opacity-60",
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
);

export function Loading() {
  return (
    <p className="p-8 text-center text-slate-700" role="status">
      Loading...
    </p>
  );
}

export function UnreadBadge() {
  return (
    <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-bold text-amber-900">
      Unread
    </span>
  );
}

export function SpamBadge() {
  return (
    <span className="ml-2 inline-block rounded-full bg-red-100 px-2 py-0.5 align-middle text-xs font-bold text-red-900">Spam</span>
  );
}

/** The views of one page as tabs of links (the current one marked for screen readers too). */
export function ViewTabs({ label, views }: { label: string; views: { key: string; to: string; label: string; current: boolean }[] }) {
  return (
    <nav aria-label={label} className="mt-6 border-b border-slate-200">
      <ul className="flex flex-wrap gap-2">
        {views.map((view) => (
          <li key={view.key}>
            <Link
              to={view.to}
              aria-current={view.current ? "page" : undefined}
              className={cn(
                "-mb-px inline-block rounded-t-md border-b-2 px-4 py-2 font-semibold",
                focusRing,
                view.current ? "border-brand-700 text-brand-900" : "border-transparent text-slate-800 hover:border-slate-400",
              )}
            >
              {view.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-semibold",
    focusRing,
    isActive ? "bg-brand-50 text-brand-900" : "text-slate-800 hover:bg-slate-100",
  );

export function AdminFrame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: () => apiRequest("POST", "/api/admin/logout"),
    onSettled: () => {
      queryClient.setQueryData(adminStatusQueryKey, { authenticated: false, username: null });
      for (const key of [recentKeys.contacts[0], recentKeys.inquiries[0], LEADS_ROOT, STATS_KEY[0], DELIVERIES_ROOT]) {
        queryClient.removeQueries({ queryKey: [key] });
      }
      void navigate("/admin/login");
    },
  });

  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <nav aria-label="Admin">
            <ul className="flex flex-wrap items-center gap-1">
              <li>
                <NavLink to="/admin/submissions" end className={navLinkClass}>
                  Dashboard
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/leads/contacts" className={navLinkClass}>
                  Contact inbox
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/leads/inquiries" className={navLinkClass}>
                  Inquiry inbox
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/deliveries" className={navLinkClass}>
                  Deliveries
                </NavLink>
              </li>
            </ul>
          </nav>
          <div className="flex items-center gap-2">
            <Link to="/" className={cn("rounded-md px-3 py-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline", focusRing)}>
              View site
            </Link>
            <button
              type="button"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              className={cn("rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100", focusRing)}
            >
              Logout
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
    </div>
  );
}
