import { sql, type RawBuilder, type Transaction } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { isPostgres, setColumnByIds } from "../../db/dialect.ts";
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
 * One UPDATE writes the new state and CSV line of the leads whose state changes (the others are left
 * alone): every written row costs its indexes, the trigram one most (PostgreSQL).
 */
export async function changeLeads(trx: Transaction<Database>, kind: LeadKind, ids: string[], change: LeadChange, plan: DeliveryPlanner): Promise<LeadState[]> {
  if (ids.length === 0) return [];
  let query = untyped(trx).selectFrom(leadTables[kind]).select([...leadCsvColumns[kind]]).where("id", "in", ids);
  // The rows stay as read until the update (SQLite's transaction holds the database's write lock already).
  if (isPostgres(trx)) query = query.forUpdate();
  const before = (await query.execute()) as (CsvSource<typeof kind> & { id: string; status: LeadStatus; readAt: string | null; email: string })[];
  if (before.length === 0) return [];

  // The first opening counts; opening again keeps the original time.
  const now = new Date().toISOString();
  const readAt = (current: string | null) => (change.read === true ? (current ?? now) : change.read === false ? null : current);
  const lines: [string, string][] = [];
  for (const lead of before) {
    const after = { ...lead, status: change.status ?? lead.status, readAt: readAt(lead.readAt) };
    if (after.status !== lead.status || after.readAt !== lead.readAt) lines.push([lead.id, leadCsvLine(kind, after)]);
  }
  const set: RawBuilder<unknown>[] = [];
  if (change.status) set.push(sql`status = ${change.status}`);
  if (change.read === true) set.push(sql`read_at = coalesce(read_at, ${now})`);
  if (change.read === false) set.push(sql`read_at = null`);
  await setColumnByIds(trx, leadSqlTables[kind], "csv_line", lines, sql.join(set));

  if (change.status && change.status !== "spam") {
    const rescued = before.filter((lead) => lead.status === "spam");
    // Leads stored before deliveries existed have none either, and were never spam: they stay as they are.
    const served = await leadsWithDeliveries(trx, kind, rescued.map((lead) => lead.id));
    for (const lead of rescued) if (!served.has(lead.id)) await insertDeliveries(trx, kind, lead.id, plan(lead), new Date(now));
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
