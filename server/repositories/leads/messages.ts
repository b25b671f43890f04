import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { leadKinds, type LeadEvent, type LeadKind } from "../../../contract/admin-leads.ts";
import type { OutgoingMessageState } from "../../../contract/lead-messages.ts";
import { isPostgres } from "../../db/dialect.ts";
import type { Database, LeadMessagesTable } from "../../db/schema.ts";
import { userRefs } from "../users/user-names.ts";
import { eventsOf } from "./events.ts";
import { leadTables, leadView } from "./lead-tables.ts";

// The e-mails to and from a lead (lead_messages, migration 0020). "out" rows are an outbox: written queued in
// the transaction of the reply (answers.ts), claimed with a lease by the worker (server/delivery/lead-replies.ts),
// marked sent as soon as the transport accepts them. "in" rows are written by the IMAP poller
// (server/delivery/inbound/, through leads/inbound-messages.ts); here they are only read, into the timeline.

/** How many Message-IDs a References header keeps: the first (the thread's root) and the latest ones. */
const REFERENCES_MAX = 20;

/** The thread a new message continues: the lead's last message, in or out. */
export type ThreadHeaders = { inReplyTo: string | null; references: string | null };

export async function threadOf(db: Kysely<Database>, kind: LeadKind, leadId: string): Promise<ThreadHeaders> {
  const last = await db
    .selectFrom("leadMessages")
    .select(["messageId", "referencesHeader"])
    .where("leadKind", "=", kind)
    .where("leadId", "=", leadId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!last) return { inReplyTo: null, references: null };
  const ids = [...(last.referencesHeader?.split(/\s+/).filter(Boolean) ?? []), last.messageId];
  const kept = ids.length > REFERENCES_MAX ? [ids[0]!, ...ids.slice(ids.length - REFERENCES_MAX + 1)] : ids;
  return { inReplyTo: last.messageId, references: kept.join(" ") };
}

export type NewOutgoingMessage = {
  kind: LeadKind;
  leadId: string;
  /** With angle brackets: <uuid@domain of MAIL_FROM>. */
  messageId: string;
  thread: ThreadHeaders;
  fromAddress: string;
  fromName: string;
  toAddress: string;
  subject: string;
  body: string;
  sentBy: string;
};

