import type { Kysely } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { deadlineKey } from "../../../contract/reply-window.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { setColumnByIds } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { leadSqlTables, leadTables, leadView, storedReplyBy } from "./lead-tables.ts";

// The reply-deadline order's key of a lead stored without one: by an instance older than migration 0014
// during a rolling deploy (the column is nullable for that reason). The deadline order and the day's
// queue look for such leads first, through the deadline index (an index seek when there are none), and
// key them with the contract's rule, as the export writes missing CSV lines.

const BATCH = 1000;

/** Writes the deadline key of every lead of the kind that has none; returns how many it wrote. */
export async function writeMissingDeadlineKeys(db: Kysely<Database>, kind: LeadKind): Promise<number> {
  let written = 0;
  for (;;) {
    const leads = (await leadView(db)
      .selectFrom(leadTables[kind])
      .select(["id", "status", "createdAt", "formName", "replyBy"])
      .where("deadlineKey", "is", null)
      .limit(BATCH)
      .execute()) as { id: string; status: LeadStatus; createdAt: string; formName: string | null; replyBy: string | null }[];
    if (leads.length === 0) return written;
    await setColumnByIds(db, leadSqlTables[kind], "deadline_key", leads.map((lead) => [lead.id, deadlineKey({ ...lead, replyBy: storedReplyBy(lead) })] as const));
    written += leads.length;
  }
}
