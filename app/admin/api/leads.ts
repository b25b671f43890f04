import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import type { LeadDetail, LeadKind, LeadPage, LeadRow, LeadUpdate } from "../../../contract/admin-leads.ts";
import type { LeadNote, NoteInput } from "../../../contract/lead-notes.ts";
import { leadKinds } from "../../../contract/admin-leads.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { filtersToSearchParams, type InboxFilters, type ListKind } from "../inbox-filters.ts";
import { recentQueries } from "./recent-leads.ts";
import { statsQuery } from "./stats.ts";
import { getJson, sendJson } from "./request.ts";
import { todayQuery } from "./today.ts";

// /api/admin/leads/:kind (contract/admin-leads.ts): the filtered list in keyset pages, one lead, and its changes
// (status, read, notes, deletion), with the cache upkeep each change needs. "All leads"
// (/api/admin/leads/all, issue 20) is a list like the inboxes, of rows that carry their kind; a change
// to a lead of either kind refreshes it too.

export const LEADS_ROOT = "/api/admin/leads";
export const PAGE_SIZE = 25;

export function isLeadKind(value: string | undefined): value is LeadKind {
  return (leadKinds as readonly string[]).includes(value ?? "");
}

export const leadKeys = {
  all: [LEADS_ROOT] as const,
  lists: (kind: ListKind) => [LEADS_ROOT, kind, "list"] as const,
  /** Every view count of a list (api/triage.ts adds the filters). */
  counts: (kind: ListKind) => [LEADS_ROOT, kind, "counts"] as const,
  /** One filtered list: its loaded pages in one infinite query. */
  list: (kind: ListKind, filters: InboxFilters) => [LEADS_ROOT, kind, "list", filters] as const,
  detail: (kind: LeadKind, id: string) => [LEADS_ROOT, kind, "detail", id] as const,
};

function leadUrl(kind: LeadKind, id: string) {
  return `${LEADS_ROOT}/${kind}/${encodeURIComponent(id)}`;
}

/** A page of a list: All leads' rows carry their kind, an inbox's are of its kind. */
export type ListPage<K extends ListKind> = K extends "all" ? LeadPage<LeadRow> : LeadPage;

/** The loaded pages of a list, as the cache holds them. */
export type ListPages<K extends ListKind = ListKind> = InfiniteData<ListPage<K>, string | null>;

/** One page of a filtered list; `cursor` is where the page starts (null: the first page). */
function leadPageUrl(kind: ListKind, filters: InboxFilters, cursor: string | null) {
  const params = filtersToSearchParams(filters);
  if (cursor) params.set("cursor", cursor);
  params.set("limit", String(PAGE_SIZE));
  return `${LEADS_ROOT}/${kind}?${params.toString()}`;
}

/**
 * A filtered list, PAGE_SIZE leads a page: the first page, then each next one from the cursor the last
 * page gave ("Load more"). A refetch (a change, the live poll) fetches the loaded pages again in order.
 */
export function leadListQuery<K extends ListKind>(kind: K, filters: InboxFilters) {
  return infiniteQueryOptions({
    queryKey: leadKeys.list(kind, filters),
    queryFn: ({ pageParam }) => getJson<ListPage<K>>(leadPageUrl(kind, filters, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // The inbox shows what arrived since it was last opened.
    staleTime: 0,
  });
}

/** Every cached list of `list`, each of its loaded pages changed by `change`. */
function updateListPages(queryClient: QueryClient, list: ListKind, change: (page: LeadPage) => LeadPage) {
  queryClient.setQueriesData<InfiniteData<LeadPage>>({ queryKey: leadKeys.lists(list) }, (data) =>
    data ? { ...data, pages: data.pages.map(change) } : data,
  );
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
    mutationFn: ({ id, change }: { id: string; change: LeadUpdate }) =>
      sendJson<LeadDetail>("PATCH", leadUrl(kind, id), change),
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
      client.setQueryData<LeadDetail>(leadKeys.detail(kind, id), (lead) =>
        lead ? { ...lead, notes: [...lead.notes, note] } : lead,
      ),
  });
}

/** The lists a lead of this kind is in: its inbox and All leads (a change in All leads: both inboxes). */
function listsOf(kind: ListKind): ListKind[] {
  return kind === "all" ? ["all", ...leadKinds] : [kind, "all"];
}

/**
 * After a lead is stored or changed: the lists it is in, their counts, the dashboard's totals, recent
 * list and day (today's queue) are fetched again when next shown. `kind` "all": a change made in All
 * leads, to leads of either kind.
 */
export function refreshLeadQueries(queryClient: QueryClient, kind: ListKind) {
  for (const list of listsOf(kind)) {
    void queryClient.invalidateQueries({ queryKey: leadKeys.lists(list) });
    void queryClient.invalidateQueries({ queryKey: leadKeys.counts(list) });
  }
  void queryClient.invalidateQueries({ queryKey: statsQuery.queryKey });
  for (const leadKind of kind === "all" ? leadKinds : [kind])
    void queryClient.invalidateQueries({ queryKey: recentQueries[leadKind].queryKey });
  void queryClient.invalidateQueries({ queryKey: todayQuery.queryKey });
}

/** A changed lead: written into its detail and every cached list at once, then the lists and counts refresh. */
export function storeLead(queryClient: QueryClient, kind: LeadKind, lead: LeadDetail) {
  queryClient.setQueryData(leadKeys.detail(kind, lead.id), lead);
  const { notes: _notes, deliveries: _deliveries, events: _events, ...row } = lead;
  // Ids are unique across both kinds: the row of All leads keeps its kind and takes the rest.
  for (const list of listsOf(kind)) {
    updateListPages(queryClient, list, (page) => ({
      ...page,
      items: page.items.map((item) => (item.id === lead.id ? { ...item, ...row } : item)),
    }));
  }
  refreshLeadQueries(queryClient, kind);
}

/** A deleted lead: gone from its detail and every cached list at once, then the lists and counts refresh. */
export function forgetLead(queryClient: QueryClient, kind: LeadKind, id: string) {
  queryClient.removeQueries({ queryKey: leadKeys.detail(kind, id) });
  for (const list of listsOf(kind)) {
    updateListPages(queryClient, list, (page) => ({ ...page, items: page.items.filter((item) => item.id !== id) }));
  }
  refreshLeadQueries(queryClient, kind);
}
