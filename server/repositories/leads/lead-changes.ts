import { sql, type RawBuilder, type Transaction } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { isPostgres } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { csvLineWithState, leadCsvColumns } from "./csv.ts";
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
 * Two statements whatever the number of leads: the states are read (under lock on PostgreSQL; SQLite's
 * transaction holds the write lock already), then one UPDATE writes the new state of the leads whose
 * state changes (the others are left alone: every written row costs an entry in each index of the lead
 * table; the search text's trigram index is in a table of its own, which this never writes, decision 022)
 * and rewrites their CSV lines in place (csvLineWithState), without sending them.
 */
export async function changeLeads(trx: Transaction<Database>, kind: LeadKind, ids: string[], change: LeadChange, plan: DeliveryPlanner): Promise<LeadState[]> {
  if (ids.length === 0) return [];
  let query = untyped(trx).selectFrom(leadTables[kind]).select(["id", "status", "readAt"]).where("id", "in", ids);
  if (isPostgres(trx)) query = query.forUpdate();
  const before = (await query.execute()) as { id: string; status: LeadStatus; readAt: string | null }[];
  if (before.length === 0) return [];

  // The first opening counts; opening again keeps the original time.
  const now = new Date().toISOString();
  const changed = before.filter((lead) => (change.status !== undefined && change.status !== lead.status) || (change.read !== undefined && change.read !== (lead.readAt !== null)));
  if (changed.length > 0) {
    const set: RawBuilder<unknown>[] = [];
    if (change.status) set.push(sql`status = ${change.status}`);
    if (change.read === true) set.push(sql`read_at = coalesce(read_at, ${now})`);
    if (change.read === false) set.push(sql`read_at = null`);
    const status = change.status ? sql`${change.status}` : sql`status`;
    // Every SET expression sees the row as it was: read_at is still the old one here.
    const csv = csvLineWithState(trx, status, (oldRead) => (change.read === true ? sql`case when read_at is null then ${now} else ${oldRead} end` : change.read === false ? sql`''` : oldRead));
    set.push(sql`csv_line = ${csv}`);
    await sql`update ${sql.table(leadSqlTables[kind])} set ${sql.join(set)} where id in (${sql.join(changed.map((lead) => lead.id))})`.execute(trx);
  }

  if (change.status && change.status !== "spam") {
    const rescued = before.filter((lead) => lead.status === "spam").map((lead) => lead.id);
    // Leads stored before deliveries existed have none either, and were never spam: they stay as they are.
    const served = await leadsWithDeliveries(trx, kind, rescued);
    const unserved = rescued.filter((id) => !served.has(id));
    if (unserved.length > 0) {
      const leads = (await untyped(trx).selectFrom(leadTables[kind]).select([...leadCsvColumns[kind]]).where("id", "in", unserved).execute()) as { id: string; email: string }[];
      for (const lead of leads) await insertDeliveries(trx, kind, lead.id, await plan(trx, lead, "rescued"), new Date(now));
    }
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
