import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { LeadEvent, LeadKind } from "../../../contract/admin-leads.ts";
import { callAnswers, type CallOutcome, callOutcomeLabels } from "../../../contract/lead-calls.ts";
import type { ReplyInput } from "../../../contract/lead-messages.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { isPostgres } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { recordActivity, type ActivityActor } from "../activity/activity-repository.ts";
import { userRefs } from "../users/user-names.ts";
import type { DeliveryPlanner } from "./deliveries.ts";
import { insertEvents } from "./events.ts";
import { changeLeads } from "./lead-changes.ts";
import { leadTables, leadView } from "./lead-tables.ts";
import { insertOutgoing, outgoingEvent, requeueFailed, threadOf } from "./messages.ts";

// Answering a lead from its page (issue 33): an e-mail reply (queued for the worker in
// server/delivery/lead-replies.ts) and a logged call. Both go through recordAnswer, so the credit rule stays
// the one in lead-changes.ts: the first answer sets answeredAt and answeredBy, and a lead still "new" becomes
// "contacted" with its status event, deadline key and Activity entry, as if the user had set it.

type AnsweredLead = {
  id: string;
  status: LeadStatus;
  firstName: string;
  lastName: string;
  email: string;
  replyToken: string | null;
};

async function lockedLead(trx: Transaction<Database>, kind: LeadKind, id: string): Promise<AnsweredLead | undefined> {
  let query = leadView(trx)
    .selectFrom(leadTables[kind])
    .select(["id", "status", "firstName", "lastName", "email", "replyToken"])
    .where("id", "=", id);
  if (isPostgres(trx)) query = query.forUpdate();
  return (await query.executeTakeFirst()) as AnsweredLead | undefined;
}

/** A reply or a reached call answers the lead: a lead still "new" becomes "contacted" through the one status path (the credit rule). */
async function recordAnswer(
  trx: Transaction<Database>,
  kind: LeadKind,
  lead: AnsweredLead,
  plan: DeliveryPlanner,
  now: Date,
  actor: ActivityActor,
): Promise<void> {
  if (lead.status === "new") await changeLeads(trx, kind, [lead.id], { status: "contacted" }, plan, now, actor);
}

/** A lead's reply address token: 20 url-safe characters (120 random bits). */
export function newReplyToken(): string {
  return randomBytes(15).toString("base64url");
}

/** Who sends a reply: the user (their display name goes in From) and MAIL_FROM's address. */
export type ReplySenderInfo = { actor: { userId: string; name: string }; fromAddress: string };

export type ReplyOutcome = { event: LeadEvent } | undefined;

export function createLeadAnswers(db: Kysely<Database>, plan: DeliveryPlanner, clock: () => Date) {
  return {
    /**
     * Queues a reply to the lead, in one transaction: the message (threaded after the lead's last message),
     * the lead's reply token if it had none, its "lead wrote back" mark cleared (our turn is over), the first
     * answer's credit and the Activity entry. Undefined: no such lead.
     */
    async reply(kind: LeadKind, leadId: string, input: ReplyInput, sender: ReplySenderInfo): Promise<ReplyOutcome> {
      const now = clock();
      const id = await db.transaction().execute(async (trx) => {
        const lead = await lockedLead(trx, kind, leadId);
        if (!lead) return undefined;
        const thread = await threadOf(trx, kind, leadId);
        const domain = sender.fromAddress.split("@").pop()!;
        const messageId = await insertOutgoing(
          trx,
          {
            kind,
            leadId,
            messageId: `<${randomUUID()}@${domain}>`,
            thread,
            fromAddress: sender.fromAddress,
            fromName: sender.actor.name,
            toAddress: lead.email,
            subject: input.subject,
            body: input.body,
            sentBy: sender.actor.userId,
          },
          now,
        );
        await leadView(trx)
          .updateTable(leadTables[kind])
          .set({ replyToken: lead.replyToken ?? newReplyToken(), repliedAt: null })
          .where("id", "=", leadId)
          .execute();
        await recordAnswer(trx, kind, lead, plan, now, sender.actor);
        const name = `${lead.firstName} ${lead.lastName}`.trim();
        await recordActivity(
          trx,
          [
            {
              actor: sender.actor,
              kind: "reply",
              summary: `sent an e-mail to ${name}`,
              lead: { kind, id: leadId },
              data: { messageId },
            },
          ],
          now,
        );
        return messageId;
      });
      if (!id) return undefined;
      return { event: (await outgoingEvent(db, kind, leadId, id))! };
    },

    /** "Send again" on a message that was given up: queued anew. Undefined: no such failed message of this lead. */
    async retry(kind: LeadKind, leadId: string, messageId: string): Promise<ReplyOutcome> {
      if (!(await requeueFailed(db, kind, leadId, messageId, clock()))) return undefined;
      return { event: (await outgoingEvent(db, kind, leadId, messageId))! };
    },

    /** Logs a call; "reached" answers the lead (the credit rule). Undefined: no such lead. */
    async logCall(
      kind: LeadKind,
      leadId: string,
      call: { outcome: CallOutcome; note: string | null },
      actor: { userId: string; name: string },
    ): Promise<LeadEvent | undefined> {
      const now = clock();
      const id = await db.transaction().execute(async (trx) => {
        const lead = await lockedLead(trx, kind, leadId);
        if (!lead) return undefined;
        const [eventId] = await insertEvents(
          trx,
          kind,
          [{ leadId, type: "call", outcome: call.outcome, note: call.note }],
          now,
          actor.userId,
        );
        if (callAnswers(call.outcome)) await recordAnswer(trx, kind, lead, plan, now, actor);
        const name = `${lead.firstName} ${lead.lastName}`.trim();
        await recordActivity(
          trx,
          [
            {
              actor,
              kind: "call",
              summary: `logged a call to ${name}: ${callOutcomeLabels[call.outcome]}`,
              lead: { kind, id: leadId },
              data: { outcome: call.outcome },
            },
          ],
          now,
        );
        return eventId;
      });
      if (!id) return undefined;
      const ref = await userRefs(db, [actor.userId]);
      return { id, type: "call", at: now.toISOString(), outcome: call.outcome, note: call.note, by: ref(actor.userId) };
    },
  };
}
