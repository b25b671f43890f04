import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { LeadEvent, LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import type { Database } from "../../db/schema.ts";

// A lead's timeline besides its arrival, deliveries and notes (lead_events): every status change and
// every follow-up set or cleared, written by lead-changes.ts in the transaction of the change, and erased
// with the lead.

/** An event about to be written: what changed on which lead. */
export type NewLeadEvent =
  | { leadId: string; type: "status"; from: LeadStatus; to: LeadStatus }
  | { leadId: string; type: "follow-up"; followUpAt: string | null; note: string | null };

/** Writes the events of one change (all at `at`) in one statement. */
export async function insertEvents(trx: Transaction<Database>, kind: LeadKind, events: NewLeadEvent[], at: Date): Promise<void> {
  if (events.length === 0) return;
  const createdAt = at.toISOString();
  await trx
    .insertInto("leadEvents")
    .values(
      events.map((event) => ({
        id: randomUUID(),
        leadKind: kind,
        leadId: event.leadId,
        type: event.type,
        fromStatus: event.type === "status" ? event.from : null,
        toStatus: event.type === "status" ? event.to : null,
        followUpAt: event.type === "follow-up" ? event.followUpAt : null,
        note: event.type === "follow-up" ? event.note : null,
        createdAt,
      })),
    )
    .execute();
}

/**
 * A lead's events, oldest first. One change that sets the status and a follow-up writes both at the same
 * time: the status comes first, as the owner made it ("Contacted", then the next follow-up).
 */
export async function eventsOf(db: Kysely<Database>, kind: LeadKind, leadId: string): Promise<LeadEvent[]> {
  const rows = await db
    .selectFrom("leadEvents")
    .select(["id", "type", "fromStatus", "toStatus", "followUpAt", "note", "createdAt"])
    .where("leadKind", "=", kind)
    .where("leadId", "=", leadId)
    .orderBy("createdAt", "asc")
    // "status" after "follow-up" in the alphabet: descending puts it first within one instant.
    .orderBy("type", "desc")
    .execute();
  return rows.map((row): LeadEvent =>
    row.type === "status"
      ? { id: row.id, type: "status", at: row.createdAt, from: row.fromStatus as LeadStatus, to: row.toStatus as LeadStatus }
      : { id: row.id, type: "follow-up", at: row.createdAt, followUpAt: row.followUpAt, note: row.note },
  );
}

/** Part of deleting leads (erasure, bulk delete, retention), in the transaction that deletes them. */
export async function deleteEventsOf(trx: Transaction<Database>, kind: LeadKind, leadIds: string[]): Promise<void> {
  await trx.deleteFrom("leadEvents").where("leadKind", "=", kind).where("leadId", "in", leadIds).execute();
}
