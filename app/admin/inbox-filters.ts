import type { z } from "zod";
import { leadKinds, type LeadKind } from "../../contract/admin-leads.ts";
import { leadFilters, leadSortParam, type LeadSort } from "../../contract/lead-filters.ts";
import type { LeadStatus } from "../../contract/fields.ts";
import type { LeadChannel } from "../../contract/lead-channels.ts";
import type { LeadOutcome } from "../../contract/lead-outcomes.ts";
import type { ReportPeriodName } from "../../contract/reports.ts";

// The lists' filters as they live in the address bar (/admin/leads/:kind?q=…&status=…): read from and
// written to URLSearchParams, so a filtered view survives a reload and can be shared. Each value is
// checked by the contract's own filter schema (contract/lead-filters.ts); a value it refuses is dropped,
// so a hand-edited address shows the list rather than an error. The same codec serves the two inboxes
// and "All leads" (kind "all", both kinds in one list, issue 20), whose default order is the reply
// deadline instead of the newest first.

export type InboxView = "inbox" | "spam";

/** A list of the admin: one kind's inbox, or both kinds together ("All leads"). */
export type ListKind = LeadKind | "all";

export function isListKind(value: string | null | undefined): value is ListKind {
  return value === "all" || (leadKinds as readonly string[]).includes(value ?? "");
}

/** What the list and the export are filtered by; every value is a string as in the address bar. */
export type InboxFilters = {
  view: InboxView;
  q: string;
  status: LeadStatus | "";
  from: string;
  to: string;
  /** A period by name (this month, the last 30 days…) instead of dates: the server works out its days when it reads the list, so a saved view of it rolls over. */
  period: ReportPeriodName | "";
  /** contacts (and contacts only in All leads): a product name */
  product: string;
  /** inquiries (and inquiries only in All leads): a service type */
  serviceType: string;
  form: string;
  /** Issue 38, the sources report's groups (a report cell links to its leads): a channel, a campaign or a landing page; NONE_FILTER: none recorded. */
  channel: LeadChannel | "";
  campaign: string;
  landingPath: string;
  /** qualified (qualified or won), won or lost (contract/lead-outcomes.ts). */
  outcome: LeadOutcome | "";
  unread: boolean;
  /** "due": only leads whose follow-up is today or overdue. */
  followUp: "" | "due";
  /** Whose leads (issue 23): "me", "none" (unassigned), a user's id, or "" for everyone's. */
  assignee: string;
  /** "person": one row per person, the newest lead of each (issue 24). */
  group: "" | "person";
  /** The list's order (contract leadSorts); the list's default (defaultSortOf) stays out of its address. */
  sort: LeadSort;
};

/** The order a list shows when its address names none: All leads by reply deadline, an inbox newest first. */
export function defaultSortOf(kind: ListKind): LeadSort {
  return kind === "all" ? "deadline" : "newest";
}

/** The API's own default order (contract leadSortParam): a request with another order must name it. */
const API_DEFAULT_SORT: LeadSort = "newest";

export const defaultFilters: InboxFilters = {
  view: "inbox",
  q: "",
  status: "",
  from: "",
  to: "",
  period: "",
  product: "",
  serviceType: "",
  form: "",
  channel: "",
  campaign: "",
  landingPath: "",
  outcome: "",
  unread: false,
  followUp: "",
  assignee: "",
  group: "",
  sort: "newest",
};

/** The filters of a list with nothing chosen: the defaults, in the list's own order. */
export function defaultFiltersOf(kind: ListKind): InboxFilters {
  return { ...defaultFilters, sort: defaultSortOf(kind) };
}

/** Longer text is cut rather than dropped (the server takes at most this much). */
const TEXT_LIMIT = 200;

const rules = leadFilters.shape;

/** The value as the contract reads it, or "" when it is missing or refused. */
function checked(schema: z.ZodType<unknown>, raw: string | null): string {
  if (raw === null || raw === "") return "";
  const parsed = schema.safeParse(raw.slice(0, TEXT_LIMIT));
  return parsed.success && typeof parsed.data === "string" ? parsed.data : "";
}

/** The filters of a list's address: unknown, malformed or other-kind values are left out. */
export function filtersFromSearchParams(kind: ListKind, params: URLSearchParams): InboxFilters {
  const period = checked(rules.period, params.get("period")) as ReportPeriodName | "";
  // The API refuses a period with dates: the period wins.
  const from = period ? "" : checked(rules.from, params.get("from"));
  const to = period ? "" : checked(rules.to, params.get("to"));
  return {
    // "all" is the API's, for tools; the lists show either the inbox or the spam.
    view: params.get("view") === "spam" ? "spam" : "inbox",
    q: checked(rules.q, params.get("q")),
    status: checked(rules.status, params.get("status")) as LeadStatus | "",
    from,
    // The API refuses a range that ends before it starts: the end is dropped.
    to: from && to && to < from ? "" : to,
    period,
    // All leads takes both: a product keeps the contacts, a service type the inquiries (contract leadFilters).
    product: kind !== "inquiries" ? checked(rules.product, params.get("product")) : "",
    serviceType: kind !== "contacts" ? checked(rules.serviceType, params.get("serviceType")) : "",
    form: checked(rules.form, params.get("form")),
    channel: checked(rules.channel, params.get("channel")) as LeadChannel | "",
    campaign: checked(rules.campaign, params.get("campaign")),
    landingPath: checked(rules.landingPath, params.get("landingPath")),
    outcome: checked(rules.outcome, params.get("outcome")) as LeadOutcome | "",
    unread: params.get("unread") === "true",
    followUp: params.get("followUp") === "due" ? "due" : "",
    assignee: checked(rules.assignee, params.get("assignee")),
    group: params.get("group") === "person" ? "person" : "",
    // (The contract's schema fills in the API's default for a missing order: only a given one is read.)
    sort:
      (params.has("sort") ? leadSortParam.shape.sort.safeParse(params.get("sort")).data : undefined) ??
      defaultSortOf(kind),
  };
}

