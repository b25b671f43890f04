import { useQuery } from "@tanstack/react-query";
import { SlidersHorizontal } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { contactProductOptions } from "../../../contract/contact-submission.ts";
import { serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { leadFormLabels } from "../../config/lead-form-names.ts";
import { cn } from "../../lib/utils.ts";
import { useTeam } from "../components/assignee.tsx";
import { useSession } from "../session.ts";
import { leadCountsQuery } from "../api/triage.ts";
import { usePageTitle } from "../components/admin-shell.tsx";
import { focusRing, linkClass, selectClass } from "../components/admin-classes.ts";
import { formatCount, kindLabels, statusLabels, triageStatuses } from "../components/lead-format.ts";
import { LeadList } from "../components/lead-list.tsx";
import { StatusHelp } from "../components/status-help.tsx";
import { InboxViewTabs } from "../components/view-tabs.tsx";
import {
  activeFilterCount,
  clearedSearch,
  filtersFromSearchParams,
  hasFilters,
  isListKind,
  listSearchParams,
  type InboxFilters,
  type ListKind,
} from "../inbox-filters.ts";

// A list of leads (/admin/leads/:kind): an inbox of one kind, or "All leads" (/admin/leads/all: both
// kinds in one list, by reply deadline unless another order is chosen; issue 20). The view tabs with
// their counts, the filters kept in the address (inbox-filters.ts; on a phone they fold behind one
// "Filters" button, the search stays in sight), the list (components/lead-list.tsx) and the CSV export.

const SEARCH_DELAY_MS = 300;

/** The forms a lead can come from, by their human names (app/config/lead-form-names.ts). */
const formOptions: [string, string][] = [...leadFormLabels];

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
  const panelId = useId();
  // The filters' panel on a phone (always shown from the md breakpoint on).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const folded = activeFilterCount(filters);
  // Whose leads (issue 23): the team's names for the "Assigned to" filter.
  const team = useTeam();
  const myId = useSession().user?.id;

  const listPathname = `/admin/leads/${kind}`;
  const combined = kind === "all";

  // "Unread only" and "Follow-up due" show a click at once; the address (and with it the list) follows a
  // moment later, and a change of the address from elsewhere (Back, the Unread tab) sets them again.
  const [unreadOnly, setUnreadOnly] = useState(filters.unread);
  const [addressUnread, setAddressUnread] = useState(filters.unread);
  if (addressUnread !== filters.unread) {
    setAddressUnread(filters.unread);
    setUnreadOnly(filters.unread);
  }
  const [followUpDue, setFollowUpDue] = useState(filters.followUp === "due");
  const [addressFollowUp, setAddressFollowUp] = useState(filters.followUp);
  if (addressFollowUp !== filters.followUp) {
    setAddressFollowUp(filters.followUp);
    setFollowUpDue(filters.followUp === "due");
  }

  function setFilters(patch: Partial<InboxFilters>, options: { replace?: boolean } = {}) {
    // From the address as it is now, not as this render saw it: a change made right after another
    // (before the list re-rendered) keeps both.
    const current = filtersFromSearchParams(kind, new URLSearchParams(window.location.search));
    setSearchParams(listSearchParams(kind, { ...current, ...patch }), { replace: options.replace ?? false });
  }

  const clearLink = hasFilters(kind, filters) && (
    <Link to={`${listPathname}${clearedSearch(kind, filters)}`} className={cn(linkClass, "py-2 text-sm")}>
      Clear filters
    </Link>
  );

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{listTitles[kind]}</h1>
      {combined && <p className="mt-2 text-slate-700">Contact forms and service inquiries in one list, the leads to answer first at the top.</p>}

      <InboxViewTabs kind={kind} filters={filters} counts={counts} />
      <StatusHelp className="mt-4" />

      <section aria-label="Filters" className="mt-6 grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextFilter
          label="Search"
          hint="Name, e-mail, phone or company"
          type="search"
          search
          value={filters.q}
          onCommit={(q) => setFilters({ q }, { replace: true })}
          className="sm:col-span-2"
        />
        {/* On a phone the other filters fold behind this button, which counts the ones in use. */}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 md:hidden">
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((open) => !open)}
            className={cn(
              "inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100",
              focusRing,
            )}
          >
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            Filters{" "}
            {folded > 0 && (
              <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white" data-testid="active-filters">
                {folded}
                <span className="sr-only"> in use</span>
              </span>
            )}
          </button>
          {clearLink}
        </div>
        {/* From md on the panel's fields sit in the section's grid as if the panel were not there. */}
        <div id={panelId} className={cn(filtersOpen ? "grid gap-4 sm:col-span-2 sm:grid-cols-2" : "hidden", "md:contents")}>
          <SelectFilter
            label="Form"
            value={filters.form}
            onChange={(form) => setFilters({ form })}
            // A form no longer on the site (in a shared address) stays choosable as it is.
            options={filters.form && !leadFormLabels.has(filters.form) ? [...formOptions, [filters.form, filters.form]] : formOptions}
          />
          {filters.view !== "spam" && (
            <SelectFilter
              label="Status"
              value={filters.status}
              onChange={(value) => setFilters({ status: value as InboxFilters["status"] })}
              options={triageStatuses.map((status) => [
                status,
                counts ? `${statusLabels[status]} (${formatCount(counts.byStatus[status], counts.capped)})` : statusLabels[status],
              ])}
            />
          )}
          <SelectFilter
            label="Assigned to"
            value={filters.assignee}
            onChange={(assignee) => setFilters({ assignee })}
            options={[
              ["me", "Assigned to me"],
              ["none", "Unassigned"],
              ...team.active.filter((user) => user.id !== myId).map((user): [string, string] => [user.id, team.nameOf(user.id) ?? user.email]),
              // A user no longer on the team (in a shared address) stays choosable.
              ...(filters.assignee && !["me", "none"].includes(filters.assignee) && !team.active.some((user) => user.id === filters.assignee)
                ? [[filters.assignee, team.nameOf(filters.assignee) ?? "A former user"] as [string, string]]
                : []),
            ]}
          />
          <DateFilter label="Received from" value={filters.from} onChange={(from) => setFilters({ from })} />
          <DateFilter label="Received to" value={filters.to} onChange={(to) => setFilters({ to })} />
          {kind !== "inquiries" && (
            <SelectFilter
              label="Product"
              hint={combined ? "Contact forms only" : undefined}
              value={filters.product}
              onChange={(product) => setFilters({ product })}
              options={contactProductOptions.map((p) => [p, p])}
            />
          )}
          {kind !== "contacts" && (
            <SelectFilter
              label="Service type"
              hint={combined ? "Service inquiries only" : undefined}
              value={filters.serviceType}
              onChange={(serviceType) => setFilters({ serviceType })}
              options={Object.entries(serviceTypeLabels)}
            />
          )}
          <div className="flex flex-wrap items-end gap-x-4 gap-y-1">
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 md:min-h-10">
              <input
                type="checkbox"
                checked={unreadOnly}
                onChange={(event) => {
                  setUnreadOnly(event.target.checked);
                  setFilters({ unread: event.target.checked });
                }}
                className={cn("h-5 w-5 accent-brand-700 md:h-4 md:w-4", focusRing)}
              />
              Unread only
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 md:min-h-10">
              <input
                type="checkbox"
                checked={followUpDue}
                onChange={(event) => {
                  setFollowUpDue(event.target.checked);
                  setFilters({ followUp: event.target.checked ? "due" : "" });
                }}
                className={cn("h-5 w-5 accent-brand-700 md:h-4 md:w-4", focusRing)}
              />
              Follow-up due
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 md:min-h-10">
              <input
                type="checkbox"
                checked={filters.group === "person"}
                onChange={(event) => setFilters({ group: event.target.checked ? "person" : "" })}
                className={cn("h-5 w-5 accent-brand-700 md:h-4 md:w-4", focusRing)}
              />
              One row per person
            </label>
          </div>
          <div className="hidden items-end md:flex">{clearLink}</div>
        </div>
      </section>

      <LeadList key={filterQuery} kind={kind} filters={filters} inboxSearch={filterQuery} onSort={(sort) => setFilters({ sort })} />
    </>
  );
}

/** A text filter: the address bar follows 300 ms after typing stops, or at once on Enter. */
function TextFilter({
  label,
  hint,
  value,
  onCommit,
  type = "text",
  search = false,
  className,
}: {
  label: string;
  hint: string;
  value: string;
  onCommit: (value: string) => void;
  type?: "text" | "search";
  /** The page's one search landmark. */
  search?: boolean;
  className?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The address changed from outside (back button, Clear filters): show its value.
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) setDraft(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(next: string) {
    clearTimeout(timer.current);
    if (next.trim() === value) return;
    setSent(next.trim());
    onCommit(next);
  }

  function onChange(next: string) {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(next), SEARCH_DELAY_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    commit(draft);
  }

  return (
    <form role={search ? "search" : undefined} onSubmit={onSubmit} className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        value={draft}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        className="mt-1"
        maxLength={200}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
        {hint}
      </p>
    </form>
  );
}

function SelectFilter({
  label,
  hint,
  value,
  onChange,
  options,
}: {
  label: string;
  /** A word on what the filter applies to ("Contact forms only"). */
  hint?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(selectClass, "mt-1 w-full")}
      >
        <option value="">All</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
      )}
    </div>
  );
}

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} className="mt-1" />
    </div>
  );
}
