import type { Kysely } from "kysely";

// The inbox's form filter (issue 13): an index on the form and the newest-first key, which carries the
// status and read mark too. The view counts of one form read it alone (no table row), and the form's
// newest-first list walks it in order, so SQLite does not trade its ordered walk for a sort.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["contact_submissions", "service_inquiries"]) {
    await db.schema
      .createIndex(`${table}_form_idx`)
      .on(table)
      .columns(["form_name", "created_at", "id", "status", "read_at"])
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["contact_submissions", "service_inquiries"])
    await db.schema.dropIndex(`${table}_form_idx`).execute();
}
