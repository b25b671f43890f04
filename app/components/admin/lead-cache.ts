import type { QueryClient } from "@tanstack/react-query";
import type { LeadDetail, LeadKind, LeadPage } from "../../../contract/admin-leads.ts";
import { leadKeys, refreshLeadQueries } from "../../lib/api/admin-leads.ts";

// Keeping the cached admin data right after a change: the lead itself is written into every cached
// list and its detail, then the lists, counts and the dashboard's recent lists are fetched again.

export function storeLead(queryClient: QueryClient, kind: LeadKind, lead: LeadDetail) {
  queryClient.setQueryData(leadKeys.detail(kind, lead.id), lead);
  const { notes: _notes, ...row } = lead;
  queryClient.setQueriesData<LeadPage>({ queryKey: leadKeys.lists(kind) }, (page) =>
    page ? { ...page, items: page.items.map((item) => (item.id === lead.id ? { ...item, ...row } : item)) } : page,
  );
  refreshLeadQueries(queryClient, kind);
}

export function forgetLead(queryClient: QueryClient, kind: LeadKind, id: string) {
  queryClient.removeQueries({ queryKey: leadKeys.detail(kind, id) });
  queryClient.setQueriesData<LeadPage>({ queryKey: leadKeys.lists(kind) }, (page) =>
    page ? { ...page, items: page.items.filter((item) => item.id !== id) } : page,
  );
  refreshLeadQueries(queryClient, kind);
}
