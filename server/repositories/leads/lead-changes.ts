import { sql, type RawBuilder, type Transaction } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { deadlineKey } from "../../../contract/reply-window.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { statusLabels } from "../../../contract/lead-statuses.ts";
import { VALUE_NEEDS_WON } from "../../../contract/admin-leads.ts";
import { formatAmount, toCents } from "../../../contract/money.ts";
import { recordActivity, type ActivityActor, type ActivityRecord } from "../activity/activity-repository.ts";
import { userRefs } from "../users/user-names.ts";
import { isPostgres } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { pushTargets, type PushTarget } from "../push-subscriptions-repository.ts";
import {
  deleteDeliveriesOf,
  insertDeliveries,
  leadsWithDeliveries,
  scheduleFollowUpPushes,
  type DeliveryPlanner,
} from "./deliveries.ts";
import { deleteEventsOf, insertEvents, type NewLeadEvent } from "./events.ts";
import { deleteIdempotencyKeysOf } from "./idempotency.ts";
import { leadSqlTables, leadTables, leadView, storedReplyBy } from "./lead-tables.ts";
import { deleteMessagesOf } from "./messages.ts";
import { deleteNotesOf } from "./notes.ts";

// The rules of changing and erasing leads, one place for the single lead (PATCH, DELETE), the bulk
// actions and retention. Each runs inside the caller's transaction.

/**
 * What a change sets. followUpAt null clears the follow-up and its note; followUpNote alone changes the
 * note of the follow-up the lead has.
 */
export type LeadChange = {
  status?: LeadStatus | undefined;
  read?: boolean | undefined;
  followUpAt?: string | null | undefined;
  followUpNote?: string | null | undefined;
  /** The user the leads are assigned to; null: unassigned (issue 23). */
  assigneeId?: string | null | undefined;
  /**
   * What the won lead is worth (issue 38), in currency units; null clears it. Only with status won or on
   * leads that are won (else refused: VALUE_NEEDS_WON). A lead that leaves won loses its value; a lead
   * set to won again without a value keeps none.
   */
  value?: number | null | undefined;
};
/** A lead's triage state as it was before a change (what an Undo puts back). */
export type LeadState = { id: string; status: LeadStatus; read: boolean; assigneeId: string | null };

/** A change the rules refuse; its message is the owner's (a 400). The transaction rolls back. */
export class LeadChangeRefused extends Error {}
export const FOLLOW_UP_TIME_FIRST = "Set a follow-up time first.";
export { VALUE_NEEDS_WON };

type Before = {
  id: string;
  firstName: string;
  lastName: string;
  status: LeadStatus;
  readAt: string | null;
  createdAt: string;
  formName: string | null;
  replyBy: string | null;
  followUpAt: string | null;
  followUpNote: string | null;
  assigneeId: string | null;
  wonValueCents: number | null;
};

/** The activity record of each event, in the owner's words (the lead's name: the record is the team's, like the lead). */
async function activityOf(
  trx: Transaction<Database>,
  kind: LeadKind,
  events: NewLeadEvent[],
  before: Before[],
  actor: ActivityActor,
): Promise<ActivityRecord[]> {
  const leads = new Map(before.map((lead) => [lead.id, lead]));
  const ref = await userRefs(
    trx,
    events.map((event) => (event.type === "assignment" ? event.assigneeId : null)),
  );
  return events.map((event): ActivityRecord => {
    const lead = leads.get(event.leadId)!;
    const name = `${lead.firstName} ${lead.lastName}`.trim();
    const about = { actor, lead: { kind, id: event.leadId } };
    if (event.type === "status") {
      if (event.to === "spam") return { ...about, kind: "spam", summary: `marked ${name} as spam` };
      if (event.from === "spam")
        return { ...about, kind: "spam", summary: `marked ${name} as not spam (${statusLabels[event.to]})` };
      const worth = event.to === "won" && event.value != null ? ` (${formatAmount(event.value)})` : "";
      return {
        ...about,
        kind: "status",
        summary: `changed ${name} from ${statusLabels[event.from]} to ${statusLabels[event.to]}${worth}`,
        data: { from: event.from, to: event.to, ...(event.to === "won" ? { value: event.value ?? null } : {}) },
      };
    }
    if (event.type === "value")
      return {
        ...about,
        kind: "status",
        summary:
          event.value === null
            ? `cleared the value of ${name}`
            : `set the value of ${name} to ${formatAmount(event.value)}`,
        data: { value: event.value },
      };
    if (event.type === "assignment") {
      const assignee = ref(event.assigneeId);
      return {
        ...about,
        kind: "assignment",
        summary: assignee ? `assigned ${name} to ${assignee.name}` : `unassigned ${name}`,
        data: { assigneeId: event.assigneeId },
      };
    }
    // A change writes no call (answers.ts records its own); the type says so for the follow-up below.
    if (event.type === "call") throw new Error("a lead change records no call");
    return {
      ...about,
      kind: "follow-up",
      summary: event.followUpAt ? `set a follow-up on ${name}` : `cleared the follow-up on ${name}`,
    };
  });
}

