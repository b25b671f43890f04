import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// The owner's inbox: when a lead was first opened (unread leads stand out), internal notes, and
// indexes for the filtered, newest-first lists and the unread counts.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const id = pg ? sql`uuid` : sql`text`;

  for (const table of ["contact_submissions", "service_inquiries"]) {
    await db.schema.alterTable(table).addColumn("read_at", timestamp).execute();
    await db.schema
      .createIndex(`${table}_status_created_at_idx`)
      .on(table)
      .columns(["status", "created_at desc", "id desc"])
      .execute();
    // Covers the unread counts (status is part of them) without touching the table.
    await db.schema
      .createIndex(`${table}_unread_idx`)
      .on(table)
      .columns(["status", "created_at"])
      .where(sql.ref("read_at"), "is", null)
      .execute();
  }

  await db.schema
    .createTable("lead_notes")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("lead_kind", "text", (c) => c.notNull())
    .addColumn("lead_id", id, (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("lead_notes_lead_idx")
    .on("lead_notes")
    .columns(["lead_kind", "lead_id", "created_at"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lead_notes").execute();
  for (const table of ["contact_submissions", "service_inquiries"]) {
    await db.schema.dropIndex(`${table}_unread_idx`).execute();
    await db.schema.dropIndex(`${table}_status_created_at_idx`).execute();
    await db.schema.alterTable(table).dropColumn("read_at").execute();
  }
}
