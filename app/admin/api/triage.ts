import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { BulkRequest, BulkResult, LeadCounts } from "../../../contract/lead-triage.ts";
import { defaultFilters, filtersToSearchParams, type InboxFilters, type ListKind } from "../inbox-filters.ts";
import { leadKeys, LEADS_ROOT, refreshLeadQueries } from "./leads.ts";
import { getJson, sendJson } from "./request.ts";

// The lists' triage endpoints (contract/lead-triage.ts, issue 13; All leads, issue 20): each view's
// count and bulk actions (with the previous states their Undo restores). A lead's neighbours in its
// list's order (an inbox's or All leads'): api/lead-neighbours.ts.

export const triageKeys = {
  counts: (kind: ListKind, filters: InboxFilters) => [...leadKeys.counts(kind), countFilters(filters)] as const,
};

/** The filters the counts depend on: not the view, status, unread flag or order (each tab counts its own). */
function countFilters(filters: InboxFilters): InboxFilters {
  return { ...filters, view: "inbox", status: "", unread: false, sort: defaultFilters.sort };
}

/** GET …/counts: the count of every view and status for the other filters. */
export function leadCountsQuery(kind: ListKind, filters: InboxFilters) {
  const params = filtersToSearchParams(countFilters(filters));
  return queryOptions({
    queryKey: triageKeys.counts(kind, filters),
    queryFn: () => getJson<LeadCounts>(`${LEADS_ROOT}/${kind}/counts?${params.toString()}`),
    staleTime: 0,
  });
}

/** POST …/bulk: one action on a selection or on every lead matching the filters; the lists and counts refresh. */
export function bulkMutation(kind: ListKind) {
  return mutationOptions({
    mutationFn: (request: BulkRequest) => sendJson<BulkResult>("POST", `${LEADS_ROOT}/${kind}/bulk`, request),
    onSuccess: (_result, _request, _context, { client }) => refreshLeadQueries(client, kind),
  });
}

/**
 * The same request outside a component: an Undo pressed on a toast after the bulk bar has gone (the
 * selection is cleared when an action succeeds), where a component's mutation would drop its callbacks.
 */
export async function sendBulk(client: QueryClient, kind: ListKind, request: BulkRequest): Promise<BulkResult> {
  const result = await sendJson<BulkResult>("POST", `${LEADS_ROOT}/${kind}/bulk`, request);
  refreshLeadQueries(client, kind);
  return result;
}
