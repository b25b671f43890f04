import type { Kysely } from "kysely";
import { writeCsvLines } from "../../repositories/lead-csv.ts";

// Every lead keeps its line of the CSV export ready in csv_line (repositories/lead-csv.ts), so an
// export reads one column per lead. Existing leads get theirs here, written by the same code that
// writes new ones.

const tables = { contacts: "contact_submissions", inquiries: "service_inquiries" } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  for (const kind of ["contacts", "inquiries"] as const) {
    await db.schema.alterTable(tables[kind]).addColumn("csv_line", "text").execute();
    await writeCsvLines(db, kind);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.values(tables)) await db.schema.alterTable(table).dropColumn("csv_line").execute();
}
