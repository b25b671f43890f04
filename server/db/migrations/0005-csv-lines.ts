import { sql, type Kysely } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { leadCsvColumns, leadCsvLine, type CsvSource } from "../../repositories/lead-csv.ts";
import { isPostgres } from "../dialect.ts";

// Every lead keeps its line of the CSV export ready in csv_line (repositories/lead-csv.ts), so an
// export reads one column per lead. Existing leads get theirs here, written by the same code that
// writes new ones.

const tables = { contacts: "contact_submissions", inquiries: "service_inquiries" } as const satisfies Record<LeadKind, string>;
const BATCH = 1000;

/** Rewrites csv_line for every lead of the table, a batch at a time (a later format change calls this again). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function rewriteCsvLines(db: Kysely<any>, kind: LeadKind): Promise<void> {
  const table = tables[kind];
  // Row values for the join below: the id's type differs (uuid on PostgreSQL, text on SQLite).
  const id = isPostgres(db) ? sql`cast(v.column1 as uuid)` : sql`v.column1`;
  let after: string | null = null;
  for (;;) {
    let query = db.selectFrom(table).select([...leadCsvColumns[kind]]).orderBy("id").limit(BATCH);
    if (after !== null) query = query.where("id", ">", after);
    const leads = (await query.execute()) as (CsvSource<typeof kind> & { id: string })[];
    if (leads.length === 0) return;
    const values = sql.join(leads.map((lead) => sql`(${lead.id}, ${leadCsvLine(kind, lead)})`));
    await sql`update ${sql.table(table)} set csv_line = v.column2 from (values ${values}) as v where ${sql.ref(`${table}.id`)} = ${id}`.execute(db);
    after = leads.at(-1)!.id;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function up(db: Kysely<any>): Promise<void> {
  for (const kind of ["contacts", "inquiries"] as const) {
    await db.schema.alterTable(tables[kind]).addColumn("csv_line", "text").execute();
    await rewriteCsvLines(db, kind);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.values(tables)) await db.schema.alterTable(table).dropColumn("csv_line").execute();
}
