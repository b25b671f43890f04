import type { Kysely } from "kysely";
import { PAGE_VIEW_RETENTION_MONTHS } from "../../contract/reports.ts";
import { dateIn } from "../../contract/time-zones.ts";
import type { Database } from "../db/schema.ts";

// The one owner of page_views (issue 24): views and entrances per path per day of the owner's time zone.
// A beacon only adds to a counter in memory; the counters are written every few seconds as one upsert
// per path and day (views = views + n), so a burst of views costs the database a handful of statements
// and several instances add to the same rows. A crash loses at most the last few seconds of counts:
// they are statistics, not leads.

/** How often the counters in memory are written. */
export const PAGE_VIEW_FLUSH_MS = 5_000;
/** Counters waiting in memory, at most (a database outage keeps them; past this, new paths wait for the next flush). */
const MAX_PENDING = 10_000;

type Count = { day: string; path: string; views: number; entrances: number };

/** YYYY-MM-DD of the first day kept: 25 months before `now`'s day in the zone. */
export function firstKeptDay(now: Date, timeZone: string): string {
  const [year, month, day] = dateIn(timeZone, now.getTime()).split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - PAGE_VIEW_RETENTION_MONTHS, 1));
  // The same day of the month, or the month's last day when it is shorter.
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastOfMonth));
  return first.toISOString().slice(0, 10);
}

export function createPageViews(db: Kysely<Database>, clock: () => Date, ownerTimeZone: string) {
  let pending = new Map<string, Count>();

  async function write(trx: Kysely<Database>, counts: Count[]) {
    for (const count of counts) {
      await trx
        .insertInto("pageViews")
        .values(count)
        .onConflict((oc) =>
          oc.columns(["day", "path"]).doUpdateSet((eb) => ({
            views: eb("pageViews.views", "+", eb.ref("excluded.views")),
            entrances: eb("pageViews.entrances", "+", eb.ref("excluded.entrances")),
          })),
        )
        .execute();
    }
  }

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
        await db.transaction().execute((trx) => write(trx, counts));
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
    async byPath(from: string, to: string): Promise<Map<string, { views: number; entrances: number }>> {
      const rows = await db
        .selectFrom("pageViews")
        .select((eb) => ["path", eb.fn.sum<number>("views").as("views"), eb.fn.sum<number>("entrances").as("entrances")])
        .where("day", ">=", from)
        .where("day", "<=", to)
        .groupBy("path")
        .execute();
      return new Map(rows.map((row) => [row.path, { views: Number(row.views), entrances: Number(row.entrances) }]));
    },
    /** Views per day over `from`..`to`. */
    async byDay(from: string, to: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom("pageViews")
        .select((eb) => ["day", eb.fn.sum<number>("views").as("views")])
        .where("day", ">=", from)
        .where("day", "<=", to)
        .groupBy("day")
        .execute();
      return new Map(rows.map((row) => [row.day, Number(row.views)]));
    },
    /** Removes the days older than 25 months. */
    async deleteExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom("pageViews").where("day", "<", firstKeptDay(now, ownerTimeZone)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type PageViews = ReturnType<typeof createPageViews>;
