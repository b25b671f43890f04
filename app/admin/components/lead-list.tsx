import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { LeadKind, LeadRow } from "../../../contract/admin-leads.ts";
import type { LeadSort } from "../../../contract/lead-filters.ts";
import { leadListQuery, type ListPages } from "../api/leads.ts";
import { leadLinkSearch, type InboxFilters, type ListKind } from "../inbox-filters.ts";
import { Loading } from "./admin-shell.tsx";
import type { BulkSelection } from "./bulk-bar.tsx";
import { formatCount, kindLabels } from "./lead-format.ts";
import { LeadListRow, type ListColumns } from "./lead-list/lead-row.tsx";
import { LeadTableHead } from "./lead-list/lead-table-head.tsx";
import { ListPager } from "./lead-list/list-pager.tsx";
import { ListToolbar } from "./lead-list/list-toolbar.tsx";
import { useOptionalColumns } from "./lead-list/optional-columns.tsx";
import { SelectionBar } from "./lead-list/selection-bar.tsx";
import { useNow } from "./use-now.ts";

// One filtered list of leads (issue 13 §2–§4; All leads, issue 20): a table on wide screens and a stack
// of cards on a phone (the same rows, laid out by CSS; the cards add Call and E-mail buttons), keyset
// pages joined by "Load more", a selection for bulk actions. In All leads each row is a lead of either
// kind and says which. Its parts are in lead-list/; this holds the pages and the selection.

const MINUTE_MS = 60_000;

export function LeadList({
  kind,
  filters,
  inboxSearch,
  onSort,
}: {
  kind: ListKind;
  filters: InboxFilters;
  /** The inbox's filters as its address has them, carried to a lead's page in the link's state. */
  inboxSearch: string;
  onSort: (sort: LeadSort) => void;
}) {
  // Keyset pages, one query for all of them ("Load more" fetches the next from the last page's cursor).
  const listQuery = leadListQuery(kind, filters);
  const list = useInfiniteQuery(listQuery);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const captionId = useId();
  // "5 min ago" and "Overdue by 3 h", on the server's clock, moved on every minute.
  const now = useNow(MINUTE_MS);
  const spamView = filters.view === "spam";
  const combined = kind === "all";
  // The optional columns the user chose (channel, assignee, value: issue 38), remembered in this browser.
  const optional = useOptionalColumns();
  const columns: ListColumns = {
    kind,
    combined,
    inquiries: kind === "inquiries",
    spamView,
    optional: optional.columns,
  };

  const pages = list.data?.pages ?? [];
  const first = pages[0];
  // Every row with its kind: All leads' rows carry theirs, an inbox's are of its kind.
  const items: LeadRow[] = pages.flatMap((page) =>
    page.items.map((lead) => ("kind" in lead ? (lead as LeadRow) : { ...lead, kind: kind as LeadKind })),
  );
  const total = first?.total ?? 0;
  const capped = first?.totalCapped ?? false;
  // Large text or product matches are counted up to a cap (contract/admin-leads.ts COUNT_CAP).
  const totalText = formatCount(total, capped);
  const fetching = list.isFetching;
  // A failed "Load more" leaves the rows shown as they were; a failed first page or refresh says so.
  const failed = list.isError && !list.isFetchNextPageError;
  // Leads that left the list (deleted, moved to spam) leave the selection too.
  const selectedIds = items.filter((lead) => selected.has(lead.id)).map((lead) => lead.id);
  const linkSearch = leadLinkSearch(kind, filters);

  if (list.isLoading) return <Loading />;

  const selection: BulkSelection | null = allMatching
    ? { allMatching: true, count: total }
    : selectedIds.length > 0
      ? { ids: selectedIds }
      : null;

  function toggle(id: string, on: boolean) {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function clearSelection() {
    setAllMatching(false);
    setSelected(new Set());
  }

  return (
    <section aria-labelledby={captionId} className="mt-6" aria-busy={fetching}>
      <ListToolbar
        kind={kind}
        filters={filters}
        captionId={captionId}
        total={total}
        capped={capped}
        onSort={onSort}
        columns={optional.columns}
        onToggleColumn={optional.toggle}
      />

      {failed && (
        <p className="mt-4 text-red-700" role="alert">
          The leads could not be loaded. Please reload the page.
        </p>
      )}

      {items.length === 0 ? (
        !failed && <p className="mt-4 text-slate-700">{spamView ? "No spam here." : "No leads match these filters."}</p>
      ) : (
        <>
          <SelectionBar
            kind={kind}
            filters={filters}
            selection={selection}
            selectedCount={selectedIds.length}
            pageCount={items.length}
            total={total}
            capped={capped}
            onSelectPage={(on) => {
              setAllMatching(false);
              setSelected(on ? new Set(items.map((lead) => lead.id)) : new Set());
            }}
            onSelectAllMatching={() => setAllMatching(true)}
            onClear={clearSelection}
          />

          <div className="mt-4 md:overflow-x-auto">
            <table className="block w-full border-collapse text-left text-sm md:table">
              <caption className="sr-only">
                {combined ? "All leads" : kindLabels[kind].inbox}
                {spamView ? ", spam" : ""}
              </caption>
              <LeadTableHead columns={columns} filters={filters} onSort={onSort} />
              <tbody className="block space-y-3 md:table-row-group md:space-y-0">
                {items.map((lead) => (
                  <LeadListRow
                    key={lead.id}
                    lead={lead}
                    columns={columns}
                    now={now}
                    checked={allMatching || selected.has(lead.id)}
                    onToggle={(on) => toggle(lead.id, on)}
                    linkSearch={linkSearch}
                    inboxSearch={inboxSearch}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {items.length > 0 && (
        <ListPager
          shown={items.length}
          totalText={totalText}
          hasMore={list.hasNextPage}
          fetching={fetching}
          severalPages={pages.length > 1}
          onLoadMore={() => void list.fetchNextPage()}
          onFirstPage={() => {
            // Only the first page stays loaded (and is what a refresh fetches again).
            queryClient.setQueryData<ListPages>(listQuery.queryKey, (data) =>
              data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
            );
            document.getElementById(captionId)?.scrollIntoView();
          }}
        />
      )}
    </section>
  );
}
