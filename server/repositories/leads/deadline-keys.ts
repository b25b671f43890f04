import type { Kysely } from "kysely";
import { leadKinds } from "../../../contract/admin-leads.ts";
import { deadlineKey } from "../../../contract/reply-window.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { setColumnByIds } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { leadSqlTables, leadTables, leadView, storedReplyBy } from "./lead-tables.ts";

// The reply-deadline order's key of a lead stored without one: by an instance older than migration 0014
// during a rolling deploy (the column is nullable for that reason; 0014 keyed the rows it found). Written
// by the start-up step (start-up-backfills.ts) with the contract's rule, never while a list is read: until
// the next start such a lead sorts where the database puts a null key.

/** Keys up to `limit` leads of each kind that have no deadline key; answers how many. */
export async function writeMissingDeadlineKeys(db: Kysely<Database>, limit: number): Promise<number> {
  let written = 0;
  for (const kind of leadKinds) {
    const leads = (await leadView(db)
      .selectFrom(leadTables[kind])
      .select(["id", "status", "createdAt", "formName", "replyBy"])
      .where("deadlineKey", "is", null)
      .limit(limit)
      .execute()) as {
      id: string;
      status: LeadStatus;
      createdAt: string;
      formName: string | null;
      replyBy: string | null;
    }[];
    if (leads.length === 0) continue;
    await setColumnByIds(
      db,
      leadSqlTables[kind],
      "deadline_key",
      leads.map((lead) => [lead.id, deadlineKey({ ...lead, replyBy: storedReplyBy(lead) })] as const),
    );
    written += leads.length;
  }
  return written;
}
