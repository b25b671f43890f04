import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// Abuse resistance (issue 19), three small tables every instance shares:
// - used_form_tokens: a form token carries one lead (consumed in the lead's transaction; the primary key
//   decides a race between instances). Kept until the token would have expired anyway, then swept.
// - auto_reply_recipients: when each address last got an auto-reply, so one address gets at most one a
//   day, whichever instance stored the lead.
// - csp_violations: Content-Security-Policy reports, counted per day, page, directive and blocked origin
//   (a bounded table, not a row per report).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;

  await db.schema
    .createTable("used_form_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("used_form_tokens_expires_at_idx").on("used_form_tokens").column("expires_at").execute();

  await db.schema
    .createTable("auto_reply_recipients")
    .addColumn("address", "text", (c) => c.primaryKey())
    .addColumn("last_sent_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("auto_reply_recipients_last_sent_at_idx")
    .on("auto_reply_recipients")
    .column("last_sent_at")
    .execute();

  await db.schema
    .createTable("csp_violations")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("page_path", "text", (c) => c.notNull())
    .addColumn("directive", "text", (c) => c.notNull())
    .addColumn("blocked", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("last_seen_at", timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("csp_violations_pk", ["day", "page_path", "directive", "blocked"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("csp_violations").execute();
  await db.schema.dropTable("auto_reply_recipients").execute();
  await db.schema.dropTable("used_form_tokens").execute();
}
