import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// The account mails' outbox (issue 32, finding 4): invitations, password-reset links and the notices of a
// changed second factor are written here in the transaction that makes them and sent by a worker
// (server/delivery/account-mail.ts) with retries, so a request answers before any mail is sent. A mail's
// body carries a single-use link: it is cleared once the mail is sent or given up.
// A password-reset request is a row of its own kind, written alike for every address: the worker looks the
// address up, and only for an active account makes the link and the mail (an unknown address answers with
// exactly the same work).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = pg ? sql`uuid` : sql`text`;

  await db.schema
    .createTable("account_mails")
    .addColumn("id", id, (c) => c.primaryKey())
    // "mail": subject and body as queued; "password-reset": a reset asked for `recipient`, composed when sent.
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("mail"))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    // null once sent or given up (the link in it must not outlive the need).
    .addColumn("text_body", "text")
    .addColumn("html_body", "text")
    // The invitation or reset link the mail carries, if any: the Team page shows an invitation's mail state.
    .addColumn("verification_id", id)
    // pending, sending (leased by a worker), sent, failed (gave up), dropped (a reset for no active account)
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", timestamp)
    .addColumn("lease_until", timestamp)
    // Past it the mail is not worth sending (its link has expired): given up.
    .addColumn("expires_at", timestamp)
    .addColumn("last_error", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("sent_at", timestamp)
    .execute();
  await db.schema
    .createIndex("account_mails_due_idx")
    .on("account_mails")
    .columns(["state", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("account_mails_verification_idx").on("account_mails").column("verification_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("account_mails").execute();
}
