import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// SQLite's sources report over 90 days or a year (issue 38's 100 ms; docs/decisions/052-report-rows-by-status.md).
// Owner: server/repositories/leads/reports.ts (groups).
// - The report groups a period's leads by its dimension and by status, and the server turns statuses into
//   outcomes: per row of leads four sums instead of six, and no case per status. An index per dimension
//   leading with (key, status) and holding what is summed lets SQLite walk each (key, status) pair's range of
//   the period in the grouping's order (a skip-scan) with no sort and no table read: a landing page's or a
//   form's 90 days 19 -> 4 ms per table, a year by channel 33 -> 13 ms.
// - The landing page's key is the report's expression (the page the visit started on, else the form's page);
//   a form's rows are per form and page (a form's views are its pages').
// - PostgreSQL groups by hashing a range of the report index (0017, 0027), as before: nothing here.

const leadTables = ["contact_submissions", "service_inquiries"] as const;
const summed = ["status", "created_at", "previous_lead_at", "won_value_cents"];
const keys = {
  channel: [sql.ref("channel")],
  campaign: [sql.ref("utm_campaign")],
  landing: [sql`coalesce(landing_path, page_path)`],
  form: [sql.ref("form_name"), sql.ref("page_path")],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of leadTables)
    for (const [name, key] of Object.entries(keys))
      await db.schema
        .createIndex(`${table}_report_${name}_idx`)
        .on(table)
        .expression(sql.join([...key, ...summed.map((column) => sql.ref(column))]))
        .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of leadTables)
    for (const name of Object.keys(keys)) await db.schema.dropIndex(`${table}_report_${name}_idx`).execute();
}
