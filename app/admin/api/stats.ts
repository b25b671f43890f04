import { queryOptions } from "@tanstack/react-query";
import type { AdminStats } from "../../../contract/admin-leads.ts";
import { getJson } from "./request.ts";

// GET /api/admin/stats: totals, unread and leads per week of each kind (the dashboard's tiles and chart).

export const statsQuery = queryOptions({
  queryKey: ["/api/admin/stats"],
  queryFn: () => getJson<AdminStats>("/api/admin/stats"),
  // The counts follow every change made elsewhere: fetched again each time the dashboard opens (and
  // polled, live-updates.ts; the admin frame reads the unread count for the tab title).
  staleTime: 0,
});
