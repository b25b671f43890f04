import { queryOptions } from "@tanstack/react-query";
import type { ContactSubmission } from "../../../contract/contact-submission.ts";
import type { ServiceInquiry } from "../../../contract/service-inquiry.ts";
import { getJson } from "./request.ts";

// GET /api/contact-submissions and /api/service-inquiries: the dashboard's newest leads of each kind
// (SPEC §2 "Admin dashboard", §7). Requested only inside the signed-in layout (SPEC §6).

export const RECENT_LIMIT = 5;

export type RecentContact = ContactSubmission & { readAt?: string | null };
export type RecentInquiry = ServiceInquiry & { readAt?: string | null };

// Both are fetched again each time the dashboard opens (staleTime 0), like the stats beside them: with
// the client's default (never stale) the counts followed a lead posted meanwhile while the lists kept
// the leads of the first visit. live-updates.ts adds the poll and the refetch on focus.

export const recentContactsQuery = queryOptions({
  queryKey: ["/api/contact-submissions", { limit: RECENT_LIMIT }],
  queryFn: () => getJson<RecentContact[]>(`/api/contact-submissions?limit=${RECENT_LIMIT}`),
  staleTime: 0,
});

export const recentInquiriesQuery = queryOptions({
  queryKey: ["/api/service-inquiries", { limit: RECENT_LIMIT }],
  queryFn: () => getJson<RecentInquiry[]>(`/api/service-inquiries?limit=${RECENT_LIMIT}`),
  staleTime: 0,
});

export const recentQueries = { contacts: recentContactsQuery, inquiries: recentInquiriesQuery } as const;
