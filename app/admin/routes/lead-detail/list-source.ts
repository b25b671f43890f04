import { useLocation, useSearchParams } from "react-router";
import type { LeadKind } from "../../../../contract/admin-leads.ts";
import {
  leadLinkSearch,
  listOfLeadPage,
  listPath,
  listSearchParams,
  type InboxFilters,
  type ListKind,
} from "../../inbox-filters.ts";
import type { InboxLinkState } from "../../components/lead-list/lead-row.tsx";

/** The list a lead's page belongs to: its filters, the search its neighbours' pages carry, and the way back. */
export type ListSource = {
  list: ListKind;
  filters: InboxFilters;
  leadSearch: string;
  listPath: string;
  backLabel: string;
};

export const backLabels: Record<ListKind, string> = {
  all: "Back to all leads",
  contacts: "Back to the contact inbox",
  inquiries: "Back to the inquiry inbox",
};

/**
 * The list the lead was opened from: the page's own search params, or (a link that carried them as
 * state) the inbox's search.
 */
export function useListSource(kind: LeadKind): ListSource {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as InboxLinkState | null)?.inboxSearch;
  const params = searchParams.size > 0 ? searchParams : new URLSearchParams(fromState ?? "");
  const { list, filters } = listOfLeadPage(kind, params);
  const inboxSearch = listSearchParams(list, filters).toString();
  return {
    list,
    filters,
    leadSearch: list === "all" ? leadLinkSearch("all", filters) : inboxSearch ? `?${inboxSearch}` : "",
    listPath: listPath(list, filters),
    backLabel: backLabels[list],
  };
}
