import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// The owner's numbers (issue 24, docs/decisions/039-owner-numbers.md). Owners: server/repositories/leads/
// (the lead columns), server/reports/ (page_views).
// - leads: the visit's landing page and click-id parameter (its name only), the channel worked out from
//   the source (contract/lead-channels.ts), the person keys (e-mail lower-cased, phone digits only), the
//   person a lead belongs to (the id of the first lead with the same e-mail or phone), and when the lead
//   was first answered (left "new" for a status other than spam): speed to lead.
//   The derived columns of rows from before are written by the repository with the live rules
//   (leads/person-keys.ts, as deadline keys are), not here: a migration carries no application code.
//   answered_at is plain data, copied here from the status events.
// - page_views: views and entrances (views whose referrer is not this site) per path per day of the
//   owner's time zone: a bounded table, no row per view, no visitor identifier.

const leadTables = { contacts: "contact_submissions", inquiries: "service_inquiries" } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = pg ? sql`uuid` : sql`text`;
  for (const [kind, table] of Object.entries(leadTables)) {
    await db.schema.alterTable(table).addColumn("landing_path", "text").execute();
    await db.schema.alterTable(table).addColumn("click_id", "text").execute();
    await db.schema.alterTable(table).addColumn("channel", "text").execute();
    await db.schema.alterTable(table).addColumn("email_key", "text").execute();
    await db.schema.alterTable(table).addColumn("phone_key", "text").execute();
    await db.schema.alterTable(table).addColumn("person_id", id).execute();
    // When the same person's previous lead arrived (null: their first): "people" counts a person once, at
    // their first lead of a period, without a distinct count over the period's leads.
    await db.schema.alterTable(table).addColumn("previous_lead_at", timestamp).execute();
    await db.schema.alterTable(table).addColumn("answered_at", timestamp).execute();
    await sql`update ${sql.table(table)} set answered_at = (
        select min(e.created_at) from lead_events e
        where e.lead_kind = ${kind} and e.lead_id = ${sql.ref(`${table}.id`)} and e.type = 'status' and e.to_status not in ('new', 'spam')
      )`.execute(db);
    await db.schema.createIndex(`${table}_email_key_idx`).on(table).columns(["email_key", "created_at"]).execute();
    await db.schema.createIndex(`${table}_phone_key_idx`).on(table).columns(["phone_key", "created_at"]).execute();
    await db.schema.createIndex(`${table}_person_idx`).on(table).columns(["person_id", "created_at", "id"]).execute();
    // The reports' scans of a period: every column they read, so a period is a walk of this index alone
    // (the rows themselves are not read; 200,000 leads a year, bench:admin).
    await db.schema
      .createIndex(`${table}_report_idx`)
      .on(table)
      .columns([
        "created_at",
        "status",
        "previous_lead_at",
        "channel",
        "form_name",
        "page_path",
        "landing_path",
        "utm_campaign",
        "answered_at",
        "assignee_id",
      ])
      .execute();
    // Rows whose derived columns are still to be written (leads/person-keys.ts finds them through it).
    await db.schema
      .createIndex(`${table}_unkeyed_idx`)
      .on(table)
      .columns(["created_at", "id"])
      .where(sql.ref("person_id"), "is", null)
      .execute();
  }
  await db.schema
    .createTable("page_views")
    // YYYY-MM-DD in the owner's time zone (OWNER_TIMEZONE) when the view was counted.
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addColumn("entrances", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("page_views_pk", ["day", "path"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("page_views").execute();
  for (const table of Object.values(leadTables)) {
    for (const index of ["report", "unkeyed", "person", "phone_key", "email_key"])
      await db.schema.dropIndex(`${table}_${index}_idx`).execute();
    for (const column of [
      "answered_at",
      "previous_lead_at",
      "person_id",
      "phone_key",
      "email_key",
      "channel",
      "click_id",
      "landing_path",
    ]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
