import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// The export's stored cells (issue 38, docs/decisions/050-export-lines-and-year-reports.md). Owner:
// server/repositories/leads/export-cells.ts.
// - export_cells: the CSV cells of the lead's own columns that never change after it is stored (name,
//   contact, products or service, message, meeting, source), in the export's order; the export joins them
//   with the cells that change (status, value, assignee, follow-up, notes, times in the owner's zone).
//   Null until written: a new lead gets it when stored, existing ones from the start-up step
//   (start-up-backfills.ts), which uses the live rules, so no frozen copy is needed here. A partial index
//   holds the leads still without them: the step finds them, and a usual start's check is one seek (the
//   index is empty once written; a new lead, stored with its cells, never enters it).
// - csv_line (decision 009) is no longer written (since 0027's export nothing read it, yet every change of
//   a lead rewrote it). It stays until every instance runs this code: an instance older than this migration
//   still writes it during a rolling restart, and would fail to store a lead if it were gone. A later
//   migration drops it.
// - SQLite: the list's channel and campaign indexes (0027) also hold what the sources report sums, so a
//   report by channel or campaign walks one of them in the group's order (a skip-scan over the period)
//   instead of sorting the period's rows of the report index: a year by channel 80 -> 30 ms per table.
//   PostgreSQL groups by hashing, without a sort, and keeps its indexes.

const reportSums = ["status", "previous_lead_at", "won_value_cents"];

const leadTables = ["contact_submissions", "service_inquiries"] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of leadTables) {
    await db.schema.alterTable(table).addColumn("export_cells", "text").execute();
    await db.schema
      .createIndex(`${table}_no_export_cells_idx`)
      .on(table)
      .column("id")
      .where(sql.ref("export_cells"), "is", null)
      .execute();
    if (isPostgres(db)) continue;
    for (const [name, column] of [
      ["channel", "channel"],
      ["campaign", "utm_campaign"],
    ]) {
      await db.schema.dropIndex(`${table}_${name}_idx`).execute();
      await db.schema
        .createIndex(`${table}_${name}_idx`)
        .on(table)
        .columns([column!, "created_at", "id", ...reportSums])
        .execute();
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of leadTables) {
    await db.schema.dropIndex(`${table}_no_export_cells_idx`).execute();
    await db.schema.alterTable(table).dropColumn("export_cells").execute();
    if (isPostgres(db)) continue;
    for (const [name, column] of [
      ["channel", "channel"],
      ["campaign", "utm_campaign"],
    ]) {
      await db.schema.dropIndex(`${table}_${name}_idx`).execute();
      await db.schema.createIndex(`${table}_${name}_idx`).on(table).columns([column!, "created_at", "id"]).execute();
    }
  }
}
