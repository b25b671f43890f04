import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// The inbox's name order (issue 13): an index on the lead's lower-cased "first last" and id, which the
// A-to-Z list and its keyset paging walk. A frozen copy of the expression of dialect.ts's leadNameKey:
// the two must match exactly for the planner to use the index.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const key = isPostgres(db)
    ? sql`(lower(first_name || ' ' || last_name) collate "C")`
    : sql`lower(first_name || ' ' || last_name)`;
  for (const table of ["contact_submissions", "service_inquiries"]) {
    await sql`create index ${sql.id(`${table}_name_idx`)} on ${sql.table(table)} (${key}, id)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["contact_submissions", "service_inquiries"])
    await db.schema.dropIndex(`${table}_name_idx`).execute();
}
