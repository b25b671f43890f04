import type { Kysely } from "kysely";
import type { CspViolation } from "../../contract/csp-reports.ts";
import type { Database } from "../db/schema.ts";
import type { CspViolationKey } from "../lib/csp-reports.ts";

// Content-Security-Policy reports, counted (docs/decisions/033-csp-reports.md): one row per UTC day, page
// path, directive and blocked source, whose count grows with each report. The table stays small
// whatever is sent: at most rowsPerDay rows a day (further new values are counted in one "(other)" row),
// and days older than KEEP_DAYS are swept (plugins/app/sweeps.ts).

/** Days kept; the admin shows fewer (contract/csp-reports.ts). */
export const CSP_VIOLATION_KEEP_DAYS = 30;
/** Distinct rows a day: a flood of made-up pages or origins cannot grow the table past this. */
export const CSP_VIOLATION_ROWS_PER_DAY = 500;
/** Where reports are counted once a day's rows are all taken. */
export const OVERFLOW_KEY: CspViolationKey = { pagePath: "(other)", directive: "(other)", blocked: "(other)" };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of `date`, YYYY-MM-DD. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function createCspViolationsRepository(db: Kysely<Database>, options: { rowsPerDay?: number } = {}) {
  const rowsPerDay = options.rowsPerDay ?? CSP_VIOLATION_ROWS_PER_DAY;

  /** Adds `count` to the row of `key` on `day`, made if missing (an upsert: instances never lose a count). */
  async function add(day: string, key: CspViolationKey, count: number, lastSeenAt: string) {
    await db
      .insertInto("cspViolations")
      .values({ day, ...key, count, lastSeenAt })
      .onConflict((oc) =>
        oc.columns(["day", "pagePath", "directive", "blocked"]).doUpdateSet((eb) => ({
          count: eb("cspViolations.count", "+", eb.ref("excluded.count")),
          lastSeenAt: eb.ref("excluded.lastSeenAt"),
        })),
      )
      .execute();
  }

  return {
    /** Counts the reports of one request (equal ones together) on the day of `now`. */
    async record(keys: CspViolationKey[], now: Date): Promise<void> {
      const day = utcDay(now);
      const lastSeenAt = now.toISOString();
      const counts = new Map<string, { key: CspViolationKey; count: number }>();
      for (const key of keys) {
        const id = JSON.stringify([key.pagePath, key.directive, key.blocked]);
        counts.set(id, { key, count: (counts.get(id)?.count ?? 0) + 1 });
      }
      for (const { key, count } of counts.values()) {
        const updated = await db
          .updateTable("cspViolations")
          .set((eb) => ({ count: eb("count", "+", count), lastSeenAt }))
          .where("day", "=", day)
          .where("pagePath", "=", key.pagePath)
          .where("directive", "=", key.directive)
          .where("blocked", "=", key.blocked)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) > 0) continue;
        // A new value: it gets its row while the day has room. Two instances may both see room for
        // the last row, so a day can end a few rows over; never more than that.
        const { rows } = await db
          .selectFrom("cspViolations")
          .select((eb) => eb.fn.countAll<number>().as("rows"))
          .where("day", "=", day)
          .executeTakeFirstOrThrow();
        await add(day, Number(rows) < rowsPerDay ? key : OVERFLOW_KEY, count, lastSeenAt);
      }
    },

    /** The rows from `sinceDay` on (YYYY-MM-DD), newest day first, then most recently seen; at most `limit`. */
    async since(sinceDay: string, limit: number): Promise<CspViolation[]> {
      const rows = await db
        .selectFrom("cspViolations")
        .select(["day", "pagePath", "directive", "blocked", "count", "lastSeenAt"])
        .where("day", ">=", sinceDay)
        .orderBy("day", "desc")
        .orderBy("lastSeenAt", "desc")
        .orderBy("pagePath")
        .orderBy("directive")
        .orderBy("blocked")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },

    /**
     * How many reports were counted from `sinceDay` on: what a future /metrics endpoint exposes (e.g. as
     * csp_violations_total for today), with no other state to keep.
     */
    async total(sinceDay: string): Promise<number> {
      const { total } = await db
        .selectFrom("cspViolations")
        .select((eb) => eb.fn.sum<number | string | null>("count").as("total"))
        .where("day", ">=", sinceDay)
        .executeTakeFirstOrThrow();
      return Number(total ?? 0);
    },

    /** Removes the days older than CSP_VIOLATION_KEEP_DAYS before `now`'s. */
    async deleteExpired(now: Date): Promise<number> {
      const oldestKept = utcDay(new Date(now.getTime() - (CSP_VIOLATION_KEEP_DAYS - 1) * DAY_MS));
      const result = await db.deleteFrom("cspViolations").where("day", "<", oldestKept).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
