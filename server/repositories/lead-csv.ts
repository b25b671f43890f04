import type { Kysely } from "kysely";
import type { LeadKind } from "../../contract/admin-leads.ts";
import { setColumnByIds } from "../db/dialect.ts";
import type { ContactSubmissionsTable, ServiceInquiriesTable } from "../db/schema.ts";
import { csvLine } from "../lib/csv.ts";

// The inbox's CSV export. Each lead keeps its CSV line ready in csv_line, written when the lead is
// stored and rewritten when its status or read mark changes (leads-repository.ts), so an export of
// 10,000 leads reads one column instead of turning 220,000 values into cells (docs/decisions/009).
// Changing the columns or the cell rules makes every stored line stale: ship a migration that
// calls writeCsvLines, as 0005-csv-lines does.

/** Every stored field, the lead-source fields included, in the export's column order. */
export const leadCsvColumns = {
  contacts: [
    "id", "createdAt", "status", "readAt", "firstName", "lastName", "email", "phone", "company", "products",
    "meetingDate", "meetingTime", "timezone", "pagePath", "formName", "utmSource", "utmMedium", "utmCampaign",
    "utmTerm", "utmContent", "referrer", "spamReason",
  ],
  inquiries: [
    "id", "createdAt", "status", "readAt", "firstName", "lastName", "email", "phone", "company", "serviceType",
    "budget", "message", "pagePath", "formName", "utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent",
    "referrer", "spamReason",
  ],
} as const satisfies { contacts: readonly (keyof ContactSubmissionsTable)[]; inquiries: readonly (keyof ServiceInquiriesTable)[] };

/** A lead as stored (products as JSON text), with at least the columns of its export. */
export type CsvSource<K extends LeadKind> = Record<(typeof leadCsvColumns)[K][number], unknown>;

/** The CSV line of one stored lead. */
export function leadCsvLine<K extends LeadKind>(kind: K, lead: CsvSource<K>): string {
  const row = lead as Record<string, unknown>;
  return csvLine(leadCsvColumns[kind].map((column) => (column === "products" ? (JSON.parse(row.products as string) as string[]) : row[column])));
}

/** The export's header line. */
export function leadCsvHeader(kind: LeadKind): string {
  return csvLine(leadCsvColumns[kind]);
}

const tables = { contacts: "contact_submissions", inquiries: "service_inquiries" } as const satisfies Record<LeadKind, string>;
const BATCH = 1000;

/**
 * Writes the CSV line of every lead of the kind (or only of those that have none), a batch at a
 * time in id order; returns how many it wrote.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations call this with the schema of their time
export async function writeCsvLines(db: Kysely<any>, kind: LeadKind, { missingOnly = false } = {}): Promise<number> {
  const table = tables[kind];
  let written = 0;
  let after: string | null = null;
  for (;;) {
    let query = db.selectFrom(table).select([...leadCsvColumns[kind]]).orderBy("id").limit(BATCH);
    if (missingOnly) query = query.where("csvLine", "is", null);
    if (after !== null) query = query.where("id", ">", after);
    const leads = (await query.execute()) as (CsvSource<typeof kind> & { id: string })[];
    if (leads.length === 0) return written;
    await setColumnByIds(db, table, "csv_line", leads.map((lead) => [lead.id, leadCsvLine(kind, lead)] as const));
    written += leads.length;
    after = leads.at(-1)!.id;
  }
}
