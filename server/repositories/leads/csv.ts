import { sql, type Kysely, type RawBuilder } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { isPostgres, setColumnByIds } from "../../db/dialect.ts";
import type { ContactSubmissionsTable, Database, ServiceInquiriesTable } from "../../db/schema.ts";
import { csvLine } from "../../lib/csv.ts";
import { leadSqlTables, writeWhereMissing, type LeadRows } from "./lead-tables.ts";

// Each lead's stored CSV line (decision 009). Since issue 38 the export is made from the leads while it is
// sent (lead-export.ts, decision 047) and no longer reads csv_line; the line is still kept in step until a
// migration drops it. Each lead keeps its CSV line ready in csv_line, written when the lead is
// stored (write.ts) and rewritten in the database when its status or read mark changes (lead-changes.ts,
// csvLineWithState), so an export of 10,000 leads reads one column instead of turning 220,000 values
// into cells (docs/decisions/009). Changing the columns or the cell rules makes every stored line stale:
// ship a migration that rewrites them with a frozen copy of the new rules, as 0005-csv-lines does, and
// keep status and read time the third and fourth cells (csvLineWithState finds them by their commas).

/** Every stored field, the lead-source fields included, in the export's column order. */
export const leadCsvColumns = {
  contacts: [
    "id",
    "createdAt",
    "status",
    "readAt",
    "firstName",
    "lastName",
    "email",
    "phone",
    "company",
    "products",
    "meetingDate",
    "meetingTime",
    "timezone",
    "pagePath",
    "formName",
    "utmSource",
    "utmMedium",
    "utmCampaign",
    "utmTerm",
    "utmContent",
    "referrer",
    "spamReason",
  ],
  inquiries: [
    "id",
    "createdAt",
    "status",
    "readAt",
    "firstName",
    "lastName",
    "email",
    "phone",
    "company",
    "serviceType",
    "budget",
    "message",
    "pagePath",
    "formName",
    "utmSource",
    "utmMedium",
    "utmCampaign",
    "utmTerm",
    "utmContent",
    "referrer",
    "spamReason",
  ],
} as const satisfies {
  contacts: readonly (keyof ContactSubmissionsTable)[];
  inquiries: readonly (keyof ServiceInquiriesTable)[];
};

/** A lead as stored (products as JSON text), with at least the columns of its export. */
export type CsvSource<K extends LeadKind> = Record<(typeof leadCsvColumns)[K][number], unknown>;

/** The CSV line of one stored lead (a new one's columns, or its whole row). */
export function leadCsvLine<K extends LeadKind>(kind: K, lead: CsvSource<K> | LeadRows[K]): string {
  const row = lead as Record<string, unknown>;
  return csvLine(
    leadCsvColumns[kind].map((column) =>
      column === "products" ? (JSON.parse(row.products as string) as string[]) : row[column],
    ),
  );
}

/**
 * The SQL of a lead's stored CSV line with its status and read cells (the third and fourth: id, received
 * time, status, read time, which never need quotes) set to the given SQL, the rest of the line kept: a
 * change of triage state rewrites its lines in the database, without reading the rows first. `oldRead`
 * is the line's read cell as it was. A missing line stays missing (the start-up step writes those).
 */
export function csvLineWithState(
  db: Kysely<Database>,
  status: RawBuilder<unknown>,
  read: (oldRead: RawBuilder<string>) => RawBuilder<unknown>,
): RawBuilder<string> {
  if (isPostgres(db)) {
    const oldRead = sql<string>`substring(csv_line from '^[^,]*,[^,]*,[^,]*,([^,]*),')`;
    return sql<string>`substring(csv_line from '^[^,]*,[^,]*,') || ${status} || ',' || ${read(oldRead)} || ',' || regexp_replace(csv_line, '^[^,]*,[^,]*,[^,]*,[^,]*,', '')`;
  }
  // SQLite has no regular expressions: the text after each of the first four commas, one after another.
  const after = (text: RawBuilder<string>) => sql<string>`substr(${text}, instr(${text}, ',') + 1)`;
  const line = sql<string>`csv_line`;
  const afterTime = after(after(line));
  const afterStatus = after(afterTime);
  const oldRead = sql<string>`substr(${afterStatus}, 1, instr(${afterStatus}, ',') - 1)`;
  return sql<string>`substr(csv_line, 1, length(csv_line) - length(${afterTime})) || ${status} || ',' || ${read(oldRead)} || ',' || ${after(afterStatus)}`;
}

/**
 * Writes the CSV line of up to `limit` leads of each kind that have none (stored by an instance older than
 * migration 0005 during a rolling deploy: 0005 wrote the lines of the rows it found); answers how many. The
 * start-up step's (start-up-backfills.ts): the export never writes.
 */
export function writeMissingCsvLines(db: Kysely<Database>, limit: number): Promise<number> {
  return writeWhereMissing(db, "csvLine", limit, (kind, leads) =>
    setColumnByIds(
      db,
      leadSqlTables[kind],
      "csv_line",
      leads.map((lead) => [lead.id, leadCsvLine(kind, lead)] as const),
    ),
  );
}
