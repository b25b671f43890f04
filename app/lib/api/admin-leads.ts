import type { QueryClient } from "@tanstack/react-query";
import type {
  AdminStats,
  LeadDetail,
  LeadKind,
  LeadNote,
  LeadPage,
  LeadUpdate,
  PasswordChange,
} from "../../../contract/admin-leads.ts";
import { leadKinds } from "../../../contract/admin-leads.ts";
import type { ApiError } from "../../../contract/api-error.ts";
import type { ContactSubmission } from "../../../contract/contact-submission.ts";
import { leadStatuses, type LeadStatus } from "../../../contract/fields.ts";
import type { ServiceInquiry } from "../../../contract/service-inquiry.ts";
import { serviceTypes } from "../../../contract/service-inquiry.ts";
import { apiRequest, HttpError } from "../api-client.ts";

// The owner's inbox API (contract/admin-leads.ts) as the admin pages call it: URLs, query keys and the
// filters kept in the address bar.

export const LEADS_ROOT = "/api/admin/leads";
export const STATS_KEY = ["/api/admin/stats"] as const;
export const RECENT_LIMIT = 5;
export const PAGE_SIZE = 25;

export function isLeadKind(value: string | undefined): value is LeadKind {
  return (leadKinds as readonly string[]).includes(value ?? "");
}

/** What the list and the export are filtered by; every value is a string as in the address bar. */
export type InboxFilters = {
  view: "inbox" | "spam";
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
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of an inbox address; unknown or malformed values are left out. */
export function filtersFromSearchParams(kind: LeadKind, params: URLSearchParams): InboxFilters {
  const text = (name: string) => (params.get(name) ?? "").slice(0, 200);
  const date = (name: string) => (ISO_DATE.test(text(name)) ? text(name) : "");
  const status = text("status");
  const serviceType = text("serviceType");
  return {
    view: text("view") === "spam" ? "spam" : "inbox",
    q: text("q"),
    status: (leadStatuses as readonly string[]).includes(status) ? (status as LeadStatus) : "",
    from: date("from"),
    to: date("to"),
    product: kind === "contacts" ? text("product") : "",
    serviceType: kind === "inquiries" && (serviceTypes as readonly string[]).includes(serviceType) ? serviceType : "",
    form: text("form"),
    unread: text("unread") === "true",
  };
}

/** The query string of the filters (only the ones set), for the address bar, the list and the export. */
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
  return params;
}

export function exportUrl(kind: LeadKind, filters: InboxFilters): string {
  return `${LEADS_ROOT}/${kind}/export.csv?${filtersToSearchParams(filters).toString()}`;
}

export const leadKeys = {
  all: [LEADS_ROOT] as const,
  kind: (kind: LeadKind) => [LEADS_ROOT, kind] as const,
  lists: (kind: LeadKind) => [LEADS_ROOT, kind, "list"] as const,
  list: (kind: LeadKind, filters: InboxFilters, cursor: string | null) =>
    [LEADS_ROOT, kind, "list", { ...filters, cursor }] as const,
  detail: (kind: LeadKind, id: string) => [LEADS_ROOT, kind, "detail", id] as const,
};

/** The dashboard's recent lists: the first segment is the one the lead forms invalidate. */
export const recentKeys = {
  contacts: ["/api/contact-submissions", { limit: RECENT_LIMIT }] as const,
  inquiries: ["/api/service-inquiries", { limit: RECENT_LIMIT }] as const,
};

/**
 * After a lead is stored or changed: the inbox lists of its kind, the counts and the dashboard's
 * recent list are fetched again when next shown.
 */
export function refreshLeadQueries(queryClient: QueryClient, kind: LeadKind) {
  void queryClient.invalidateQueries({ queryKey: leadKeys.lists(kind) });
  void queryClient.invalidateQueries({ queryKey: STATS_KEY });
  void queryClient.invalidateQueries({ queryKey: [recentKeys[kind][0]] });
}

export type RecentContact = ContactSubmission & { readAt?: string | null };
export type RecentInquiry = ServiceInquiry & { readAt?: string | null };

async function getJson<T>(url: string): Promise<T> {
  return (await (await apiRequest("GET", url)).json()) as T;
}

export function fetchRecentContacts(): Promise<RecentContact[]> {
  return getJson(`/api/contact-submissions?limit=${RECENT_LIMIT}`);
}

export function fetchRecentInquiries(): Promise<RecentInquiry[]> {
  return getJson(`/api/service-inquiries?limit=${RECENT_LIMIT}`);
}

export function fetchStats(): Promise<AdminStats> {
  return getJson("/api/admin/stats");
}

export function fetchLeadPage(kind: LeadKind, filters: InboxFilters, cursor: string | null): Promise<LeadPage> {
  const params = filtersToSearchParams(filters);
  if (cursor) params.set("cursor", cursor);
  params.set("limit", String(PAGE_SIZE));
  return getJson(`${LEADS_ROOT}/${kind}?${params.toString()}`);
}

function leadUrl(kind: LeadKind, id: string) {
  return `${LEADS_ROOT}/${kind}/${encodeURIComponent(id)}`;
}

export function fetchLead(kind: LeadKind, id: string): Promise<LeadDetail> {
  return getJson(leadUrl(kind, id));
}

export async function updateLead(kind: LeadKind, id: string, change: LeadUpdate): Promise<LeadDetail> {
  return (await (await apiRequest("PATCH", leadUrl(kind, id), change)).json()) as LeadDetail;
}

export async function deleteLead(kind: LeadKind, id: string): Promise<void> {
  await apiRequest("DELETE", leadUrl(kind, id));
}

export async function addNote(kind: LeadKind, id: string, body: string): Promise<LeadNote> {
  return (await (await apiRequest("POST", `${leadUrl(kind, id)}/notes`, { body })).json()) as LeadNote;
}

export async function changePassword(change: PasswordChange): Promise<void> {
  await apiRequest("POST", "/api/admin/password", change);
}

/** The API's error body carried by an HttpError ("400: {json}"), when there is one. */
export function apiErrorOf(error: unknown): ApiError | null {
  if (!(error instanceof HttpError)) return null;
  const body = error.message.slice(`${error.status}: `.length);
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === "object" && typeof (parsed as ApiError).message === "string") return parsed as ApiError;
  } catch {
    // Not JSON: no field errors to show.
  }
  return null;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 404 || error.status === 400);
}
