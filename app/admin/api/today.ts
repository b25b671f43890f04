import { queryOptions } from "@tanstack/react-query";
import type { TodayQueue } from "../../../contract/admin-leads.ts";
import { getJson } from "./request.ts";

// GET /api/admin/today (contract TodayQueue, issue 20): the dashboard's day, both kinds, spam left
// out: the leads that need a reply (overdue or due soon, oldest deadline first) and the follow-ups due
// by the end of today in the owner's time zone, earliest first.

export const TODAY_PATH = "/api/admin/today";

export const todayQuery = queryOptions({
  queryKey: [TODAY_PATH] as const,
  queryFn: () => getJson<TodayQueue>(TODAY_PATH),
  // Fetched again each time the dashboard opens, like the totals (and polled, live-updates.ts).
  staleTime: 0,
});
