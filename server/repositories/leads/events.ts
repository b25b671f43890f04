import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { LeadEvent, LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import type { CallOutcome } from "../../../contract/lead-calls.ts";
import { fromCents, toCents } from "../../../contract/money.ts";
import type { Database } from "../../db/schema.ts";
import { userRefs } from "../users/user-names.ts";

// A lead's timeline besides its arrival, deliveries and notes (lead_events): every status change (to won:
// with the value given, issue 38), every value of a won lead set or cleared, every follow-up set or cleared, written by lead-changes.ts in the transaction of the change, and erased
// with the lead.

/** An event about to be written: what changed on which lead. */
export type NewLeadEvent =
  | { leadId: string; type: "status"; from: LeadStatus; to: LeadStatus; value?: number | null }
  | { leadId: string; type: "value"; value: number | null }
  | { leadId: string; type: "follow-up"; followUpAt: string | null; note: string | null }
  | { leadId: string; type: "assignment"; assigneeId: string | null }
  | { leadId: string; type: "call"; outcome: CallOutcome; note: string | null };

/** Writes the events of one change (all at `at`, by `actorId`) in one statement; answers their ids, in order. */
export async function insertEvents(
  trx: Transaction<Database>,
  kind: LeadKind,
  events: NewLeadEvent[],
  at: Date,
  actorId: string | null = null,
): Promise<string[]> {
  if (events.length === 0) return [];
  const createdAt = at.toISOString();
  const ids = events.map(() => randomUUID());
  await trx
    .insertInto("leadEvents")
    .values(
      events.map((event, index) => ({
        id: ids[index]!,
        leadKind: kind,
        leadId: event.leadId,
        type: event.type,
        fromStatus: event.type === "status" ? event.from : null,
        toStatus: event.type === "status" ? event.to : null,
        followUpAt: event.type === "follow-up" ? event.followUpAt : null,
        note: event.type === "follow-up" || event.type === "call" ? event.note : null,
        assigneeId: event.type === "assignment" ? event.assigneeId : null,
        outcome: event.type === "call" ? event.outcome : null,
        valueCents:
          (event.type === "status" || event.type === "value") && event.value != null ? toCents(event.value) : null,
        actorId,
        createdAt,
      })),
    )
    .execute();
  return ids;
}

/**
 * A lead's events, oldest first. One change that sets the status and a follow-up writes both at the same
 * time: the status comes first, as the owner made it ("Contacted", then the next follow-up).
 */
export async function eventsOf(db: Kysely<Database>, kind: LeadKind, leadId: string): Promise<LeadEvent[]> {
  const rows = await db
    .selectFrom("leadEvents")
    .select([
      "id",
      "type",
      "fromStatus",
      "toStatus",
      "followUpAt",
      "note",
      "assigneeId",
      "outcome",
      "valueCents",
      "actorId",
      "createdAt",
    ])
    .where("leadKind", "=", kind)
    .where("leadId", "=", leadId)
    .orderBy("createdAt", "asc")
    // "status" after "follow-up" and "assignment" in the alphabet: descending puts it first within one instant.
    .orderBy("type", "desc")
    .execute();
  const ref = await userRefs(
    db,
    rows.flatMap((row) => [row.actorId, row.assigneeId]),
  );
  return rows.map((row): LeadEvent => {
    const by = ref(row.actorId);
    if (row.type === "status")
      return {
        id: row.id,
        type: "status",
        at: row.createdAt,
        from: row.fromStatus as LeadStatus,
        to: row.toStatus as LeadStatus,
        ...(row.toStatus === "won" ? { value: row.valueCents === null ? null : fromCents(row.valueCents) } : {}),
        by,
      };
    if (row.type === "value")
      return {
        id: row.id,
        type: "value",
        at: row.createdAt,
        value: row.valueCents === null ? null : fromCents(row.valueCents),
        by,
      };
    if (row.type === "assignment")
      return { id: row.id, type: "assignment", at: row.createdAt, assignee: ref(row.assigneeId), by };
    if (row.type === "call")
      return { id: row.id, type: "call", at: row.createdAt, outcome: row.outcome as CallOutcome, note: row.note, by };
    return { id: row.id, type: "follow-up", at: row.createdAt, followUpAt: row.followUpAt, note: row.note, by };
  });
}

/** Part of deleting leads (erasure, bulk delete, retention), in the transaction that deletes them. */
export async function deleteEventsOf(trx: Transaction<Database>, kind: LeadKind, leadIds: string[]): Promise<void> {
  await trx.deleteFrom("leadEvents").where("leadKind", "=", kind).where("leadId", "in", leadIds).execute();
}
