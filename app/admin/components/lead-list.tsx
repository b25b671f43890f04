import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, CalendarClock, Mail, Phone } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { ContactLead, InquiryLead, Lead, LeadKind, LeadRow } from "../../../contract/admin-leads.ts";
import type { LeadSort } from "../../../contract/lead-filters.ts";
import { BULK_LIMIT } from "../../../contract/lead-triage.ts";
import { serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { leadFormLabel } from "../../config/lead-form-names.ts";
import { cn } from "../../lib/utils.ts";
import { exportUrl } from "../api/lead-export.ts";
import { leadListQuery, type ListPages } from "../api/leads.ts";
import { defaultSortOf, leadLinkSearch, type InboxFilters, type ListKind } from "../inbox-filters.ts";
import { Loading } from "./admin-shell.tsx";
import { focusRing, selectClass } from "./admin-classes.ts";
import { AssigneeBadge } from "./assignee.tsx";
import { RepliedBadge } from "./inbound-status.tsx";
import { useIsOwner } from "./owner-only.tsx";
import { BulkBar, leadsText, type BulkSelection } from "./bulk-bar.tsx";
import { formatCount, formatDateTime, kindLabels, leadName, telHref, timeAgo } from "./lead-format.ts";
import { LeadStatusSelect, SpamButton } from "./lead-status-select.tsx";
import { followUpStanding, meetingRequestText, replyStanding } from "./queue-format.ts";

// One filtered list of leads (issue 13 §2–§4; All leads, issue 20): a table on wide screens and a stack
// of cards on a phone (the same rows, laid out by CSS; the cards add Call and E-mail buttons), keyset
// pages joined by "Load more", a selection for bulk actions. In All leads each row is a lead of either
// kind and says which.

/** The state a lead's link carries so the detail page can lead back to the same filtered view. */
export type InboxLinkState = { inboxSearch?: string };

const MINUTE_MS = 60_000;

/** The clock for "5 min ago" and "Overdue by 3 h", moved on every minute. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** What the lead asked for: the products of a contact, the service of an inquiry. */
function askedFor(kind: LeadKind, lead: Lead): string {
  if (kind === "contacts") return (lead as ContactLead).products.join(", ");
  const serviceType = (lead as InquiryLead).serviceType;
  return serviceTypeLabels[serviceType as keyof typeof serviceTypeLabels] ?? serviceType;
}

/** The orders, by their names in the "Sort by" menu; the list's own default says so. */
const sortLabels: Record<LeadSort, string> = {
  deadline: "Reply deadline",
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name (A to Z)",
};

function SortHeader({
  label,
  active,
  direction,
  onClick,
  className,
}: {
  label: string;
  active: boolean;
  direction: "ascending" | "descending";
  onClick: () => void;
  className?: string;
}) {
  const Arrow = direction === "ascending" ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? direction : undefined} className={cn("px-3 py-2", className)}>
      <button type="button" onClick={onClick} className={cn("inline-flex items-center gap-1 rounded-sm font-semibold hover:text-brand-900", focusRing)}>
        {label}
        <Arrow className={cn("h-4 w-4", active ? "opacity-100" : "opacity-0")} aria-hidden="true" />
      </button>
    </th>
  );
}

const replyStateClass = {
  overdue: "bg-red-50 text-red-800",
  "due-soon": "bg-amber-50 text-amber-900",
  waiting: "bg-slate-100 text-slate-800",
} as const;

