import { useQuery } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { leadCountsQuery } from "../api/triage.ts";
import { usePageTitle } from "../components/admin-shell.tsx";
import { linkClass } from "../components/admin-classes.ts";
import { InboxFilterBar } from "../components/inbox-filter-bar.tsx";
import { kindLabels } from "../components/lead-format.ts";
import { LeadList } from "../components/lead-list.tsx";
import { SavedViewsButton } from "../components/lead-list/saved-views.tsx";
import { StatusHelp } from "../components/status-help.tsx";
import { InboxViewTabs } from "../components/view-tabs.tsx";
import {
  filtersFromSearchParams,
  isListKind,
  listSearchParams,
  type InboxFilters,
  type ListKind,
} from "../inbox-filters.ts";

// A list of leads (/admin/leads/:kind): an inbox of one kind, or "All leads" (/admin/leads/all: both
// kinds in one list, by reply deadline unless another order is chosen; issue 20). The view tabs with
// their counts, the filters kept in the address (inbox-filters.ts) in one bar: the search, "Filters" and
// the user's saved views (components/inbox-filter-bar.tsx, issue 38), then the list
// (components/lead-list.tsx) with its optional columns and the CSV export.

export const listTitles: Record<ListKind, string> = {
  all: "All leads",
  contacts: kindLabels.contacts.inbox,
  inquiries: kindLabels.inquiries.inbox,
};

export function LeadInbox() {
  const { kind } = useParams();
  usePageTitle(`${isListKind(kind) ? listTitles[kind] : "Unknown inbox"} | Admin`);
  if (!isListKind(kind)) {
    return (
      <>
        <h1 className="text-3xl font-bold text-slate-900">Unknown inbox</h1>
        <p className="mt-4 text-slate-700">
          There is no inbox called “{kind}”. Open{" "}
          <Link to="/admin/leads/all" className={linkClass}>
            all leads
          </Link>
          , the{" "}
          <Link to="/admin/leads/contacts" className={linkClass}>
            contact inbox
          </Link>{" "}
          or the{" "}
          <Link to="/admin/leads/inquiries" className={linkClass}>
            inquiry inbox
          </Link>
          .
        </p>
      </>
    );
  }
  return <Inbox key={kind} kind={kind} />;
}

function Inbox({ kind }: { kind: ListKind }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(kind, searchParams);
  const filterQuery = listSearchParams(kind, filters).toString();
  const counts = useQuery(leadCountsQuery(kind, filters)).data;
  const combined = kind === "all";

  function setFilters(patch: Partial<InboxFilters>, options: { replace?: boolean } = {}) {
    // From the address as it is now, not as this render saw it: a change made right after another
    // (before the list re-rendered) keeps both.
    const current = filtersFromSearchParams(kind, new URLSearchParams(window.location.search));
    setSearchParams(listSearchParams(kind, { ...current, ...patch }), { replace: options.replace ?? false });
  }

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{listTitles[kind]}</h1>
      {combined && (
        // Left out on a phone, so the list starts above the fold (issue 38).
        <p className="mt-1 hidden text-slate-700 sm:block">
          Contact forms and service inquiries in one list, the leads to answer first at the top.
        </p>
      )}

      <InboxViewTabs kind={kind} filters={filters} counts={counts} />

      <InboxFilterBar
        kind={kind}
        filters={filters}
        counts={counts}
        setFilters={setFilters}
        actions={<SavedViewsButton kind={kind} query={filterQuery} />}
      />
      <StatusHelp className="mt-2" />

      <LeadList
        key={filterQuery}
        kind={kind}
        filters={filters}
        inboxSearch={filterQuery}
        onSort={(sort) => setFilters({ sort })}
      />
    </>
  );
}