/** Queues one message in the caller's transaction; answers its id. */
export async function insertOutgoing(
  trx: Transaction<Database>,
  message: NewOutgoingMessage,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  const at = now.toISOString();
  await trx
    .insertInto("leadMessages")
    .values({
      id,
      leadKind: message.kind,
      leadId: message.leadId,
      direction: "out",
      messageId: message.messageId,
      inReplyTo: message.thread.inReplyTo,
      referencesHeader: message.thread.references,
      fromAddress: message.fromAddress,
      fromName: message.fromName,
      toAddress: message.toAddress,
      subject: message.subject,
      body: message.body,
      quoted: null,
      sentBy: message.sentBy,
      state: "queued",
      nextAttemptAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  return id;
}

type TimelineRow = Pick<
  LeadMessagesTable,
  | "id"
  | "direction"
  | "subject"
  | "body"
  | "quoted"
  | "fromAddress"
  | "fromName"
  | "toAddress"
  | "state"
  | "lastError"
  | "sentBy"
  | "createdAt"
>;

/** A message row as a timeline entry. */
function toEvent(row: TimelineRow, ref: (id: string | null) => { id: string; name: string } | null): LeadEvent {
  if (row.direction === "in") {
    const from = row.fromName ? `${row.fromName} <${row.fromAddress}>` : row.fromAddress;
    return {
      id: row.id,
      type: "email-in",
      at: row.createdAt,
      from,
      subject: row.subject,
      body: row.body,
      quoted: row.quoted,
      by: null,
    };
  }
  return {
    id: row.id,
    type: "email-out",
    at: row.createdAt,
    subject: row.subject,
    body: row.body,
    to: row.toAddress,
    state: row.state as OutgoingMessageState,
    lastError: row.lastError,
    by: ref(row.sentBy),
  };
}

const timelineColumns = [
  "id",
  "direction",
  "subject",
  "body",
  "quoted",
  "fromAddress",
  "fromName",
  "toAddress",
  "state",
  "lastError",
  "sentBy",
  "createdAt",
] as const;

/** A lead's messages, oldest first, as timeline entries. */
export async function messageEventsOf(db: Kysely<Database>, kind: LeadKind, leadId: string): Promise<LeadEvent[]> {
  const rows = await db
    .selectFrom("leadMessages")
    .select(timelineColumns)
    .where("leadKind", "=", kind)
    .where("leadId", "=", leadId)
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .execute();
  const ref = await userRefs(
    db,
    rows.map((row) => row.sentBy),
  );
  return rows.map((row) => toEvent(row, ref));
}

/** Entries of the same instant: the message or call first, then the status change it made. */
const rank = (event: LeadEvent) =>
  event.type === "email-out" || event.type === "email-in" || event.type === "call" ? 0 : 1;

/** The lead's whole timeline besides its arrival, deliveries and notes: its events and its messages, oldest first. */
export async function timelineOf(db: Kysely<Database>, kind: LeadKind, leadId: string): Promise<LeadEvent[]> {
  const [events, messages] = await Promise.all([eventsOf(db, kind, leadId), messageEventsOf(db, kind, leadId)]);
  // A stable sort: each list's own order holds within an instant.
  return [...events, ...messages].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || rank(a) - rank(b));
}

/** One outgoing message of a lead as its timeline entry; undefined when there is none. */
export async function outgoingEvent(
  db: Kysely<Database>,
  kind: LeadKind,
  leadId: string,
  id: string,
): Promise<LeadEvent | undefined> {
  const row = await db
    .selectFrom("leadMessages")
    .select(timelineColumns)
    .where("id", "=", id)
    .where("leadKind", "=", kind)
    .where("leadId", "=", leadId)
    .where("direction", "=", "out")
    .executeTakeFirst();
  if (!row) return undefined;
  return toEvent(row, await userRefs(db, [row.sentBy]));
}

/**
 * Puts a failed message back in the queue ("Send again"), with its attempts counted from zero; answers
 * whether it was a failed message of this lead.
 */
export async function requeueFailed(
  db: Kysely<Database>,
  kind: LeadKind,
  leadId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("leadMessages")
    .set({ state: "queued", attempts: 0, nextAttemptAt: at, leaseUntil: null, updatedAt: at })
    .where("id", "=", id)
    .where("leadKind", "=", kind)
    .where("leadId", "=", leadId)
    .where("direction", "=", "out")
    .where("state", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Part of deleting leads (erasure, bulk delete, retention), in the transaction that deletes them. */
export async function deleteMessagesOf(trx: Transaction<Database>, kind: LeadKind, leadIds: string[]): Promise<void> {
  await trx.deleteFrom("leadMessages").where("leadKind", "=", kind).where("leadId", "in", leadIds).execute();
}

/** An e-mail to or from a lead as threading and the timeline read it: the same fields both ways. */
export type LeadMail = {
  /** With angle brackets. */
  messageId: string;
  inReplyTo: string | null;
  references: string | null;
  fromAddress: string;
  fromName: string | null;
  toAddress: string;
  subject: string;
  body: string;
};

/** A message a worker holds: everything it needs to send it. `attempts` counts this attempt. */
export type ClaimedLeadMessage = LeadMail & {
  id: string;
  leadKind: LeadKind;
  leadId: string;
  attempts: number;
  createdAt: string;
  /** The lead's reply-address token (made with the message, in its transaction). */
  replyToken: string | null;
};

/** The outbox of outgoing messages, for the worker. */
export function createLeadMessageOutbox(db: Kysely<Database>) {
  return {
    /**
     * Takes up to `limit` due messages until `leaseUntil`: queued ones whose attempt has come and sending
     * ones whose worker died mid-send (their lease ran out). SKIP LOCKED on PostgreSQL lets instances
     * claim side by side.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedLeadMessage[]> {
      const at = now.toISOString();
      let due = db
        .selectFrom("leadMessages")
        .select("id")
        .where("direction", "=", "out")
        .where((eb) =>
          eb.or([
            eb.and([eb("state", "=", "queued"), eb("nextAttemptAt", "<=", at)]),
            eb.and([eb("state", "=", "sending"), eb("leaseUntil", "<=", at)]),
          ]),
        )
        .orderBy("nextAttemptAt")
        .limit(limit);
      if (isPostgres(db)) due = due.forUpdate().skipLocked();
      const rows = await db
        .updateTable("leadMessages")
        .set({
          state: "sending",
          leaseUntil: leaseUntil.toISOString(),
          attempts: sql<number>`attempts + 1`,
          updatedAt: at,
        })
        .where("id", "in", due)
        .returning([
          "id",
          "leadKind",
          "leadId",
          "messageId",
          "inReplyTo",
          "referencesHeader",
          "fromAddress",
          "fromName",
          "toAddress",
          "subject",
          "body",
          "attempts",
          "createdAt",
        ])
        .execute();
      if (rows.length === 0) return [];
      const tokens = new Map<string, string | null>();
      for (const kind of leadKinds) {
        const ids = rows.filter((row) => row.leadKind === kind).map((row) => row.leadId);
        if (ids.length === 0) continue;
        const found = await leadView(db)
          .selectFrom(leadTables[kind])
          .select(["id", "replyToken"])
          .where("id", "in", ids)
          .execute();
        for (const lead of found) tokens.set(lead.id, lead.replyToken);
      }
      return rows.map((row) => ({
        id: row.id,
        leadKind: row.leadKind as LeadKind,
        leadId: row.leadId,
        messageId: row.messageId,
        inReplyTo: row.inReplyTo,
        references: row.referencesHeader,
        fromAddress: row.fromAddress,
        fromName: row.fromName,
        toAddress: row.toAddress,
        subject: row.subject,
        body: row.body,
        attempts: Number(row.attempts),
        createdAt: row.createdAt,
        replyToken: tokens.get(row.leadId) ?? null,
      }));
    },

    /** Sent: written the moment the transport accepts it. Only the worker still holding the lease may say so. */
    async markSent(id: string, now: Date): Promise<void> {
      const at = now.toISOString();
      await db
        .updateTable("leadMessages")
        .set({ state: "sent", sentAt: at, updatedAt: at, leaseUntil: null, nextAttemptAt: null, lastError: null })
        .where("id", "=", id)
        .where("state", "=", "sending")
        .execute();
    },

    /** Failed this attempt: queued again at `retryAt`, or given up (failed, shown on the timeline) when it is null. */
    async markFailed(id: string, error: string, retryAt: Date | null, now: Date): Promise<void> {
      await db
        .updateTable("leadMessages")
        .set({
          state: retryAt ? "queued" : "failed",
          nextAttemptAt: retryAt?.toISOString() ?? null,
          leaseUntil: null,
          lastError: error.slice(0, 2000),
          updatedAt: now.toISOString(),
        })
        .where("id", "=", id)
        .where("state", "=", "sending")
        .execute();
    },
  };
}

export type LeadMessageOutbox = ReturnType<typeof createLeadMessageOutbox>;
