import { sql, type Transaction } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { setColumnByIds } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { leadCsvColumns, leadCsvLine, type CsvSource } from "./csv.ts";
import { deleteDeliveriesOf, insertDeliveries, leadsWithDeliveries, type DeliveryPlanner } from "./deliveries.ts";
import { deleteIdempotencyKeysOf } from "./idempotency.ts";
import { leadSqlTables, leadTables, untyped } from "./lead-tables.ts";
import { deleteNotesOf } from "./notes.ts";

// The rules of changing and erasing leads, one place for the single lead (PATCH, DELETE), the bulk
// actions and retention. Each runs inside the caller's transaction.

export type LeadChange = { status?: LeadStatus | undefined; read?: boolean | undefined };
/** A lead's triage state as it was before a change (what an Undo puts back). */
export type LeadState = { id: string; status: LeadStatus; read: boolean };

/**
 * Sets the status and/or the read mark of the leads and rewrites their CSV lines; a lead rescued from spam
 * gets the deliveries it was never sent. Returns the states of the leads found, before the change.
 */
export async function changeLeads(trx: Transaction<Database>, kind: LeadKind, ids: string[], change: LeadChange, plan: DeliveryPlanner): Promise<LeadState[]> {
  if (ids.length === 0) return [];
  const anyTrx = untyped(trx);
  const before: { id: string; status: LeadStatus; readAt: string | null; email: string }[] = await anyTrx
    .selectFrom(leadTables[kind])
    .select(["id", "status", "readAt", "email"])
    .where("id", "in", ids)
    .execute();
  if (before.length === 0) return [];
  const found = before.map((lead) => lead.id);

  const set: Record<string, unknown> = {};
  if (change.status) set.status = change.status;
  // The first opening counts; opening again keeps the original time.
  if (change.read === true) set.readAt = sql`coalesce(read_at, ${new Date().toISOString()})`;
  if (change.read === false) set.readAt = null;
  // The changed rows come back with the update; the transaction holds their write lock until their
  // lines below are stored too.
  const changed = (await anyTrx.updateTable(leadTables[kind]).set(set).where("id", "in", found).returning([...leadCsvColumns[kind]]).execute()) as (CsvSource<typeof kind> & { id: string })[];
  await setColumnByIds(trx, leadSqlTables[kind], "csv_line", changed.map((lead) => [lead.id, leadCsvLine(kind, lead)] as const));

  if (change.status && change.status !== "spam") {
    const rescued = before.filter((lead) => lead.status === "spam");
    // Leads stored before deliveries existed have none either, and were never spam: they stay as they are.
    const served = await leadsWithDeliveries(trx, kind, rescued.map((lead) => lead.id));
    const now = new Date();
    for (const lead of rescued) if (!served.has(lead.id)) await insertDeliveries(trx, kind, lead.id, plan(lead), now);
  }
  return before.map((lead) => ({ id: lead.id, status: lead.status, read: lead.readAt !== null }));
}

/** Erasure: the leads, their notes, their deliveries and their Idempotency-Keys, together. Returns how many leads. */
export async function eraseLeads(trx: Transaction<Database>, kind: LeadKind, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await deleteNotesOf(trx, kind, ids);
  await deleteDeliveriesOf(trx, kind, ids);
  await deleteIdempotencyKeysOf(trx, kind, ids);
  const result = await untyped(trx).deleteFrom(leadTables[kind]).where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