/**
 * The query string of the filters (only the ones that differ from the defaults). With the default
 * `defaultSort` ("newest", the API's) it is what the API reads (the list, the counts, the export); a
 * list's address leaves out its own default order instead (listSearchParams).
 */
export function filtersToSearchParams(
  filters: InboxFilters,
  defaultSort: LeadSort = API_DEFAULT_SORT,
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.view !== "inbox") params.set("view", filters.view);
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.status) params.set("status", filters.status);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.period) params.set("period", filters.period);
  if (filters.product) params.set("product", filters.product);
  if (filters.serviceType) params.set("serviceType", filters.serviceType);
  const form = filters.form.trim();
  if (form) params.set("form", form);
  if (filters.channel) params.set("channel", filters.channel);
  const campaign = filters.campaign.trim();
  if (campaign) params.set("campaign", campaign);
  const landingPath = filters.landingPath.trim();
  if (landingPath) params.set("landingPath", landingPath);
  if (filters.outcome) params.set("outcome", filters.outcome);
  if (filters.unread) params.set("unread", "true");
  if (filters.followUp) params.set("followUp", filters.followUp);
  if (filters.assignee) params.set("assignee", filters.assignee);
  if (filters.group) params.set("group", filters.group);
  if (filters.sort !== defaultSort) params.set("sort", filters.sort);
  return params;
}

/** The filters as a list's address shows them: its own default order is left out. */
export function listSearchParams(kind: ListKind, filters: InboxFilters): URLSearchParams {
  return filtersToSearchParams(filters, defaultSortOf(kind));
}

function asSearch(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The address of a view tab: the other filters are kept, the status is not (its options differ per view). */
export function viewSearch(kind: ListKind, filters: InboxFilters, view: InboxView): string {
  return asSearch(listSearchParams(kind, { ...filters, view, status: "" }));
}

/** The address of "Clear filters": the current view only, in the list's default order. */
export function clearedSearch(kind: ListKind, filters: InboxFilters): string {
  return viewSearch(kind, defaultFiltersOf(kind), filters.view);
}

/** Whether anything beyond the view is filtered or the order is not the list's own (then "Clear filters" is offered). */
export function hasFilters(kind: ListKind, filters: InboxFilters): boolean {
  return listSearchParams(kind, { ...filters, view: "inbox" }).toString() !== "";
}

/**
 * How many filters are set besides the search, the view and the order: the number on the phone's
 * "Filters" button (the search stays in sight there, the other filters fold away behind it).
 */
export function activeFilterCount(filters: InboxFilters): number {
  const set = [
    filters.status,
    filters.from,
    filters.to,
    filters.period,
    filters.product,
    filters.serviceType,
    filters.form.trim(),
    filters.channel,
    filters.campaign.trim(),
    filters.landingPath.trim(),
    filters.outcome,
    filters.followUp,
    filters.unread,
    filters.assignee,
    filters.group,
  ];
  return set.filter(Boolean).length;
}

/** A list's address with these filters: "/admin/leads/all?followUp=due". */
export function listPath(kind: ListKind, filters: InboxFilters): string {
  return `/admin/leads/${kind}${asSearch(listSearchParams(kind, filters))}`;
}

/**
 * The search of a lead's link from a list. From All leads the lead's page needs to know it came from
 * there (`list=all`: its Previous/Next walk both kinds) and the order in full (`sort` is always
 * written, as the lead's own inbox has another default). From an inbox the filters travel in the
 * link's state (InboxLinkState), as before, and the search is empty.
 */
export function leadLinkSearch(kind: ListKind, filters: InboxFilters): string {
  if (kind !== "all") return "";
  const params = new URLSearchParams({ list: "all" });
  for (const [key, value] of filtersToSearchParams(filters)) params.set(key, value);
  params.set("sort", filters.sort);
  return `?${params.toString()}`;
}

/**
 * The list a lead's page was opened from, read from its address (`list=all` and All leads' filters)
 * or else the lead's own inbox with the inbox's filters (`params`: the address's, or the link state's).
 */
export function listOfLeadPage(leadKind: LeadKind, params: URLSearchParams): { list: ListKind; filters: InboxFilters } {
  const list: ListKind = params.get("list") === "all" ? "all" : leadKind;
  return { list, filters: filtersFromSearchParams(list, params) };
}
