import { PAGE_VIEW_RETENTION_MONTHS } from "../../contract/reports.ts";
import { dateIn } from "../../contract/time-zones.ts";
import type { PageViewCount, PageViewsRepository } from "../repositories/page-views-repository.ts";

// Page-view counts (issue 24) per path per day of the owner's time zone. A beacon only adds to a counter in
// memory; the counters are written every few seconds (PAGE_VIEW_FLUSH_MS, server/config.ts) as one upsert
// per path and day (the table is server/repositories/page-views-repository.ts's), so a burst of views costs
// the database a handful of statements. A crash loses at most the last few seconds of counts: they are
// statistics, not leads.

/** Counters waiting in memory, at most (a database outage keeps them; past this, new paths wait for the next flush). */
const MAX_PENDING = 10_000;

/** YYYY-MM-DD of the first day kept: 25 months before `now`'s day in the zone. */
export function firstKeptDay(now: Date, timeZone: string): string {
  const [year, month, day] = dateIn(timeZone, now.getTime()).split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - PAGE_VIEW_RETENTION_MONTHS, 1));
  // The same day of the month, or the month's last day when it is shorter.
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastOfMonth));
  return first.toISOString().slice(0, 10);
}

export function createPageViews(table: PageViewsRepository, clock: () => Date, ownerTimeZone: string) {
  let pending = new Map<string, PageViewCount>();

  return {
    /** Counts one view of `path` today (the owner's day); an entrance when the visit came from elsewhere. */
    count(path: string, entrance: boolean): void {
      const day = dateIn(ownerTimeZone, clock().getTime());
      const key = `${day} ${path}`;
      let count = pending.get(key);
      if (!count) {
        if (pending.size >= MAX_PENDING) return;
        count = { day, path, views: 0, entrances: 0 };
        pending.set(key, count);
      }
      count.views += 1;
      if (entrance) count.entrances += 1;
    },
    /** Writes the counters in memory; on a failure they stay for the next flush (and it rethrows). */
    async flush(): Promise<number> {
      if (pending.size === 0) return 0;
      const counts = [...pending.values()];
      pending = new Map();
      try {
        // One transaction: all of this flush's counts are added, or none (and they wait for the next).
        await table.add(counts);
      } catch (error) {
        for (const count of counts) {
          const key = `${count.day} ${count.path}`;
          const later = pending.get(key);
          if (later) {
            later.views += count.views;
            later.entrances += count.entrances;
          } else if (pending.size < MAX_PENDING) pending.set(key, count);
        }
        throw error;
      }
      return counts.length;
    },
    /** Views and entrances per path over days `from`..`to` (owner's dates, both included). */
    byPath: table.byPath,
    /** Views per day over `from`..`to`. */
    byDay: table.byDay,
    /** Removes the days older than 25 months. */
    deleteExpired: (now: Date): Promise<number> => table.deleteBefore(firstKeptDay(now, ownerTimeZone)),
  };
}

export type PageViews = ReturnType<typeof createPageViews>;
