import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadNote } from "../../../contract/lead-notes.ts";
import type { Database } from "../../db/schema.ts";

// The owner's internal notes on a lead (lead_notes), kept by kind and id of the lead.

export function notesOf(db: Kysely<Database>, kind: LeadKind, leadId: string): Promise<LeadNote[]> {
  return db
    .selectFrom("leadNotes")
    .select(["id", "body", "createdAt"])
    .where("leadKind", "=", kind)
    .where("leadId", "=", leadId)
    .orderBy("createdAt", "asc")
    .execute();
}

/** Adds a note, written at `now`, to a lead that exists (the caller checks, in the same transaction). */
export function insertNote(db: Kysely<Database>, kind: LeadKind, leadId: string, body: string, now: Date): Promise<LeadNote> {
  return db
    .insertInto("leadNotes")
    .values({ id: randomUUID(), leadKind: kind, leadId, body, createdAt: now.toISOString() })
    .returning(["id", "body", "createdAt"])
    .executeTakeFirstOrThrow();
}

/** Part of deleting leads (erasure in inbox.ts, retention.ts), in the transaction that deletes them. */
export async function deleteNotesOf(trx: Transaction<Database>, kind: LeadKind, leadIds: string[]): Promise<void> {
  await trx.deleteFrom("leadNotes").where("leadKind", "=", kind).where("leadId", "in", leadIds).execute();
}
