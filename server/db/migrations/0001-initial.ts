import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// Contact submissions, service inquiries, users and sessions. Column types differ by dialect only
// where they must: ids and timestamps.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const id = pg ? sql`uuid` : sql`text`;

  const leadSourceColumns = [
    "page_path",
    "form_name",
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_term",
    "utm_content",
    "referrer",
  ];

  let contacts = db.schema
    .createTable("contact_submissions")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("company", "text")
    .addColumn("products", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("meeting_date", "text")
    .addColumn("meeting_time", "text")
    .addColumn("timezone", "text");
  for (const column of leadSourceColumns) contacts = contacts.addColumn(column, "text");
  await contacts
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("created_at", timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  let inquiries = db.schema
    .createTable("service_inquiries")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("company", "text")
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("service_type", "text", (c) => c.notNull())
    .addColumn("budget", "text")
    .addColumn("message", "text", (c) => c.notNull());
  for (const column of leadSourceColumns) inquiries = inquiries.addColumn(column, "text");
  await inquiries
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("created_at", timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  // Newest-first listing and keyset paging walk (created_at, id) backwards.
  await db.schema
    .createIndex("contact_submissions_created_at_id_idx")
    .on("contact_submissions")
    .columns(["created_at desc", "id desc"])
    .execute();
  await db.schema
    .createIndex("service_inquiries_created_at_id_idx")
    .on("service_inquiries")
    .columns(["created_at desc", "id desc"])
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn("last_seen_at", timestamp, (c) => c.notNull())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .addColumn("absolute_expires_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at_idx").on("sessions").column("expires_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("users").execute();
  await db.schema.dropTable("service_inquiries").execute();
  await db.schema.dropTable("contact_submissions").execute();
}
