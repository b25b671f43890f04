import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import type { Lead, LeadKind } from "../../../contract/admin-leads.ts";
import { contactProductOptions } from "../../../contract/contact-submission.ts";
import { leadStatuses } from "../../../contract/fields.ts";
import { serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { cn } from "../../lib/utils.ts";
import { exportUrl } from "../api/lead-export.ts";
import { isLeadKind, leadPageQuery } from "../api/leads.ts";
import { Loading, UnreadBadge, ViewTabs, focusRing, linkClass, selectClass, usePageTitle } from "../components/admin-shell.tsx";
import { formatDateTime, kindLabels, leadName, statusLabels } from "../components/lead-format.ts";
import { LeadStatusSelect, useLeadStatus } from "../components/lead-status-select.tsx";
import { clearedSearch, filtersFromSearchParams, filtersToSearchParams, hasFilters, viewSearch, type InboxFilters } from "../inbox-filters.ts";

// An inbox of one kind of lead (/admin/leads/:kind): the view tabs, the filters kept in the address
// (inbox-filters.ts), the paged table and the CSV export.

const SEARCH_DELAY_MS = 300;

/** The state a lead's link carries so the detail page can lead back to the same filtered view. */
export type InboxLinkState = { inboxSearch?: string };

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

  const inboxPath = `/admin/leads/${kind}`;

  function setFilters(patch: Partial<InboxFilters>, options: { replace?: boolean } = {}) {
    setSearchParams(filtersToSearchParams({ ...filters, ...patch }), { replace: options.replace ?? false });
  }

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{kindLabels[kind].inbox}</h1>

      <ViewTabs
        label="Views"
        views={(["inbox", "spam"] as const).map((view) => ({
          key: view,
          to: `${inboxPath}${viewSearch(filters, view)}`,
          label: view === "inbox" ? "Inbox" : "Spam",
          current: filters.view === view,
        }))}
      />

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
        <TextFilter label="Form" hint="Form name, e.g. contact-page" value={filters.form} onCommit={(form) => setFilters({ form }, { replace: true })} />
        <SelectFilter
          label="Status"
          value={filters.status}
          onChange={(value) => setFilters({ status: value as InboxFilters["status"] })}
          options={leadStatuses.filter((s) => (filters.view === "spam" ? s === "spam" : s !== "spam")).map((s) => [s, statusLabels[s]])}
        />
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
              checked={filters.unread}
              onChange={(event) => setFilters({ unread: event.target.checked })}
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

      <LeadTable key={filterQuery} kind={kind} filters={filters} inboxSearch={filterQuery} />
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

function RescueButton({ kind, lead }: { kind: LeadKind; lead: Lead }) {
  const mutation = useLeadStatus(kind, lead);
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      aria-label={`Rescue ${leadName(lead)}`}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate("new")}
    >
      Rescue
    </Button>
  );
}

/** One filtered list, paged by keyset: a stack of the cursors that led to the current page. */
function LeadTable({ kind, filters, inboxSearch }: { kind: LeadKind; filters: InboxFilters; inboxSearch: string }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const page = useQuery(leadPageQuery(kind, filters, cursor));
  const spamView = filters.view === "spam";
  const captionId = useId();

  if (page.isLoading) return <Loading />;

  const items = page.data?.items ?? [];
  const total = page.data?.total ?? 0;
  // Large text or product matches are counted up to a cap (contract/admin-leads.ts COUNT_CAP).
  const totalText = `${total.toLocaleString("en-US")}${page.data?.totalCapped ? "+" : ""}`;
  const nextCursor = page.data?.nextCursor ?? null;
  const pageNumber = cursors.length;

  return (
    <section aria-labelledby={captionId} className="mt-6" aria-busy={page.isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={captionId} className="text-lg font-semibold text-slate-900" aria-live="polite">
          {totalText} {total === 1 && !page.data?.totalCapped ? "lead" : "leads"}
          {total > 0 && <span className="ml-2 text-sm font-normal text-slate-700">(page {pageNumber})</span>}
        </p>
        <a href={exportUrl(kind, filters)} download className={cn(buttonVariants({ variant: "outline", size: "sm" }))}>
          Export CSV
        </a>
      </div>

      {page.isError && (
        <p className="mt-4 text-red-700" role="alert">
          The leads could not be loaded. Please reload the page.
        </p>
      )}

      {items.length === 0 ? (
        !page.isError && <p className="mt-4 text-slate-700">{spamView ? "No spam here." : "No leads match these filters."}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">
              {kindLabels[kind].inbox}
              {spamView ? ", spam" : ""}, page {pageNumber}
            </caption>
            <thead className="border-b border-slate-300 text-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2">Name</th>
                <th scope="col" className="px-3 py-2">E-mail</th>
                <th scope="col" className="px-3 py-2">Phone</th>
                <th scope="col" className="px-3 py-2">Received</th>
                <th scope="col" className="px-3 py-2">Status</th>
                {spamView && <th scope="col" className="px-3 py-2">Spam reason</th>}
                {spamView && <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>}
              </tr>
            </thead>
            <tbody>
              {items.map((lead) => {
                const unread = lead.readAt === null;
                return (
                  <tr key={lead.id} className={cn("border-b border-slate-200 align-middle", unread && "bg-amber-50 font-bold")}>
                    <th scope="row" className={cn("px-3 py-2 text-left", unread ? "font-bold" : "font-medium")}>
                      <Link
                        to={`/admin/leads/${kind}/${lead.id}`}
                        state={{ inboxSearch } satisfies InboxLinkState}
                        className={cn("rounded-sm text-brand-700 underline underline-offset-4 hover:text-brand-900", focusRing)}
                      >
                        {leadName(lead)}
                      </Link>
                      {unread && <UnreadBadge />}
                    </th>
                    <td className="px-3 py-2 text-slate-800">{lead.email}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-800">{lead.phone}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-800">
                      <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
                    </td>
                    <td className="px-3 py-2">
                      <LeadStatusSelect kind={kind} lead={lead} label={`Status of ${leadName(lead)}`} hideLabel />
                    </td>
                    {spamView && <td className="px-3 py-2 font-normal text-slate-800">{lead.spamReason ?? "—"}</td>}
                    {spamView && (
                      <td className="px-3 py-2">
                        <RescueButton kind={kind} lead={lead} />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {(cursors.length > 1 || nextCursor) && (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
          <Button
            type="button"
            variant="outline"
            size="sm"
            // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
            aria-disabled={cursors.length <= 1 || page.isFetching}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            onClick={() => {
              if (cursors.length > 1 && !page.isFetching) setCursors((stack) => stack.slice(0, -1));
            }}
          >
            Previous page
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-disabled={!nextCursor || page.isFetching}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            onClick={() => {
              if (nextCursor && !page.isFetching) setCursors((stack) => [...stack, nextCursor]);
            }}
          >
            Next page
          </Button>
        </nav>
      )}
    </section>
  );
}