/** Where a lead stands against its reply promise ("Overdue by 3 h", "Reply within 2 h"); nothing once answered. */
function ReplyState({ lead, now }: { lead: Lead; now: number }) {
  const standing = replyStanding(lead, now);
  if (!standing || standing.state === "answered") return null;
  return (
    <span
      data-testid="reply-state"
      title={`Reply by ${formatDateTime(standing.deadline)}`}
      className={cn("inline-block whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-semibold", replyStateClass[standing.state])}
    >
      {standing.text}
    </span>
  );
}

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
  const selectAllRef = useRef<HTMLInputElement>(null);
  const captionId = useId();
  const sortId = useId();
  const sortHintId = useId();
  const now = useNow();
  const owner = useIsOwner();
  const spamView = filters.view === "spam";
  const combined = kind === "all";
  const inquiries = kind === "inquiries";
  const listName = combined ? "All leads" : kindLabels[kind].inbox;

  const pages = list.data?.pages ?? [];
  const first = pages[0];
  // Every row with its kind: All leads' rows carry theirs, an inbox's are of its kind.
  const items: LeadRow[] = pages.flatMap((page) => page.items.map((lead) => ("kind" in lead ? (lead as LeadRow) : { ...lead, kind: kind as LeadKind })));
  const total = first?.total ?? 0;
  const capped = first?.totalCapped ?? false;
  // Large text or product matches are counted up to a cap (contract/admin-leads.ts COUNT_CAP).
  const totalText = formatCount(total, capped);
  const fetching = list.isFetching;
  // A failed "Load more" leaves the rows shown as they were; a failed first page or refresh says so.
  const failed = list.isError && !list.isFetchNextPageError;
  // Leads that left the list (deleted, moved to spam) leave the selection too.
  const selectedIds = items.filter((lead) => selected.has(lead.id)).map((lead) => lead.id);
  const pageAllSelected = items.length > 0 && selectedIds.length === items.length;
  const canSelectAllMatching = pageAllSelected && !allMatching && total > items.length && total <= BULK_LIMIT && !capped;
  const linkSearch = leadLinkSearch(kind, filters);
  const defaultSort = defaultSortOf(kind);

  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = selectedIds.length > 0 && !pageAllSelected;
  });

  if (list.isLoading) return <Loading />;

  const selection: BulkSelection | null = allMatching ? { allMatching: true, count: total } : selectedIds.length > 0 ? { ids: selectedIds } : null;

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

  const receivedDirection = filters.sort === "oldest" ? "ascending" : "descending";
  const receivedActive = filters.sort === "newest" || filters.sort === "oldest";

  return (
    <section aria-labelledby={captionId} className="mt-6" aria-busy={fetching}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={captionId} className="text-lg font-semibold text-slate-900" aria-live="polite">
          {totalText} {total === 1 && !capped ? "lead" : "leads"}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={sortId} className="text-sm font-medium text-slate-800">
              Sort by
            </label>
            <select
              id={sortId}
              value={filters.sort}
              onChange={(event) => onSort(event.target.value as LeadSort)}
              aria-describedby={filters.sort === "deadline" ? sortHintId : undefined}
              className={selectClass}
            >
              {(combined ? (["deadline", "newest", "oldest", "name"] as const) : (["newest", "oldest", "name", "deadline"] as const)).map((sort) => (
                <option key={sort} value={sort}>
                  {sortLabels[sort]}
                  {sort === defaultSort ? " (default)" : ""}
                </option>
              ))}
            </select>
          </div>
          {!combined && owner && (
            <a href={exportUrl(kind, filters)} download className={cn(buttonVariants({ variant: "outline", size: "sm" }))}>
              Export CSV
            </a>
          )}
        </div>
      </div>
      {filters.sort === "deadline" && (
        <p id={sortHintId} className="mt-2 text-sm text-slate-700">
          Leads waiting for a reply come first, the most overdue at the top; answered leads follow, newest first.
        </p>
      )}

      {failed && (
        <p className="mt-4 text-red-700" role="alert">
          The leads could not be loaded. Please reload the page.
        </p>
      )}

      {items.length === 0 ? (
        !failed && <p className="mt-4 text-slate-700">{spamView ? "No spam here." : "No leads match these filters."}</p>
      ) : (
        <>
          {/* With a selection the bar stays at the top of the window while the list scrolls (a phone's long stack of cards). */}
          <div
            className={cn(
              "mt-4 flex min-h-10 flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2",
              selection && "sticky top-0 z-10 shadow-sm",
            )}
          >
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 md:min-h-0">
              <input
                ref={selectAllRef}
                type="checkbox"
                checked={pageAllSelected}
                onChange={(event) => {
                  setAllMatching(false);
                  setSelected(event.target.checked ? new Set(items.map((lead) => lead.id)) : new Set());
                }}
                className={cn("h-5 w-5 accent-brand-700 md:h-4 md:w-4", focusRing)}
              />
              Select all on this page
            </label>
            {selection && (
              <p className="text-sm text-slate-800" aria-live="polite">
                {allMatching ? `All ${leadsText(total)} matching are selected.` : `${formatCount(selectedIds.length)} selected.`}
              </p>
            )}
            {canSelectAllMatching && (
              <Button type="button" size="sm" variant="ghost" className="h-auto px-1 text-brand-700 underline underline-offset-4" onClick={() => setAllMatching(true)}>
                Select all {leadsText(total)} matching
              </Button>
            )}
            {pageAllSelected && !allMatching && total > items.length && !canSelectAllMatching && (
              <p className="text-sm text-slate-700">At most {formatCount(BULK_LIMIT)} leads change at once: narrow the filters to select every match.</p>
            )}
            {selection && (
              <>
                <Button type="button" size="sm" variant="ghost" className="h-auto px-1 text-brand-700 underline underline-offset-4" onClick={clearSelection}>
                  Clear selection
                </Button>
                <BulkBar kind={kind} filters={filters} selection={selection} onDone={clearSelection} />
              </>
            )}
          </div>

          <div className="mt-4 md:overflow-x-auto">
            <table className="block w-full border-collapse text-left text-sm md:table">
              <caption className="sr-only">
                {listName}
                {spamView ? ", spam" : ""}
              </caption>
              <thead className="hidden border-b border-slate-300 text-slate-800 md:table-header-group">
                <tr>
                  <th scope="col" className="w-10 px-3 py-2">
                    <span className="sr-only">Selected</span>
                  </th>
                  <SortHeader
                    label="Name"
                    active={filters.sort === "name"}
                    direction="ascending"
                    onClick={() => onSort(filters.sort === "name" ? defaultSort : "name")}
                  />
                  {combined && (
                    <th scope="col" className="px-3 py-2">
                      Kind
                    </th>
                  )}
                  <th scope="col" className="px-3 py-2">
                    {combined ? "Asked for" : inquiries ? "Service" : "Products"}
                  </th>
                  {inquiries && (
                    <th scope="col" className="px-3 py-2">
                      Message
                    </th>
                  )}
                  <th scope="col" className="px-3 py-2">
                    Phone
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Source
                  </th>
                  <SortHeader
                    label="Received"
                    active={receivedActive}
                    direction={receivedDirection}
                    onClick={() => onSort(filters.sort === "newest" ? "oldest" : "newest")}
                  />
                  {!spamView && (
                    <SortHeader label="Reply by" active={filters.sort === "deadline"} direction="ascending" onClick={() => onSort("deadline")} />
                  )}
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  {spamView && (
                    <th scope="col" className="px-3 py-2">
                      Spam reason
                    </th>
                  )}
                  {spamView && (
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="block space-y-3 md:table-row-group md:space-y-0">
                {items.map((lead) => {
                  const unread = lead.readAt === null;
                  const name = leadName(lead);
                  const source = leadFormLabel(lead.formName);
                  const meeting = lead.kind === "contacts" ? meetingRequestText(lead as ContactLead) : null;
                  const followUp = followUpStanding(lead, now);
                  const tel = telHref(lead.phone);
                  return (
                    <tr
                      key={lead.id}
                      className="relative block rounded-lg border border-slate-200 py-3 pl-12 pr-3 align-middle md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:p-0"
                    >
                      <td className="absolute left-3 top-3 md:static md:table-cell md:px-3 md:py-2">
                        <input
                          type="checkbox"
                          aria-label={`Select ${name}`}
                          checked={allMatching || selected.has(lead.id)}
                          onChange={(event) => toggle(lead.id, event.target.checked)}
                          className={cn("h-5 w-5 accent-brand-700 md:h-4 md:w-4", focusRing)}
                        />
                      </td>
                      <th scope="row" className="block min-w-0 text-left font-normal md:table-cell md:px-3 md:py-2">
                        <span className="flex items-center gap-2">
                          {/* Unread is a quiet mark, a dot and weight, never the row's colour. */}
                          <span className={cn("h-2 w-2 shrink-0 rounded-full", unread ? "bg-brand-700" : "bg-transparent")} aria-hidden="true" />
                          <Link
                            to={`/admin/leads/${lead.kind}/${lead.id}${linkSearch}`}
                            state={combined ? undefined : ({ inboxSearch } satisfies InboxLinkState)}
                            className={cn("min-w-0 break-words rounded-sm text-brand-700 underline underline-offset-4 hover:text-brand-900", unread ? "font-bold" : "font-medium", focusRing)}
                          >
                            {name}
                          </Link>
                          {unread && <span className="sr-only">Unread</span>}
                          <AssigneeBadge assigneeId={lead.assigneeId} />
                          <RepliedBadge repliedAt={lead.repliedAt} />
                        </span>
                        <span className="mt-0.5 block break-all pl-4 text-xs text-slate-700">{lead.email}</span>
                        {/* On a phone the number is read here; the table has a column for it. */}
                        <span className="mt-0.5 block pl-4 text-xs text-slate-700 md:hidden">{lead.phone}</span>
                        {followUp && (
                          <span
                            data-testid="follow-up"
                            className={cn("mt-1 block pl-4 text-xs font-semibold", followUp.overdue || followUp.dueToday ? "text-red-800" : "text-slate-800")}
                          >
                            {followUp.text}
                          </span>
                        )}
                      </th>
                      {combined && (
                        <td className="mt-1 block text-xs font-semibold text-slate-800 md:mt-0 md:table-cell md:px-3 md:py-2 md:text-sm md:font-normal">
                          {kindLabels[lead.kind].one}
                        </td>
                      )}
                      <td className="block text-slate-800 md:table-cell md:px-3 md:py-2">
                        {askedFor(lead.kind, lead) || "—"}
                        {meeting && (
                          <span data-testid="meeting" className="mt-1 flex items-start gap-1 text-xs font-semibold text-brand-900">
                            <CalendarClock className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                            {meeting}
                          </span>
                        )}
                      </td>
                      {inquiries && (
                        <td className="block text-slate-800 md:table-cell md:px-3 md:py-2">
                          {/* One line; the whole message is on the lead's page. */}
                          <p className="max-w-full truncate md:max-w-64">{(lead as InquiryLead).message}</p>
                        </td>
                      )}
                      <td className="hidden whitespace-nowrap md:table-cell md:px-3 md:py-2">
                        <a href={tel} className={cn("rounded-sm text-brand-700 underline underline-offset-4 hover:text-brand-900", focusRing)}>
                          {lead.phone}
                        </a>
                      </td>
                      <td className="inline text-slate-700 md:table-cell md:px-3 md:py-2 md:text-slate-800">{source ?? "—"}</td>
                      <td className="inline whitespace-nowrap text-slate-700 before:content-['_·_'] md:table-cell md:px-3 md:py-2 md:text-slate-800 md:before:content-none">
                        <time dateTime={lead.createdAt} title={formatDateTime(lead.createdAt)}>
                          {timeAgo(lead.createdAt, now)}
                        </time>
                      </td>
                      {!spamView && (
                        <td className="mt-1 block md:mt-0 md:table-cell md:px-3 md:py-2">
                          <ReplyState lead={lead} now={now} />
                        </td>
                      )}
                      <td className="mt-2 block md:mt-0 md:table-cell md:px-3 md:py-2">
                        <LeadStatusSelect kind={lead.kind} lead={lead} label={`Status of ${name}`} hideLabel />
                      </td>
                      {spamView && <td className="mt-2 block text-slate-800 md:mt-0 md:table-cell md:px-3 md:py-2">{lead.spamReason ?? "—"}</td>}
                      {spamView && (
                        <td className="mt-2 block md:mt-0 md:table-cell md:px-3 md:py-2">
                          <SpamButton kind={lead.kind} lead={lead} rescueLabel="Rescue" withName />
                        </td>
                      )}
                      {/* A card's own buttons, big enough for a thumb (44 px); the table has the phone column. */}
                      <td className="mt-3 flex flex-wrap gap-2 md:hidden">
                        <a href={tel} aria-label={`Call ${name}`} className={cn(buttonVariants({ variant: "outline" }), "min-h-11 min-w-11")}>
                          <Phone className="h-4 w-4" aria-hidden="true" />
                          Call
                        </a>
                        <a href={`mailto:${lead.email}`} aria-label={`E-mail ${name}`} className={cn(buttonVariants({ variant: "outline" }), "min-h-11 min-w-11")}>
                          <Mail className="h-4 w-4" aria-hidden="true" />
                          E-mail
                        </a>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}

      {items.length > 0 && (
        <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-800" data-testid="showing">
            Showing {formatCount(items.length)} of {totalText}
          </p>
          {list.hasNextPage && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
              aria-disabled={fetching}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
              onClick={() => {
                if (!fetching) void list.fetchNextPage();
              }}
            >
              Load more
            </Button>
          )}
          {pages.length > 1 && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="text-brand-700 underline underline-offset-4"
              onClick={() => {
                // Only the first page stays loaded (and is what a refresh fetches again).
                queryClient.setQueryData<ListPages>(listQuery.queryKey, (data) =>
                  data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
                );
                document.getElementById(captionId)?.scrollIntoView();
              }}
            >
              Back to the first page
            </Button>
          )}
        </nav>
      )}
    </section>
  );
}
