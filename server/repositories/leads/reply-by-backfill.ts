import type { Expression, Kysely, SqlBool } from "kysely";
import { leadKinds } from "../../../contract/admin-leads.ts";
import type { BusinessHours } from "../../../contract/business-hours.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { deadlineKey, replyByOf } from "../../../contract/reply-window.ts";
import { setColumnByIds } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { readBusinessHours } from "../business-hours-repository.ts";
import { leadSqlTables, leadTables, leadView, type LeadExpressionBuilder, writeWhereMissing } from "./lead-tables.ts";

// The stored reply deadline (issue 33): reply_by, and the deadline order's key that follows it while a lead
// waits. A new lead gets both when stored (write.ts). Two more writers, here:
// - once at start-up, the leads stored before migration 0020 (reply_by null), under the hours then in force:
//   one of the start-up steps (start-up-backfills.ts: batches under an advisory lock on PostgreSQL, so one
//   instance does it while the others wait for it); reads never write;
// - when the owner saves new hours, every lead still waiting, so no deadline on "Now" is of the old hours.

const BATCH = 1000;

type Keyed = { id: string; status: LeadStatus; createdAt: string; formName: string | null };

async function writeDeadlines(
  db: Kysely<Database>,
  table: string,
  leads: Keyed[],
  hours: BusinessHours,
): Promise<void> {
  const withDeadline = leads.map((lead) => ({ ...lead, replyBy: replyByOf(lead.createdAt, lead.formName, hours) }));
  await setColumnByIds(
    db,
    table,
    "reply_by",
    withDeadline.map((lead) => [lead.id, lead.replyBy] as const),
    undefined,
    "timestamp",
  );
  // Written again only where it names the deadline: a waiting lead's "0|<replyBy>".
  await setColumnByIds(
    db,
    table,
    "deadline_key",
    withDeadline.filter((lead) => lead.status === "new").map((lead) => [lead.id, deadlineKey(lead)] as const),
  );
}

/**
 * Writes the deadline of every lead of both kinds that `where` picks, under `hours`, a batch at a time in
 * (created_at, id) order; answers how many.
 */
async function writeDeadlinesWhere(
  trx: Kysely<Database>,
  where: (eb: LeadExpressionBuilder) => Expression<SqlBool>,
  hours: BusinessHours,
): Promise<number> {
  let written = 0;
  for (const kind of leadKinds) {
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const position = after;
      const leads = (await leadView(trx)
        .selectFrom(leadTables[kind])
        .select(["id", "status", "createdAt", "formName"])
        .where(where)
        .$if(position !== null, (query) =>
          query.where((eb) =>
            eb.or([
              eb("createdAt", ">", position!.createdAt),
              eb.and([eb("createdAt", "=", position!.createdAt), eb("id", ">", position!.id)]),
            ]),
          ),
        )
        .orderBy("createdAt")
        .orderBy("id")
        .limit(BATCH)
        .execute()) as Keyed[];
      if (leads.length === 0) break;
      await writeDeadlines(trx, leadSqlTables[kind], leads, hours);
      written += leads.length;
      const last = leads.at(-1)!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  return written;
}

/**
 * Start-up: gives up to `limit` leads of each kind without a stored deadline their deadline under the stored
 * hours, in the caller's transaction; answers how many (start-up-backfills.ts calls it until 0).
 */
export async function writeMissingReplyBy(trx: Kysely<Database>, limit: number): Promise<number> {
  const hours = await readBusinessHours(trx);
  return writeWhereMissing(trx, "replyBy", limit, (kind, leads) =>
    writeDeadlines(
      trx,
      leadSqlTables[kind],
      leads.map(({ id, status, createdAt, formName }) => ({ id, status: status as LeadStatus, createdAt, formName })),
      hours,
    ),
  );
}

/** New hours: every waiting lead's deadline counted again under them, in the caller's transaction; answers how many. */
export function rekeyWaitingLeads(trx: Kysely<Database>, hours: BusinessHours): Promise<number> {
  return writeDeadlinesWhere(trx, (eb) => eb("status", "=", "new"), hours);
}
