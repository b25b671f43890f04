import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadNote } from "../../../contract/lead-notes.ts";
import type { Database } from "../../db/schema.ts";
import { userRefs } from "../users/user-names.ts";

// The owner's internal notes on a lead (lead_notes), kept by kind and id of the lead.

export async function notesOf(db: Kysely<Database>, kind: LeadKind, leadId: string): Promise<LeadNote[]> {
  const rows = await db
    .selectFrom("leadNotes")
    .select(["id", "body", "createdAt", "authorId"])
    .where("leadKind", "=", kind)
    .where("leadId", "=", leadId)
    .orderBy("createdAt", "asc")
    .execute();
  const ref = await userRefs(
    db,
    rows.map((row) => row.authorId),
  );
  return rows.map(({ authorId, ...note }) => ({ ...note, author: ref(authorId) }));
}

/** Adds a note by `authorId`, written at `now`, to a lead that exists (the caller checks, in the same transaction). */
export async function insertNote(
  db: Kysely<Database>,
  kind: LeadKind,
  leadId: string,
  body: string,
  now: Date,
  authorId: string | null = null,
): Promise<LeadNote> {
  const note = await db
    .insertInto("leadNotes")
    .values({ id: randomUUID(), leadKind: kind, leadId, body, authorId, createdAt: now.toISOString() })
    .returning(["id", "body", "createdAt"])
    .executeTakeFirstOrThrow();
  const ref = await userRefs(db, [authorId]);
  return { ...note, author: ref(authorId) };
}

/** Part of deleting leads (erasure in inbox.ts, retention.ts), in the transaction that deletes them. */
export async function deleteNotesOf(trx: Transaction<Database>, kind: LeadKind, leadIds: string[]): Promise<void> {
  await trx.deleteFrom("leadNotes").where("leadKind", "=", kind).where("leadId", "in", leadIds).execute();
}
