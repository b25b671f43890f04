import { SlidersHorizontal } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { LeadCounts } from "../../../contract/lead-triage.ts";
import { contactProductOptions } from "../../../contract/contact-submission.ts";
import { serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import { leadFormLabels } from "../../config/lead-form-names.ts";
import { cn } from "../../lib/utils.ts";
import { activeFilterCount, clearedSearch, hasFilters, type InboxFilters, type ListKind } from "../inbox-filters.ts";
import { useSession } from "../session.ts";
import { focusRing, linkClass } from "./admin-classes.ts";
import { useTeam } from "./assignee.tsx";
import { DateFilter, SelectFilter, TextFilter } from "./filter-fields.tsx";
import { formatCount, statusLabels, triageStatuses } from "./lead-format.ts";

// The filters of a list of leads (routes/lead-inbox.tsx), kept in the address (inbox-filters.ts): the
// search, then the form, status, assignee, dates, product or service and three checkboxes. On a phone
// all but the search fold behind one "Filters" button that counts the ones in use.

/** The forms a lead can come from, by their human names (app/config/lead-form-names.ts). */
const formOptions: [string, string][] = [...leadFormLabels];

export function InboxFilterBar({
  kind,
  filters,
  counts,
  setFilters,
}: {
  kind: ListKind;
  filters: InboxFilters;
  /** The view's counts by status, for the Status menu (absent until they load). */
  counts: LeadCounts | undefined;
  setFilters: (patch: Partial<InboxFilters>, options?: { replace?: boolean }) => void;
}) {
  const panelId = useId();
  // The filters' panel on a phone (always shown from the md breakpoint on).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const folded = activeFilterCount(filters);
  // Whose leads (issue 23): the team's names for the "Assigned to" filter.
  const team = useTeam();
  const myId = useSession().user?.id;
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

  const clearLink = hasFilters(kind, filters) && (
    <Link to={`/admin/leads/${kind}${clearedSearch(kind, filters)}`} className={cn(linkClass, "py-2 text-sm")}>
      Clear filters
    </Link>
  );

  return (
    <section
      aria-label="Filters"
      className="mt-6 grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
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
            <span
              className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white"
              data-testid="active-filters"
            >
              {folded}
              <span className="sr-only"> in use</span>
            </span>
          )}
        </button>
        {clearLink}
      </div>
      {/* From md on the panel's fields sit in the section's grid as if the panel were not there. */}
      <div
        id={panelId}
        className={cn(filtersOpen ? "grid gap-4 sm:col-span-2 sm:grid-cols-2" : "hidden", "md:contents")}
      >
        <SelectFilter
          label="Form"
          value={filters.form}
          onChange={(form) => setFilters({ form })}
          // A form no longer on the site (in a shared address) stays choosable as it is.
          options={
            filters.form && !leadFormLabels.has(filters.form)
              ? [...formOptions, [filters.form, filters.form]]
              : formOptions
          }
        />
        {filters.view !== "spam" && (
          <SelectFilter
            label="Status"
            value={filters.status}
            onChange={(value) => setFilters({ status: value as InboxFilters["status"] })}
            options={triageStatuses.map((status) => [
              status,
              counts
                ? `${statusLabels[status]} (${formatCount(counts.byStatus[status], counts.capped)})`
                : statusLabels[status],
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
            ...team.active
              .filter((user) => user.id !== myId)
              .map((user): [string, string] => [user.id, team.nameOf(user.id) ?? user.email]),
            // A user no longer on the team (in a shared address) stays choosable.
            ...(filters.assignee &&
            !["me", "none"].includes(filters.assignee) &&
            !team.active.some((user) => user.id === filters.assignee)
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
  );
}
