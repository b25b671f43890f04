import { Link } from "react-router";
import type { LeadCounts } from "../../../contract/admin-leads.ts";
import { cn } from "../../lib/utils.ts";
import { filtersToSearchParams, type InboxFilters } from "../inbox-filters.ts";
import { focusRing } from "./admin-shell.tsx";
import { formatCount } from "./lead-format.ts";

// The inbox's views as tabs of links with their counts (issue 13 §2): Inbox (every lead but spam),
// Unread (inbox leads not opened yet) and Spam. The other filters carry over; the status does not
// (its choices differ per view).

type Tab = { key: "inbox" | "unread" | "spam"; label: string; count: number | undefined; patch: Partial<InboxFilters> };

function search(filters: InboxFilters, patch: Partial<InboxFilters>) {
  const query = filtersToSearchParams({ ...filters, status: "", ...patch }).toString();
  return query ? `?${query}` : "";
}

export function InboxViewTabs({ path, filters, counts }: { path: string; filters: InboxFilters; counts: LeadCounts | undefined }) {
  const current: Tab["key"] = filters.view === "spam" ? "spam" : filters.unread ? "unread" : "inbox";
  const tabs: Tab[] = [
    { key: "inbox", label: "Inbox", count: counts?.inbox, patch: { view: "inbox", unread: false } },
    { key: "unread", label: "Unread", count: counts?.unread, patch: { view: "inbox", unread: true } },
    { key: "spam", label: "Spam", count: counts?.spam, patch: { view: "spam", unread: false } },
  ];
  return (
    <nav aria-label="Views" className="mt-6 border-b border-slate-200">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={`${path}${search(filters, tab.patch)}`}
              aria-current={tab.key === current ? "page" : undefined}
              className={cn(
                "-mb-px inline-flex items-center gap-2 rounded-t-md border-b-2 px-4 py-2 font-semibold",
                focusRing,
                tab.key === current ? "border-brand-700 text-brand-900" : "border-transparent text-slate-800 hover:border-slate-400",
              )}
            >
              {tab.label}
              {tab.count !== undefined && (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold tabular-nums text-slate-800" data-testid={`count-${tab.key}`}>
                  {formatCount(tab.count, counts?.capped)}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
