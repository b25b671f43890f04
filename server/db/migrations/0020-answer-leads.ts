import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// Answering leads in minutes (issue 33, docs/decisions/041-answer-leads.md).
// - business_hours (one row; none: the spec's default, Monday to Friday 9AM to 6PM in New York): the time
//   zone, each weekday's opening hours and the closed dates. A form's promise counts in these hours
//   (contract/business-hours.ts). Owner: server/repositories/business-hours-repository.ts.
// - leads: reply_by (the deadline under the business hours, stored so the day's queue and the reports
//   compare columns; null on rows from before until the start-up backfill writes it), answered_by (who
//   gave the first answer: a reply, a call that reached them or a status change), replied_at (the lead
//   wrote back after our last message; cleared when we answer again), reply_token (the lead's reply
//   address, replies+<token>@…, made when the first e-mail goes out). Owner: server/repositories/leads/.
// - lead_messages: the e-mails sent to a lead (an outbox: queued, sending, sent, failed) and received from
//   them (state "received"), threaded by Message-ID. Owner: server/repositories/leads/messages.ts.
// - lead_events.outcome: a logged call's outcome (type "call": reached, voicemail, no-answer) with its note.
// - reply_templates: the owner's e-mail templates. Owner: server/repositories/reply-templates-repository.ts.
// - mailbox_state (one row per mailbox): the IMAP poller's place (UIDVALIDITY, last UID seen) and the lease
//   that lets one instance poll at a time. Owner: server/delivery/inbound/.

const leadTables = ["contact_submissions", "service_inquiries"] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = pg ? sql`uuid` : sql`text`;

  await db.schema
    .createTable("business_hours")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("time_zone", "text", (c) => c.notNull())
    // JSON: [{ day: 1..7 (ISO, Monday 1), open: "HH:MM", close: "HH:MM" }]; a day not listed is closed.
    .addColumn("week", "text", (c) => c.notNull())
    // JSON: ["YYYY-MM-DD"] in the business time zone.
    .addColumn("closed_dates", "text", (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("updated_by", id)
    .execute();

  for (const table of leadTables) {
    await db.schema.alterTable(table).addColumn("reply_by", timestamp).execute();
    await db.schema.alterTable(table).addColumn("answered_by", id).execute();
    await db.schema.alterTable(table).addColumn("replied_at", timestamp).execute();
    await db.schema.alterTable(table).addColumn("reply_token", "text").execute();
    await db.schema
      .createIndex(`${table}_reply_token_idx`)
      .on(table)
      .column("reply_token")
      .unique()
      .where(sql.ref("reply_token"), "is not", null)
      .execute();
    // "Answer now": the leads still waiting for a first answer, newest first (a walk of the newest few).
    await db.schema
      .createIndex(`${table}_waiting_idx`)
      .on(table)
      .columns(["created_at", "id"])
      .where(sql.ref("status"), "=", "new")
      .execute();
    // Speed to lead's scan of a period (server/repositories/leads/reports.ts answerGroups): every column it reads.
    await db.schema
      .createIndex(`${table}_speed_idx`)
      .on(table)
      .columns(["created_at", "status", "answered_at", "reply_by", "answered_by", "assignee_id"])
      .execute();
    // Rows whose reply_by is still to be written (the start-up backfill finds them through it).
    await db.schema
      .createIndex(`${table}_no_reply_by_idx`)
      .on(table)
      .columns(["created_at", "id"])
      .where(sql.ref("reply_by"), "is", null)
      .execute();
  }

  await db.schema
    .createTable("lead_messages")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("lead_kind", "text", (c) => c.notNull())
    .addColumn("lead_id", id, (c) => c.notNull())
    // "out": written by a user, sent by the worker; "in": received from the lead over IMAP.
    .addColumn("direction", "text", (c) => c.notNull())
    // The RFC 5322 Message-ID, angle brackets included: unique, so a message read twice is stored once.
    .addColumn("message_id", "text", (c) => c.notNull().unique())
    .addColumn("in_reply_to", "text")
    // The References header as sent or received (space-separated Message-IDs).
    .addColumn("references_header", "text")
    .addColumn("from_address", "text", (c) => c.notNull())
    .addColumn("from_name", "text")
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    // The new text of the message; quoted history and the signature are kept apart (folded in the timeline).
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("quoted", "text")
    // The user who wrote an outgoing message (no foreign key: kept after the user is deleted).
    .addColumn("sent_by", id)
    // out: queued, sending (leased by a worker), sent, failed (gave up); in: received.
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", timestamp)
    .addColumn("lease_until", timestamp)
    .addColumn("last_error", "text")
    // Written (out) or received (in).
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("sent_at", timestamp)
    .execute();
  await db.schema
    .createIndex("lead_messages_lead_idx")
    .on("lead_messages")
    .columns(["lead_kind", "lead_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("lead_messages_due_idx")
    .on("lead_messages")
    .columns(["state", "next_attempt_at"])
    .execute();
  // The admin's pulse: the newest message from a lead.
  await db.schema
    .createIndex("lead_messages_received_idx")
    .on("lead_messages")
    .columns(["direction", "created_at"])
    .execute();

  await db.schema.alterTable("lead_events").addColumn("outcome", "text").execute();

  await db.schema
    .createTable("reply_templates")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("updated_by", id)
    .execute();

  await db.schema
    .createTable("mailbox_state")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("uid_validity", "text")
    .addColumn("last_uid", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lease_holder", "text")
    .addColumn("lease_until", timestamp)
    .addColumn("last_polled_at", timestamp)
    .addColumn("last_error", "text")
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("mailbox_state").execute();
  await db.schema.dropTable("reply_templates").execute();
  await db.schema.alterTable("lead_events").dropColumn("outcome").execute();
  await db.schema.dropTable("lead_messages").execute();
  for (const table of leadTables) {
    for (const index of ["no_reply_by", "speed", "waiting", "reply_token"])
      await db.schema.dropIndex(`${table}_${index}_idx`).execute();
    for (const column of ["reply_token", "replied_at", "answered_by", "reply_by"])
      await db.schema.alterTable(table).dropColumn(column).execute();
  }
  await db.schema.dropTable("business_hours").execute();
}
