import { queryOptions } from "@tanstack/react-query";
import { CSP_VIOLATIONS_ADMIN_PATH, type CspViolationList } from "../../../contract/csp-reports.ts";
import { getJson } from "./request.ts";

// /api/admin/csp-violations (contract/csp-reports.ts): what the pages' security policy blocked, counted
// per day, page, directive and blocked source; shown on the deliveries page.

export const cspViolationsQuery = queryOptions({
  queryKey: [CSP_VIOLATIONS_ADMIN_PATH] as const,
  queryFn: () => getJson<CspViolationList>(CSP_VIOLATIONS_ADMIN_PATH),
  staleTime: 0,
});
