import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** A counter after a hit: how many hits its window holds, and when the window ends. */
export type RateLimitCount = { count: number; resetAt: string };

// Fixed-window counters shared by every instance. Callers pass the time (the plugin's clock), so
// windows can be tested without sleeping. Timestamps are ISO 8601 UTC strings on both dialects.

export function createRateLimitsRepository(db: Kysely<Database>) {
  return {
    /**
     * Counts one hit on `key` and returns the new count, in one atomic statement (an upsert with
     * RETURNING, on both dialects): two instances hitting the same key at once never lose a count.
     * A window that has ended starts over at 1.
     */
    async hit(key: string, windowMs: number, now: Date): Promise<RateLimitCount> {
      const nowIso = now.toISOString();
      const resetAt = new Date(now.getTime() + windowMs).toISOString();
      const row = await db
        .insertInto("rateLimits")
        .values({ key, count: 1, resetAt })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet((eb) => {
            const ended = eb("rateLimits.resetAt", "<=", nowIso);
            return {
              count: eb
                .case()
                .when(ended)
                .then(1)
                .else(eb("rateLimits.count", "+", 1))
                .end(),
              resetAt: eb.case().when(ended).then(eb.ref("excluded.resetAt")).else(eb.ref("rateLimits.resetAt")).end(),
            };
          }),
        )
        .returning(["count", "resetAt"])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAt: row.resetAt };
    },

    /** The counter of `key` if its window is still open; nothing is counted. */
    async peek(key: string, now: Date): Promise<RateLimitCount | undefined> {
      const row = await db
        .selectFrom("rateLimits")
        .select(["count", "resetAt"])
        .where("key", "=", key)
        .where("resetAt", ">", now.toISOString())
        .executeTakeFirst();
      return row && { count: Number(row.count), resetAt: row.resetAt };
    },

    async reset(key: string): Promise<void> {
      await db.deleteFrom("rateLimits").where("key", "=", key).execute();
    },

    async deleteExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom("rateLimits").where("resetAt", "<=", now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