/** The follow-up a lead has after the change. */
function followUpAfter(lead: Before, change: LeadChange): { at: string | null; note: string | null } {
  const at = change.followUpAt !== undefined ? change.followUpAt : lead.followUpAt;
  const note =
    change.followUpAt === null ? null : change.followUpNote !== undefined ? change.followUpNote : lead.followUpNote;
  return { at, note };
}

/**
 * Sets the status, the read mark and/or the follow-up of the leads and rewrites their CSV lines and
 * deadline keys; a lead rescued from spam gets the deliveries it was never sent; each status change and
 * follow-up change is recorded as an event. Returns the states of the leads found, before the change.
 * Three statements whatever the number of leads: the states are read (under lock on PostgreSQL; SQLite's
 * transaction holds the write lock already), then one UPDATE writes the new state of the leads whose
 * state changes (the others are left alone: every written row costs an entry in each index of the lead
 * table; the search text's trigram index is in a table of its own, which this never writes, decision 022),
 * without sending them, and one INSERT writes
 * the events. `now` is the caller's clock: the read time, the events' time.
 */
export async function changeLeads(
  trx: Transaction<Database>,
  kind: LeadKind,
  ids: string[],
  change: LeadChange,
  plan: DeliveryPlanner,
  now: Date,
  actor: ActivityActor = null,
): Promise<LeadState[]> {
  if (ids.length === 0) return [];
  let query = leadView(trx)
    .selectFrom(leadTables[kind])
    .select([
      "id",
      "firstName",
      "lastName",
      "status",
      "readAt",
      "createdAt",
      "formName",
      "replyBy",
      "followUpAt",
      "followUpNote",
      "assigneeId",
      "wonValueCents",
    ])
    .where("id", "in", ids);
  if (isPostgres(trx)) query = query.forUpdate();
  const before = (await query.execute()) as Before[];
  if (before.length === 0) return [];

  const touchesFollowUp = change.followUpAt !== undefined || change.followUpNote !== undefined;
  const events: NewLeadEvent[] = [];
  const statusChanged: Before[] = [];
  const changed = before.filter((lead) => {
    let differs = change.read !== undefined && change.read !== (lead.readAt !== null);
    const statusAfter = change.status ?? lead.status;
    if (change.value !== undefined && statusAfter !== "won") throw new LeadChangeRefused(VALUE_NEEDS_WON);
    if (change.status !== undefined && change.status !== lead.status) {
      statusChanged.push(lead);
      const value = change.status === "won" ? { value: change.value ?? null } : {};
      events.push({ leadId: lead.id, type: "status", from: lead.status, to: change.status, ...value });
      differs = true;
    } else if (change.value !== undefined) {
      // A won lead's value set or changed (it stays won).
      const cents = change.value === null ? null : toCents(change.value);
      if (cents !== lead.wonValueCents) {
        events.push({ leadId: lead.id, type: "value", value: change.value });
        differs = true;
      }
    }
    if (change.assigneeId !== undefined && change.assigneeId !== lead.assigneeId) {
      events.push({ leadId: lead.id, type: "assignment", assigneeId: change.assigneeId });
      differs = true;
    }
    if (touchesFollowUp) {
      const next = followUpAfter(lead, change);
      if (next.note !== null && next.at === null) throw new LeadChangeRefused(FOLLOW_UP_TIME_FIRST);
      if (next.at !== lead.followUpAt || next.note !== lead.followUpNote) {
        events.push({ leadId: lead.id, type: "follow-up", followUpAt: next.at, note: next.note });
        differs = true;
      }
    }
    return differs;
  });

  // The first opening counts; opening again keeps the original time.
  const nowIso = now.toISOString();
  if (changed.length > 0) {
    const set: RawBuilder<unknown>[] = [];
    if (change.status) set.push(sql`status = ${change.status}`);
    if (statusChanged.length > 0) {
      // Each lead's own key (its arrival and form), by the contract's rule: one statement for all of them.
      const keys = statusChanged.map(
        (lead) =>
          sql`when ${lead.id} then ${deadlineKey({ status: change.status!, createdAt: lead.createdAt, replyBy: storedReplyBy(lead) })}`,
      );
      set.push(sql`deadline_key = case id ${sql.join(keys, sql` `)} else deadline_key end`);
    }
    // Speed to lead (issue 24): the first time a lead leaves "new" for an answer (not spam) counts.
    // The one credit rule (issue 33): whoever gives the first answer keeps it; a reply or a call that reached
    // the lead comes through here too (answers.ts recordAnswer). Both SET expressions see the old answered_at.
    if (change.status && change.status !== "new" && change.status !== "spam") {
      set.push(sql`answered_at = coalesce(answered_at, ${nowIso})`);
      set.push(sql`answered_by = case when answered_at is null then ${actor?.userId ?? null} else answered_by end`);
    }
    if (change.read === true) set.push(sql`read_at = coalesce(read_at, ${nowIso})`);
    if (change.read === false) set.push(sql`read_at = null`);
    if (change.assigneeId !== undefined) set.push(sql`assignee_id = ${change.assigneeId}`);
    // Issue 38: the value belongs to "won": given, it is set; a lead leaving won (or won anew without one) has none.
    if (change.value !== undefined)
      set.push(sql`won_value_cents = ${change.value === null ? null : toCents(change.value)}`);
    else if (change.status !== undefined)
      set.push(
        change.status === "won"
          ? sql`won_value_cents = case when status = 'won' then won_value_cents else null end`
          : sql`won_value_cents = null`,
      );
    if (change.followUpAt !== undefined) set.push(sql`follow_up_at = ${change.followUpAt}`);
    if (change.followUpAt === null) set.push(sql`follow_up_note = null`);
    else if (change.followUpNote !== undefined) set.push(sql`follow_up_note = ${change.followUpNote}`);
    await sql`update ${sql.table(leadSqlTables[kind])} set ${sql.join(set)} where id in (${sql.join(changed.map((lead) => lead.id))})`.execute(
      trx,
    );
    await insertEvents(trx, kind, events, now, actor?.userId ?? null);
    await recordActivity(trx, await activityOf(trx, kind, events, before, actor), now);
    // A follow-up's reminder goes to the devices of its assignee and the owners at its time (issue 36):
    // moved, cleared or handed over here, it is planned again with the change.
    // The devices read once per assignee, not once per lead of a bulk change.
    const targetsOf = new Map<string | null, Promise<PushTarget[]>>();
    for (const lead of changed) {
      const at = touchesFollowUp ? followUpAfter(lead, change).at : lead.followUpAt;
      const assigneeId = change.assigneeId !== undefined ? change.assigneeId : lead.assigneeId;
      if (at === lead.followUpAt && assigneeId === lead.assigneeId) continue;
      if (at !== null && !targetsOf.has(assigneeId)) targetsOf.set(assigneeId, pushTargets(trx, assigneeId));
      await scheduleFollowUpPushes(trx, kind, lead.id, at, at === null ? [] : await targetsOf.get(assigneeId)!, now);
    }
  }

  if (change.status && change.status !== "spam") {
    const rescued = before.filter((lead) => lead.status === "spam").map((lead) => lead.id);
    // Leads stored before deliveries existed have none either, and were never spam: they stay as they are.
    const served = await leadsWithDeliveries(trx, kind, rescued);
    const unserved = rescued.filter((id) => !served.has(id));
    if (unserved.length > 0) {
      const leads = await leadView(trx)
        .selectFrom(leadTables[kind])
        .select(["id", "email"])
        .where("id", "in", unserved)
        .execute();
      for (const lead of leads) await insertDeliveries(trx, kind, lead.id, await plan(trx, lead, "rescued"), now);
    }
  }
  return before.map((lead) => ({
    id: lead.id,
    status: lead.status,
    read: lead.readAt !== null,
    assigneeId: lead.assigneeId,
  }));
}

/**
 * Erasure: the leads, their notes, events, deliveries and Idempotency-Keys, together. Returns how many leads.
 * With an `actor` (the admin; not retention) each deletion is recorded, without anything of the person.
 */
export async function eraseLeads(
  trx: Transaction<Database>,
  kind: LeadKind,
  ids: string[],
  actor?: ActivityActor,
  now?: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  if (actor !== undefined && now) {
    const found: { id: string }[] = await leadView(trx)
      .selectFrom(leadTables[kind])
      .select("id")
      .where("id", "in", ids)
      .execute();
    const what = kind === "contacts" ? "a contact lead" : "a service inquiry";
    await recordActivity(
      trx,
      found.map((lead) => ({ actor, kind: "delete", summary: `deleted ${what}`, lead: { kind, id: lead.id } })),
      now,
    );
  }
  await deleteNotesOf(trx, kind, ids);
  await deleteEventsOf(trx, kind, ids);
  await deleteDeliveriesOf(trx, kind, ids);
  await deleteMessagesOf(trx, kind, ids);
  await deleteIdempotencyKeysOf(trx, kind, ids);
  const result = await leadView(trx).deleteFrom(leadTables[kind]).where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
