import type { z } from "zod";
import { leadFilters, leadSortParam, type LeadKind, type LeadSort } from "../../contract/admin-leads.ts";
import type { LeadStatus } from "../../contract/fields.ts";

// The inbox's filters as they live in the address bar (/admin/leads/:kind?q=…&status=…): read from and
// written to URLSearchParams, so a filtered view survives a reload and can be shared. Each value is
// checked by the contract's own filter schema (contract/admin-leads.ts); a value it refuses is dropped,
// so a hand-edited address shows the inbox rather than an error.

export type InboxView = "inbox" | "spam";

/** What the list and the export are filtered by; every value is a string as in the address bar. */
export type InboxFilters = {
  view: InboxView;
  q: string;
  status: LeadStatus | "";
  from: string;
  to: string;
  /** contacts: a product name */
  product: string;
  /** inquiries: a service type */
  serviceType: string;
  form: string;
  unread: boolean;
  /** The list's order (contract leadSorts); "newest" is the default and stays out of the address. */
  sort: LeadSort;
};

export const defaultFilters: InboxFilters = {
  view: "inbox",
  q: "",
  status: "",
  from: "",
  to: "",
  product: "",
  serviceType: "",
  form: "",
  unread: false,
  sort: "newest",
};

/** Longer text is cut rather than dropped (the server takes at most this much). */
const TEXT_LIMIT = 200;

const rules = leadFilters.shape;

/** The value as the contract reads it, or "" when it is missing or refused. */
function checked(schema: z.ZodType<unknown>, raw: string | null): string {
  if (raw === null || raw === "") return "";
  const parsed = schema.safeParse(raw.slice(0, TEXT_LIMIT));
  return parsed.success && typeof parsed.data === "string" ? parsed.data : "";
}

/** The filters of an inbox address: unknown, malformed or other-kind values are left out. */
export function filtersFromSearchParams(kind: LeadKind, params: URLSearchParams): InboxFilters {
  const from = checked(rules.from, params.get("from"));
  const to = checked(rules.to, params.get("to"));
  return {
    // "all" is the API's, for tools; the inbox shows either the inbox or the spam.
    view: params.get("view") === "spam" ? "spam" : "inbox",
    q: checked(rules.q, params.get("q")),
    status: checked(rules.status, params.get("status")) as LeadStatus | "",
    from,
    // The API refuses a range that ends before it starts: the end is dropped.
    to: from && to && to < from ? "" : to,
    product: kind === "contacts" ? checked(rules.product, params.get("product")) : "",
    serviceType: kind === "inquiries" ? checked(rules.serviceType, params.get("serviceType")) : "",
    form: checked(rules.form, params.get("form")),
    unread: params.get("unread") === "true",
    sort: leadSortParam.shape.sort.safeParse(params.get("sort") ?? undefined).data ?? "newest",
  };
}

/** The query string of the filters (only the ones that differ from the defaults), for the address bar, the list and the export. */
export function filtersToSearchParams(filters: InboxFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.view !== "inbox") params.set("view", filters.view);
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.status) params.set("status", filters.status);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.product) params.set("product", filters.product);
  if (filters.serviceType) params.set("serviceType", filters.serviceType);
  const form = filters.form.trim();
  if (form) params.set("form", form);
  if (filters.unread) params.set("unread", "true");
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  return params;
}

/** The address of a view tab: the other filters are kept, the status is not (its options differ per view). */
export function viewSearch(filters: InboxFilters, view: InboxView): string {
  const query = filtersToSearchParams({ ...filters, view, status: "" }).toString();
  return query ? `?${query}` : "";
}

/** The address of "Clear filters": the current view only. */
export function clearedSearch(filters: InboxFilters): string {
  return viewSearch(defaultFilters, filters.view);
}

/** Whether anything beyond the view is filtered (then "Clear filters" is offered). */
export function hasFilters(filters: InboxFilters): boolean {
  return filtersToSearchParams({ ...filters, view: "inbox" }).toString() !== "";
}
