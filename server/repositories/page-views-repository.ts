import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

// The one owner of page_views (issue 24): views and entrances per path per day of the owner's time zone.
// Counts are added, never set (views = views + n), so several instances add to the same rows. The counting
// in memory, the flush and the retention rule are the reports' (server/reports/page-views.ts).

export type PageViewCount = { day: string; path: string; views: number; entrances: number };

export function createPageViewsRepository(db: Kysely<Database>) {
  return {
    /** Adds the counts, one upsert per path and day, in one transaction: all of them or none. */
    async add(counts: readonly PageViewCount[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
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
      });
    },
    /** Views and entrances per path over days `from`..`to` (owner's dates, both included). */
    async byPath(from: string, to: string): Promise<Map<string, { views: number; entrances: number }>> {
      const rows = await db
        .selectFrom("pageViews")
        .select((eb) => [
          "path",
          eb.fn.sum<number>("views").as("views"),
          eb.fn.sum<number>("entrances").as("entrances"),
        ])
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
    /** Removes the days before `firstKeptDay` (YYYY-MM-DD); answers how many rows went. */
    async deleteBefore(firstKeptDay: string): Promise<number> {
      const result = await db.deleteFrom("pageViews").where("day", "<", firstKeptDay).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type PageViewsRepository = ReturnType<typeof createPageViewsRepository>;
