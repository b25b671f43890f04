import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { eraseLeads } from "./lead-changes.ts";
import { leadTables, leadView } from "./lead-tables.ts";

// LEAD_RETENTION_DAYS: leads older than the cutoff go, with their notes, deliveries and Idempotency-Keys,
// a batch per transaction so a large first sweep never holds the write lock for long.

const BATCH = 500;

/** Deletes every lead created before `cutoff` with what belongs to it; returns how many leads. */
export async function deleteLeadsOlderThan(db: Kysely<Database>, cutoff: Date): Promise<number> {
  let removed = 0;
  for (const kind of ["contacts", "inquiries"] as const) {
    for (;;) {
      const deleted = await db.transaction().execute(async (trx) => {
        const rows: { id: string }[] = await leadView(trx)
          .selectFrom(leadTables[kind])
          .select("id")
          .where("createdAt", "<", cutoff.toISOString())
          .limit(BATCH)
          .execute();
        const ids = rows.map((row) => row.id);
        await eraseLeads(trx, kind, ids);
        return ids.length;
      });
      removed += deleted;
      if (deleted < BATCH) break;
    }
  }
  return removed;
}
