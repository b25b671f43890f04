import type { Kysely } from "kysely";
import type { LeadChannel } from "../../contract/lead-channels.ts";
import { fromCents, toCents } from "../../contract/money.ts";
import type { SpendLine } from "../../contract/spend.ts";
import type { Database } from "../db/schema.ts";

// What the channels cost (issue 38, contract/spend.ts): the one owner of the spend table (migration 0027).
// A line's campaign '' in the table is the channel as a whole (null in the API).

/** A month's spend line as the report reads it, in cents. */
export type SpendCents = { month: string; channel: LeadChannel; campaign: string | null; cents: number };

export function createSpendRepository(db: Kysely<Database>, clock: () => Date) {
  const toLine = (row: { month: string; channel: string; campaign: string; amountCents: number }): SpendLine => ({
    month: row.month,
    channel: row.channel as LeadChannel,
    campaign: row.campaign === "" ? null : row.campaign,
    amount: fromCents(row.amountCents),
  });
  return {
    /** Every line, newest month first, then channel, then campaign (the channel's own line first). */
    async list(): Promise<SpendLine[]> {
      const rows = await db
        .selectFrom("spend")
        .select(["month", "channel", "campaign", "amountCents"])
        .orderBy("month", "desc")
        .orderBy("channel")
        .orderBy("campaign")
        .execute();
      return rows.map(toLine);
    },

    /** The lines of the months from `fromMonth` to `toMonth` (YYYY-MM, both included), in cents. */
    async months(fromMonth: string, toMonth: string): Promise<SpendCents[]> {
      const rows = await db
        .selectFrom("spend")
        .select(["month", "channel", "campaign", "amountCents"])
        .where("month", ">=", fromMonth)
        .where("month", "<=", toMonth)
        .execute();
      return rows.map((row) => ({
        month: row.month,
        channel: row.channel as LeadChannel,
        campaign: row.campaign === "" ? null : row.campaign,
        cents: row.amountCents,
      }));
    },

    /** Replaces the whole set with `lines` (one transaction: a failure keeps the old set), by `userId`. */
    async replace(lines: SpendLine[], userId: string | null): Promise<void> {
      const updatedAt = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("spend").execute();
        // In chunks: SQLite takes at most 32,766 parameters per statement (6 per line).
        for (let i = 0; i < lines.length; i += 500) {
          await trx
            .insertInto("spend")
            .values(
              lines.slice(i, i + 500).map((line) => ({
                month: line.month,
                channel: line.channel,
                campaign: line.campaign ?? "",
                amountCents: toCents(line.amount),
                updatedAt,
                updatedBy: userId,
              })),
            )
            .execute();
        }
      });
    },
  };
}
