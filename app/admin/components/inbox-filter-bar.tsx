import { SlidersHorizontal, X } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { LeadCounts } from "../../../contract/lead-triage.ts";
import { contactProductOptions } from "../../../contract/contact-submission.ts";
import { channelLabels, leadChannels } from "../../../contract/lead-channels.ts";
import { NONE_FILTER } from "../../../contract/lead-filters.ts";
import { leadOutcomes, outcomeLabels } from "../../../contract/lead-outcomes.ts";
import { reportPeriodLabels, type ReportPeriodName } from "../../../contract/reports.ts";
import { serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import { leadFormLabels } from "../../config/lead-form-names.ts";
import { cn } from "../../lib/utils.ts";
import { activeFilterCount, clearedSearch, hasFilters, type InboxFilters, type ListKind } from "../inbox-filters.ts";
import { useSession } from "../session.ts";
import { focusRing, linkClass } from "./admin-classes.ts";
import { useTeam } from "./assignee.tsx";
import { DateFilter, SelectFilter, TextFilter } from "./filter-fields.tsx";
import { filterChips } from "./lead-list/filter-chips.ts";
import { formatCount, statusLabels, triageStatuses } from "./lead-format.ts";

// The filters of a list of leads (routes/lead-inbox.tsx), kept in the address (inbox-filters.ts), folded into
// one bar (issue 38) so the list starts above the fold on a laptop and a phone: the search box, a "Filters"
// button that opens every other filter and counts the ones in use, `actions` (the saved views), and the
// filters in use as chips that each remove their filter.

/** The reports' named periods, shortest calendar span first. */
const receivedPeriods: ReportPeriodName[] = ["week", "month", "7d", "30d", "90d"];

/** The forms a lead can come from, by their human names (app/config/lead-form-names.ts). */
const formOptions: [string, string][] = [...leadFormLabels];

export const filterButtonClass = cn(
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100 md:min-h-10",
  focusRing,
);

export function InboxFilterBar({
  kind,
  filters,
  counts,
  setFilters,
  actions,
}: {
  kind: ListKind;
  filters: InboxFilters;
  /** The view's counts by status, for the Status menu (absent until they load). */
  counts: LeadCounts | undefined;
  setFilters: (patch: Partial<InboxFilters>, options?: { replace?: boolean }) => void;
  /** More buttons in the bar (the saved views). */
  actions?: ReactNode;
}) {
  const panelId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const inUse = activeFilterCount(filters);
  // Whose leads (issue 23): the team's names for the "Assigned to" filter.
  const team = useTeam();
  const myId = useSession().user?.id;
  const combined = kind === "all";
  const chips = filterChips(filters, (id) => team.nameOf(id) ?? "a former user");

  return (
    <section aria-label="Filters" className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <TextFilter
          label="Search"
          hint="Name, e-mail, phone, company, message or notes"
          type="search"
          search
          compact
          value={filters.q}
          onCommit={(q) => setFilters({ q }, { replace: true })}
          className="min-w-0 flex-1 basis-60"
        />
        <button
          type="button"
          aria-expanded={filtersOpen}
          aria-controls={panelId}
          onClick={() => setFiltersOpen((open) => !open)}
          className={filterButtonClass}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters
          {inUse > 0 && (
            <span
              className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white"
              data-testid="active-filters"
            >
              {inUse}
              <span className="sr-only"> in use</span>
            </span>
          )}
        </button>
        {actions}
      </div>

      {(chips.length > 0 || hasFilters(kind, filters)) && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {chips.length > 0 && (
            <ul aria-label="Filters in use" className="contents">
              {chips.map((chip) => (
                <li key={chip.key}>
                  <button
                    type="button"
                    onClick={() => setFilters(chip.reset)}
                    className={cn(
                      "inline-flex min-h-9 max-w-full items-center gap-1 rounded-full border border-brand-700 bg-white py-1 pl-3 pr-2 text-sm font-medium text-brand-900 hover:bg-brand-50",
                      focusRing,
                    )}
                  >
                    {/* Named by its text (not aria-label), so a filter's own label still names only the filter. */}
                    <span className="sr-only">Remove the filter </span>
                    <span className="truncate">{chip.label}</span>
                    <X className="h-4 w-4 shrink-0" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {hasFilters(kind, filters) && (
            <Link
              to={`/admin/leads/${kind}${clearedSearch(kind, filters)}`}
              className={cn(linkClass, "px-1 py-2 text-sm")}
            >
              Clear filters
            </Link>
          )}
        </div>
      )}

      <div id={panelId} hidden={!filtersOpen} className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
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
        {filters.view !== "spam" && (
          <SelectFilter
            label="Outcome"
            hint="Qualified includes the won leads"
            value={filters.outcome}
            onChange={(outcome) => setFilters({ outcome: outcome as InboxFilters["outcome"] })}
            options={leadOutcomes.map((outcome) => [outcome, outcomeLabels[outcome]])}
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
        <SelectFilter
          label="Channel"
          value={filters.channel}
          onChange={(channel) => setFilters({ channel: channel as InboxFilters["channel"] })}
          options={leadChannels.map((channel) => [channel, channelLabels[channel]])}
        />
        {/* A period by name moves on with the calendar (a saved "this month" shows this month); dates stay fixed. */}
        <SelectFilter
          label="Received"
          hint="Or choose dates: a saved view keeps them fixed"
          anyLabel="Any time"
          value={filters.period}
          onChange={(period) => setFilters({ period: period as InboxFilters["period"], from: "", to: "" })}
          options={receivedPeriods.map((period) => [period, reportPeriodLabels[period]])}
        />
        <DateFilter label="Received from" value={filters.from} onChange={(from) => setFilters({ from, period: "" })} />
        <DateFilter label="Received to" value={filters.to} onChange={(to) => setFilters({ to, period: "" })} />
        <TextFilter
          label="Campaign"
          hint={`utm_campaign as recorded; ${NONE_FILTER} for none`}
          value={filters.campaign}
          onCommit={(campaign) => setFilters({ campaign }, { replace: true })}
        />
        <TextFilter
          label="Landing page"
          hint={`A path such as /seo; ${NONE_FILTER} for not recorded`}
          value={filters.landingPath}
          onCommit={(landingPath) => setFilters({ landingPath }, { replace: true })}
        />
        <SelectFilter
          label="Form"
          value={filters.form}
          onChange={(form) => setFilters({ form })}
          // A form no longer on the site (in a shared address, or a report's "(none)") stays choosable as it is.
          options={
            filters.form && !leadFormLabels.has(filters.form)
              ? [...formOptions, [filters.form, filters.form === NONE_FILTER ? "No form name" : filters.form]]
              : formOptions
          }
        />
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
        <fieldset className="flex flex-wrap items-end gap-x-4 gap-y-1 sm:col-span-2">
          <legend className="sr-only">Show only</legend>
          <Check label="Unread only" checked={filters.unread} onChange={(unread) => setFilters({ unread })} />
          <Check
            label="Follow-up due"
            checked={filters.followUp === "due"}
            onChange={(on) => setFilters({ followUp: on ? "due" : "" })}
          />
          <Check
            label="One row per person"
            checked={filters.group === "person"}
            onChange={(on) => setFilters({ group: on ? "person" : "" })}
          />
        </fieldset>
      </div>
    </section>
  );
}

/**
 * A checkbox filter that shows a click at once; the address (and with it the list) follows a moment later,
 * and a change of the address from elsewhere (Back, the Unread tab, a chip) sets it again.
 */
function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  const [shown, setShown] = useState(checked);
  const [fromAddress, setFromAddress] = useState(checked);
  if (fromAddress !== checked) {
    setFromAddress(checked);
    setShown(checked);
  }
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 md:min-h-10">
      <input
        type="checkbox"
        checked={shown}
        onChange={(event) => {
          setShown(event.target.checked);
          onChange(event.target.checked);
        }}
        className={cn("h-5 w-5 accent-brand-700 md:h-4 md:w-4", focusRing)}
      />
      {label}
    </label>
  );
}
