import { Link } from "react-router";
import type { LeadCounts } from "../../../contract/lead-triage.ts";
import { cn } from "../../lib/utils.ts";
import { listPath, type InboxFilters, type ListKind } from "../inbox-filters.ts";
import { focusRing } from "./admin-classes.ts";
import { formatCount } from "./lead-format.ts";

// A list's views as tabs of links with their counts (issue 13 §2): Inbox (every lead but spam),
// Unread (inbox leads not opened yet) and Spam, in an inbox and in All leads alike. The other filters
// and the order carry over; the status does not (its choices differ per view).

type Tab = { key: "inbox" | "unread" | "spam"; label: string; count: number | undefined; patch: Partial<InboxFilters> };

export function InboxViewTabs({
  kind,
  filters,
  counts,
}: {
  kind: ListKind;
  filters: InboxFilters;
  counts: LeadCounts | undefined;
}) {
  const current: Tab["key"] = filters.view === "spam" ? "spam" : filters.unread ? "unread" : "inbox";
  const tabs: Tab[] = [
    { key: "inbox", label: "Inbox", count: counts?.inbox, patch: { view: "inbox", unread: false } },
    { key: "unread", label: "Unread", count: counts?.unread, patch: { view: "inbox", unread: true } },
    { key: "spam", label: "Spam", count: counts?.spam, patch: { view: "spam", unread: false } },
  ];
  return (
    <nav aria-label="Views" className="mt-4 border-b border-slate-200">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={listPath(kind, { ...filters, status: "", ...tab.patch })}
              aria-current={tab.key === current ? "page" : undefined}
              className={cn(
                "-mb-px inline-flex items-center gap-2 rounded-t-md border-b-2 px-4 py-2 font-semibold",
                focusRing,
                tab.key === current
                  ? "border-brand-700 text-brand-900"
                  : "border-transparent text-slate-800 hover:border-slate-400",
              )}
            >
              {tab.label}
              {tab.count !== undefined && (
                <span
                  className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold tabular-nums text-slate-800"
                  data-testid={`count-${tab.key}`}
                >
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
