import type { Kysely, Transaction } from "kysely";
import { defaultBusinessHours, type BusinessHours } from "../../contract/business-hours.ts";
import type { Database } from "../db/schema.ts";

// The business hours (issue 33, contract/business-hours.ts), the one owner of the business_hours table
// (migration 0020): one row, or none while the owner keeps the spec's default. Every instance reads the
// stored row, so they all count deadlines alike: nothing is kept in memory.

const ROW = "business";

/** The stored hours, or the default; `db` may be a transaction (a lead is stored with the hours of its own). */
export async function readBusinessHours(db: Kysely<Database>): Promise<BusinessHours> {
  const row = await db
    .selectFrom("businessHours")
    .select(["timeZone", "week", "closedDates"])
    .where("id", "=", ROW)
    .executeTakeFirst();
  if (!row) return defaultBusinessHours;
  return {
    timeZone: row.timeZone,
    week: JSON.parse(row.week) as BusinessHours["week"],
    closedDates: JSON.parse(row.closedDates) as string[],
  };
}

export function createBusinessHoursRepository(db: Kysely<Database>, clock: () => Date) {
  return {
    get(): Promise<BusinessHours> {
      return readBusinessHours(db);
    },

    /**
     * Stores the hours; `inTransaction` runs in the same transaction (the waiting leads' deadlines are
     * counted again under them, and the Activity records it), so no lead keeps a deadline of the old hours.
     */
    async put(
      hours: BusinessHours,
      by: string,
      inTransaction: (trx: Transaction<Database>, before: BusinessHours) => Promise<void>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await readBusinessHours(trx);
        const values = {
          timeZone: hours.timeZone,
          week: JSON.stringify(hours.week),
          closedDates: JSON.stringify(hours.closedDates),
          updatedAt: clock().toISOString(),
          updatedBy: by,
        };
        await trx
          .insertInto("businessHours")
          .values({ id: ROW, ...values })
          .onConflict((conflict) => conflict.column("id").doUpdateSet(values))
          .execute();
        await inTransaction(trx, before);
      });
    },
  };
}
