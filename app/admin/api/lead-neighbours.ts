import { queryOptions } from "@tanstack/react-query";
import type { LeadRef } from "../../../contract/admin-leads.ts";
import type { AllLeadNeighbours, LeadNeighbours } from "../../../contract/lead-triage.ts";
import { filtersToSearchParams, type InboxFilters, type ListKind } from "../inbox-filters.ts";
import { LEADS_ROOT } from "./leads.ts";
import { getJson } from "./request.ts";

// A lead's previous and next lead in the order of the list its page was opened from (the page's
// Previous/Next, j/k, and where `e` goes on): GET /api/admin/leads/all/:id/neighbours for All leads
// (either kind), GET /api/admin/leads/:kind/:id/neighbours for an inbox (its kind). Both read as refs.

export type Neighbours = { previous: LeadRef | null; next: LeadRef | null };

export function neighboursQuery(list: ListKind, lead: LeadRef, filters: InboxFilters) {
  const params = filtersToSearchParams(filters).toString();
  const id = encodeURIComponent(lead.id);
  return queryOptions({
    queryKey: [LEADS_ROOT, list, "neighbours", lead.id, filters] as const,
    // Fetched again whenever a lead's page opens: the list's order changes as leads are answered.
    staleTime: 0,
    queryFn: async (): Promise<Neighbours> => {
      if (list === "all") return getJson<AllLeadNeighbours>(`${LEADS_ROOT}/all/${id}/neighbours?${params}`);
      const found = await getJson<LeadNeighbours>(`${LEADS_ROOT}/${list}/${id}/neighbours?${params}`);
      const ref = (other: string | null): LeadRef | null => (other ? { kind: list, id: other } : null);
      return { previous: ref(found.previous), next: ref(found.next) };
    },
  });
}
