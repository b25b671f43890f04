import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// Every lead keeps its line of the CSV export ready in csv_line (repositories/leads/csv.ts), so an
// export reads one column per lead. Existing leads get theirs here.
//
// A frozen copy of the export's columns and cell rules as they were when this migration shipped: a later
// change to the export must never change what a fresh database's migrations do (it ships a migration of
// its own that rewrites the lines).

// Columns in camelCase: migrations run on the app's Kysely, whose CamelCasePlugin maps them to the stored names.
const columns = {
  contact_submissions: [
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
  service_inquiries: [
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
} as const;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  let text = value === null || value === undefined ? "" : Array.isArray(value) ? value.join("; ") : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function line(table: keyof typeof columns, row: Record<string, unknown>): string {
  return columns[table]
    .map((column) => cell(column === "products" ? (JSON.parse(row.products as string) as string[]) : row[column]))
    .join(",");
}

const BATCH = 1000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
async function writeLines(db: Kysely<any>, table: keyof typeof columns): Promise<void> {
  const idCast = isPostgres(db) ? sql`cast(v.column1 as uuid)` : sql`v.column1`;
  let after: string | null = null;
  for (;;) {
    let query = db
      .selectFrom(table)
      .select([...columns[table]])
      .orderBy("id")
      .limit(BATCH);
    if (after !== null) query = query.where("id", ">", after);
    const rows = (await query.execute()) as Record<string, unknown>[];
    if (rows.length === 0) return;
    // One UPDATE joined to a VALUES list per batch, through the primary key on both dialects.
    const values = sql.join(rows.map((row) => sql`(${String(row.id)}, ${line(table, row)})`));
    await sql`update ${sql.table(table)} set csv_line = v.column2 from (values ${values}) as v where ${sql.ref(`${table}.id`)} = ${idCast}`.execute(
      db,
    );
    after = String(rows.at(-1)!.id);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see writeLines
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(columns) as (keyof typeof columns)[]) {
    await db.schema.alterTable(table).addColumn("csv_line", "text").execute();
    await writeLines(db, table);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see writeLines
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(columns)) await db.schema.alterTable(table).dropColumn("csv_line").execute();
}
