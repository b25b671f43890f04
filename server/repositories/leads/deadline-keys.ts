import type { Kysely } from "kysely";
import { deadlineKey } from "../../../contract/reply-window.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { setColumnByIds } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { leadSqlTables, storedReplyBy, writeWhereMissing } from "./lead-tables.ts";

// The reply-deadline order's key of a lead stored without one: by an instance older than migration 0014
// during a rolling deploy (the column is nullable for that reason; 0014 keyed the rows it found). Written
// by the start-up step (start-up-backfills.ts) with the contract's rule, never while a list is read: until
// the next start such a lead sorts where the database puts a null key.

/** Keys up to `limit` leads of each kind that have no deadline key; answers how many. */
export function writeMissingDeadlineKeys(db: Kysely<Database>, limit: number): Promise<number> {
  return writeWhereMissing(db, "deadlineKey", limit, (kind, leads) =>
    setColumnByIds(
      db,
      leadSqlTables[kind],
      "deadline_key",
      leads.map(
        (lead) =>
          [lead.id, deadlineKey({ ...lead, status: lead.status as LeadStatus, replyBy: storedReplyBy(lead) })] as const,
      ),
    ),
  );
}
