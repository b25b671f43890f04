import type { Kysely } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { channelOf } from "../../../contract/lead-channels.ts";
import { leadExportColumns, type LeadExportColumn } from "../../../contract/lead-export.ts";
import { setColumnByIds } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { csvLine } from "../../lib/csv.ts";
import { leadSqlTables, writeWhereMissing, type LeadRows } from "./lead-tables.ts";

// The export's cells a lead never changes (docs/decisions/050-export-lines-and-year-reports.md), kept
// ready in export_cells: turning every cell of 10,000 leads into CSV when asked is what an export costs
// (decision 009), and most of a line is the lead as it arrived. Written when the lead is stored (write.ts)
// and by the start-up step for older rows; nothing rewrites them, because nothing changes them. The cells
// that do change (status, value, assignee, read, follow-up, answer, notes) and the times in the owner's
// zone are made at export time (lead-export.ts). A change of these columns or of the cell rules makes every
// stored value stale: ship a migration that sets export_cells to null, and the start-up step rewrites them.

// The export's line is the columns before the stored ones, made at export time, the stored ones, and the ones
// after (lead-export.ts writes them in this order): a change of the contract's order must fail at start, not
// shift cells.
const madeBefore = ["id", "kind", "receivedAt", "status", "value", "assignee", "readAt"] as const;
const madeAfter = ["followUpAt", "followUpNote", "answeredAt", "notes", "spamReason"] as const;
type StoredColumn = Exclude<LeadExportColumn, (typeof madeBefore)[number] | (typeof madeAfter)[number]>;
/** The export's columns held in export_cells: the contract's run of the lead's own columns, between the made ones. */
const storedExportColumns = leadExportColumns.slice(madeBefore.length, -madeAfter.length) as StoredColumn[];
if (
  leadExportColumns.slice(0, madeBefore.length).join() !== madeBefore.join() ||
  leadExportColumns.slice(-madeAfter.length).join() !== madeAfter.join()
)
  throw new Error(
    "export-cells.ts and lead-export.ts: the export's columns are not in contract/lead-export.ts's order",
  );
/** A lead as stored (camelCase, products as JSON text): what its stored cells are made of. */
export type ExportCellsSource = Partial<Record<keyof LeadRows["inquiries"] | keyof LeadRows["contacts"], unknown>> &
  Parameters<typeof channelOf>[0];

/** The stored cells of one lead (a new one's columns, or its whole row), joined as CSV. */
export function leadExportCells(kind: LeadKind, lead: ExportCellsSource): string {
  const row = lead as Record<string, unknown>;
  const cells: Record<StoredColumn, unknown> = {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    products: kind === "contacts" && typeof row.products === "string" ? (JSON.parse(row.products) as string[]) : "",
    serviceType: row.serviceType,
    budget: row.budget,
    message: row.message,
    meetingDate: row.meetingDate,
    meetingTime: row.meetingTime,
    timezone: row.timezone,
    // A row from before migration 0017 has its channel written later: the same rule meanwhile.
    channel: row.channel ?? channelOf(lead),
    campaign: row.utmCampaign,
    landingPage: row.landingPath ?? row.pagePath,
    pagePath: row.pagePath,
    formName: row.formName,
    utmSource: row.utmSource,
    utmMedium: row.utmMedium,
    utmTerm: row.utmTerm,
    utmContent: row.utmContent,
    referrer: row.referrer,
  };
  return csvLine(storedExportColumns.map((column) => cells[column]));
}

/**
 * Writes the stored cells of up to `limit` leads of each kind that have none (stored before migration
 * 0028); answers how many. The start-up step's (start-up-backfills.ts): the export never writes.
 */
export function writeMissingExportCells(db: Kysely<Database>, limit: number): Promise<number> {
  return writeWhereMissing(db, "exportCells", limit, (kind, leads) =>
    setColumnByIds(
      db,
      leadSqlTables[kind],
      "export_cells",
      leads.map((lead) => [lead.id, leadExportCells(kind, lead)] as const),
    ),
  );
}
