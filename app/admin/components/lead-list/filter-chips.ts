import { channelLabels } from "../../../../contract/lead-channels.ts";
import { NONE_FILTER } from "../../../../contract/lead-filters.ts";
import { outcomeLabels } from "../../../../contract/lead-outcomes.ts";
import { reportPeriodLabels } from "../../../../contract/reports.ts";
import { serviceTypeLabels } from "../../../../contract/service-inquiry.ts";
import { leadFormLabel } from "../../../config/lead-form-names.ts";
import { defaultFilters, type InboxFilters } from "../../inbox-filters.ts";
import { formatDay } from "../report-format.ts";
import { statusLabels } from "../lead-format.ts";

// The filters in use as removable chips under the list's one filter bar (issue 38): each says what it keeps
// ("Channel: Paid search") and what removing it resets. The search, the view (the tabs) and the order (the
// "Sort by" menu) show themselves and are not chips.

export type FilterChip = { key: string; label: string; reset: Partial<InboxFilters> };

/** "(none)" (a report's row without a campaign, landing page or form) in words. */
function orNone(value: string, none: string): string {
  return value === NONE_FILTER ? none : value;
}

export function filterChips(filters: InboxFilters, nameOf: (assignee: string) => string): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: keyof InboxFilters, label: string, reset: Partial<InboxFilters> = { [key]: defaultFilters[key] }) =>
    chips.push({ key, label, reset });
  if (filters.status) add("status", `Status: ${statusLabels[filters.status]}`);
  if (filters.outcome) add("outcome", `Outcome: ${outcomeLabels[filters.outcome]}`);
  if (filters.period) add("period", `Received: ${reportPeriodLabels[filters.period]}`);
  if (filters.from && filters.to)
    add("from", `Received ${formatDay(filters.from)} to ${formatDay(filters.to)}`, { from: "", to: "" });
  else if (filters.from) add("from", `Received from ${formatDay(filters.from)}`);
  else if (filters.to) add("to", `Received up to ${formatDay(filters.to)}`);
  if (filters.channel) add("channel", `Channel: ${channelLabels[filters.channel]}`);
  if (filters.campaign.trim()) add("campaign", `Campaign: ${orNone(filters.campaign.trim(), "none")}`);
  if (filters.landingPath.trim())
    add("landingPath", `Landing page: ${orNone(filters.landingPath.trim(), "not recorded")}`);
  if (filters.form.trim())
    add("form", `Form: ${orNone(leadFormLabel(filters.form.trim()) ?? filters.form.trim(), "no form name")}`);
  if (filters.product) add("product", `Product: ${filters.product}`);
  if (filters.serviceType)
    add(
      "serviceType",
      `Service: ${serviceTypeLabels[filters.serviceType as keyof typeof serviceTypeLabels] ?? filters.serviceType}`,
    );
  if (filters.assignee)
    add(
      "assignee",
      filters.assignee === "me"
        ? "Assigned to me"
        : filters.assignee === "none"
          ? "Unassigned"
          : `Assigned to ${nameOf(filters.assignee)}`,
    );
  if (filters.unread) add("unread", "Unread only");
  if (filters.followUp) add("followUp", "Follow-up due");
  if (filters.group) add("group", "One row per person");
  return chips;
}
