import type { Kysely } from "kysely";

// The export's stored cells (issue 38, docs/decisions/050-export-lines-and-year-reports.md). Owner:
// server/repositories/leads/export-cells.ts.
// - export_cells: the CSV cells of the lead's own columns that never change after it is stored (name,
//   contact, products or service, message, meeting, source), in the export's order; the export joins them
//   with the cells that change (status, value, assignee, follow-up, notes, times in the owner's zone).
//   Null until written: a new lead gets it when stored, existing ones from the start-up step
//   (start-up-backfills.ts), which uses the live rules, so no frozen copy is needed here.
// - csv_line (decision 009) goes: since the export carries the work (0027) nothing read it, yet every
//   change of a lead rewrote it.

const leadTables = ["contact_submissions", "service_inquiries"] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of leadTables) {
    await db.schema.alterTable(table).addColumn("export_cells", "text").execute();
    await db.schema.alterTable(table).dropColumn("csv_line").execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of leadTables) {
    await db.schema.alterTable(table).addColumn("csv_line", "text").execute();
    await db.schema.alterTable(table).dropColumn("export_cells").execute();
  }
}
