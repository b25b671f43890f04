import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { contactProductOptions } from "../../../contract/contact-submission.ts";
import { serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { leadFormLabels } from "../../config/lead-form-names.ts";
import { cn } from "../../lib/utils.ts";
import { isLeadKind } from "../api/leads.ts";
import { leadCountsQuery } from "../api/triage.ts";
import { focusRing, linkClass, selectClass, usePageTitle } from "../components/admin-shell.tsx";
import { formatCount, kindLabels, statusLabels, triageStatuses } from "../components/lead-format.ts";
import { LeadList } from "../components/lead-list.tsx";
import { StatusHelp } from "../components/status-help.tsx";
import { InboxViewTabs } from "../components/view-tabs.tsx";
import { clearedSearch, filtersFromSearchParams, filtersToSearchParams, hasFilters, type InboxFilters } from "../inbox-filters.ts";

// An inbox of one kind of lead (/admin/leads/:kind): the view tabs with their counts, the filters kept
// in the address (inbox-filters.ts), the list (components/lead-list.tsx) and the CSV export.

const SEARCH_DELAY_MS = 300;

export type { InboxLinkState } from "../components/lead-list.tsx";

/** The forms a lead can come from, by their human names (app/config/lead-form-names.ts). */
const formOptions: [string, string][] = [...leadFormLabels];

export function LeadInbox() {
  const { kind } = useParams();
  usePageTitle(`${isLeadKind(kind) ? kindLabels[kind].inbox : "Unknown inbox"} | Admin`);
  if (!isLeadKind(kind)) {
    return (
      <>
        <h1 className="text-3xl font-bold text-slate-900">Unknown inbox</h1>
        <p className="mt-4 text-slate-700">
          There is no inbox called “{kind}”. Open the{" "}
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

function Inbox({ kind }: { kind: LeadKind }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(kind, searchParams);
  const filterQuery = filtersToSearchParams(filters).toString();
  const counts = useQuery(leadCountsQuery(kind, filters)).data;

  const inboxPath = `/admin/leads/${kind}`;

  // "Unread only" shows a click at once; the address (and with it the list) follows a moment later, and
  // a change of the address from elsewhere (Back, the Unread tab) sets it again.
  const [unreadOnly, setUnreadOnly] = useState(filters.unread);
  const [addressUnread, setAddressUnread] = useState(filters.unread);
  if (addressUnread !== filters.unread) {
    setAddressUnread(filters.unread);
    setUnreadOnly(filters.unread);
  }

  function setFilters(patch: Partial<InboxFilters>, options: { replace?: boolean } = {}) {
    // From the address as it is now, not as this render saw it: a change made right after another
    // (before the list re-rendered) keeps both.
    const current = filtersFromSearchParams(kind, new URLSearchParams(window.location.search));
    setSearchParams(filtersToSearchParams({ ...current, ...patch }), { replace: options.replace ?? false });
  }

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{kindLabels[kind].inbox}</h1>

      <InboxViewTabs path={inboxPath} filters={filters} counts={counts} />
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
        <DateFilter label="Received from" value={filters.from} onChange={(from) => setFilters({ from })} />
        <DateFilter label="Received to" value={filters.to} onChange={(to) => setFilters({ to })} />
        {kind === "contacts" ? (
          <SelectFilter
            label="Product"
            value={filters.product}
            onChange={(product) => setFilters({ product })}
            options={contactProductOptions.map((p) => [p, p])}
          />
        ) : (
          <SelectFilter
            label="Service type"
            value={filters.serviceType}
            onChange={(serviceType) => setFilters({ serviceType })}
            options={Object.entries(serviceTypeLabels)}
          />
        )}
        <div className="flex items-end gap-4">
          <label className="flex h-10 items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={unreadOnly}
              onChange={(event) => {
                setUnreadOnly(event.target.checked);
                setFilters({ unread: event.target.checked });
              }}
              className={cn("h-4 w-4 accent-brand-700", focusRing)}
            />
            Unread only
          </label>
          {hasFilters(filters) && (
            <Link to={`${inboxPath}${clearedSearch(filters)}`} className={cn(linkClass, "py-2 text-sm")}>
              Clear filters
            </Link>
          )}
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
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={cn(selectClass, "mt-1 w-full")}>
        <option value="">All</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
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
