import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { LeadDetail, LeadKind, LeadNote, LeadPage, LeadUpdate, NoteInput } from "../../../contract/admin-leads.ts";
import { leadKinds } from "../../../contract/admin-leads.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { filtersToSearchParams, type InboxFilters } from "../inbox-filters.ts";
import { recentQueries } from "./recent-leads.ts";
import { statsQuery } from "./stats.ts";
import { getJson, sendJson } from "./request.ts";

// /api/admin/leads/:kind (contract/admin-leads.ts): the filtered, paged list, one lead, and its changes
// (status, read, notes, deletion), with the cache upkeep each change needs.

export const LEADS_ROOT = "/api/admin/leads";
export const PAGE_SIZE = 25;

export function isLeadKind(value: string | undefined): value is LeadKind {
  return (leadKinds as readonly string[]).includes(value ?? "");
}

export const leadKeys = {
  all: [LEADS_ROOT] as const,
  lists: (kind: LeadKind) => [LEADS_ROOT, kind, "list"] as const,
  /** Every view count of a kind (api/triage.ts adds the filters). */
  counts: (kind: LeadKind) => [LEADS_ROOT, kind, "counts"] as const,
  list: (kind: LeadKind, filters: InboxFilters, cursor: string | null) => [LEADS_ROOT, kind, "list", { ...filters, cursor }] as const,
  detail: (kind: LeadKind, id: string) => [LEADS_ROOT, kind, "detail", id] as const,
};

function leadUrl(kind: LeadKind, id: string) {
  return `${LEADS_ROOT}/${kind}/${encodeURIComponent(id)}`;
}

/** One page of a filtered list; `cursor` is where the page starts (null: the newest). */
export function leadPageQuery(kind: LeadKind, filters: InboxFilters, cursor: string | null) {
  const params = filtersToSearchParams(filters);
  if (cursor) params.set("cursor", cursor);
  params.set("limit", String(PAGE_SIZE));
  return queryOptions({
    queryKey: leadKeys.list(kind, filters, cursor),
    queryFn: () => getJson<LeadPage>(`${LEADS_ROOT}/${kind}?${params.toString()}`),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
    // The inbox shows what arrived since it was last opened.
    staleTime: 0,
  });
}

export function leadQuery(kind: LeadKind, id: string) {
  return queryOptions({
    queryKey: leadKeys.detail(kind, id),
    queryFn: () => getJson<LeadDetail>(leadUrl(kind, id)),
    staleTime: 0,
  });
}

/** PATCH { status?, read? }: the changed lead goes into the cache (see storeLead). */
export function updateLeadMutation(kind: LeadKind) {
  return mutationOptions({
    mutationFn: ({ id, change }: { id: string; change: LeadUpdate }) => sendJson<LeadDetail>("PATCH", leadUrl(kind, id), change),
    onSuccess: (lead, _variables, _result, { client }) => storeLead(client, kind, lead),
  });
}

/** DELETE: the lead, its notes and its deliveries are erased; it leaves the cache (see forgetLead). */
export function deleteLeadMutation(kind: LeadKind) {
  return mutationOptions({
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", leadUrl(kind, id));
    },
    onSuccess: (_data, id, _result, { client }) => forgetLead(client, kind, id),
  });
}

/** POST …/notes: the saved note is added to the lead's cached detail. */
export function addNoteMutation(kind: LeadKind, id: string) {
  return mutationOptions({
    mutationFn: (note: NoteInput) => sendJson<LeadNote>("POST", `${leadUrl(kind, id)}/notes`, note),
    onSuccess: (note, _variables, _result, { client }) =>
      client.setQueryData<LeadDetail>(leadKeys.detail(kind, id), (lead) => (lead ? { ...lead, notes: [...lead.notes, note] } : lead)),
  });
}

/**
 * After a lead is stored or changed: the inbox lists of its kind, the counts and the dashboard's
 * recent list are fetched again when next shown.
 */
export function refreshLeadQueries(queryClient: QueryClient, kind: LeadKind) {
  void queryClient.invalidateQueries({ queryKey: leadKeys.lists(kind) });
  void queryClient.invalidateQueries({ queryKey: leadKeys.counts(kind) });
  void queryClient.invalidateQueries({ queryKey: statsQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: recentQueries[kind].queryKey });
}

/** A changed lead: written into its detail and every cached list at once, then the lists and counts refresh. */
export function storeLead(queryClient: QueryClient, kind: LeadKind, lead: LeadDetail) {
  queryClient.setQueryData(leadKeys.detail(kind, lead.id), lead);
  const { notes: _notes, deliveries: _deliveries, ...row } = lead;
  queryClient.setQueriesData<LeadPage>({ queryKey: leadKeys.lists(kind) }, (page) =>
    page ? { ...page, items: page.items.map((item) => (item.id === lead.id ? { ...item, ...row } : item)) } : page,
  );
  refreshLeadQueries(queryClient, kind);
}

/** A deleted lead: gone from its detail and every cached list at once, then the lists and counts refresh. */
export function forgetLead(queryClient: QueryClient, kind: LeadKind, id: string) {
  queryClient.removeQueries({ queryKey: leadKeys.detail(kind, id) });
  queryClient.setQueriesData<LeadPage>({ queryKey: leadKeys.lists(kind) }, (page) =>
    page ? { ...page, items: page.items.filter((item) => item.id !== id) } : page,
  );
  refreshLeadQueries(queryClient, kind);
}
