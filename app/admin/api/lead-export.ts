import { filtersToSearchParams, type InboxFilters, type ListKind } from "../inbox-filters.ts";
import { LEADS_ROOT } from "./leads.ts";

// GET /api/admin/leads/:kind/export.csv, and /api/admin/leads/all/export.csv for both kinds in one file
// (issue 38): the list's filters, every matching row (owners). A plain download link (the browser saves the
// file under the server's name), so there is nothing to cache.

export function exportUrl(kind: ListKind, filters: InboxFilters): string {
  return `${LEADS_ROOT}/${kind}/export.csv?${filtersToSearchParams(filters).toString()}`;
}
