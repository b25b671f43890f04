import { queryOptions } from "@tanstack/react-query";
import type { TodayQueue } from "../../../contract/admin-leads.ts";
import { getJson } from "./request.ts";
import { learnServerNow } from "./server-clock.ts";

// GET /api/admin/today (contract TodayQueue, issues 20 and 33): the dashboard's day, both kinds, spam left
// out: "Now" (the leads to answer now, newest first; those due in the business hours ahead; the overdue
// count), the leads that need a reply and the follow-ups due by the end of today in the owner's time zone.
// `?assignee=me`: a member's day (their leads and the unassigned ones).

export const TODAY_PATH = "/api/admin/today";

/** A day: the whole team's, or `me` (the member's). The team's key is the prefix of both: invalidating it refreshes them all. */
export function todayQueryFor(scope: "all" | "me") {
  return queryOptions({
    queryKey: scope === "me" ? [TODAY_PATH, "me"] : [TODAY_PATH],
    queryFn: async () => {
      const today = await getJson<TodayQueue>(scope === "me" ? `${TODAY_PATH}?assignee=me` : TODAY_PATH);
      // The server's time to the millisecond: the admin's clock (server-clock.ts) counts from it.
      learnServerNow(today.now, Date.now());
      return today;
    },
    // Fetched again each time the dashboard opens, like the totals (and polled, live-updates.ts).
    staleTime: 0,
  });
}

export const todayQuery = todayQueryFor("all");
