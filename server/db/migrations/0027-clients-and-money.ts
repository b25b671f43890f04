import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// Which channels bring clients and money (issue 38, docs/decisions/047-clients-and-money.md). Owners:
// server/repositories/leads/ (won value, events, search text), server/repositories/spend-repository.ts,
// server/repositories/saved-views-repository.ts.
// - leads: won_value_cents, what a won lead is worth in whole cents of the business currency (null: not
//   won or not given); lead_events.value_cents, the value a status or value event set.
// - the report index (0017) again, with won_value_cents: a period's outcomes and won value are still a
//   walk of the index alone. Indexes for the list's new filters (channel, campaign, landing page), each
//   in the list's newest-first order.
// - spend: a month's spend per channel (campaign '' is the channel as a whole) in cents.
// - saved_views: a user's named lead lists (deleted with the user).
// - the search text gains the inquiry's service and the lead's notes (the app keeps it so from now on,
//   leads/search-text.ts); existing rows are brought up to date here, in SQL, once.

const leadTables = { contacts: "contact_submissions", inquiries: "service_inquiries" } as const;
const reportColumns = [
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
];
// A frozen copy of contract/lead-options.ts serviceTypeLabels (a migration carries no application code).
const serviceLabels: Record<string, string> = {
  seo: "Search Engine Optimization",
  "paid-ads": "Paid Advertising Management",
  "web-design": "Website Design & Development",
  "social-media": "Social Media Management",
  multiple: "Multiple Services",
  consultation: "General Consultation",
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = pg ? sql`uuid` : sql`text`;
  for (const [kind, table] of Object.entries(leadTables)) {
    await db.schema.alterTable(table).addColumn("won_value_cents", "integer").execute();
    await db.schema.dropIndex(`${table}_report_idx`).execute();
    await db.schema
      .createIndex(`${table}_report_idx`)
      .on(table)
      .columns([...reportColumns, "won_value_cents"])
      .execute();
    await db.schema.createIndex(`${table}_channel_idx`).on(table).columns(["channel", "created_at", "id"]).execute();
    await db.schema
      .createIndex(`${table}_campaign_idx`)
      .on(table)
      .columns(["utm_campaign", "created_at", "id"])
      .execute();
    await db.schema
      .createIndex(`${table}_landing_idx`)
      .on(table)
      .expression(sql`coalesce(landing_path, page_path), created_at, id`)
      .execute();

    // The search text: + the service's label (inquiries) + every note, lower-cased as the app does for ASCII.
    if (kind === "inquiries") {
      const label = sql.join(
        Object.entries(serviceLabels).map(([key, text]) => sql`when ${key} then ${text.toLowerCase()}`),
        sql` `,
      );
      await sql`update ${sql.table(table)} set search_text = search_text || ' ' || (case service_type ${label} else service_type end)
        where search_text is not null`.execute(db);
    }
    const notes = pg
      ? sql`(select string_agg(lower(n.body), ' ' order by n.created_at) from lead_notes n where n.lead_kind = ${kind} and n.lead_id = ${sql.ref(`${table}.id`)})`
      : sql`(select group_concat(lower(body), ' ') from (select body from lead_notes n where n.lead_kind = ${kind} and n.lead_id = ${sql.ref(`${table}.id`)} order by n.created_at))`;
    await sql`update ${sql.table(table)} set search_text = search_text || ' ' || ${notes}
      where search_text is not null and exists (select 1 from lead_notes n where n.lead_kind = ${kind} and n.lead_id = ${sql.ref(`${table}.id`)})`.execute(
      db,
    );
  }
  await db.schema.alterTable("lead_events").addColumn("value_cents", "integer").execute();

  await db.schema
    .createTable("spend")
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    // '' for the channel as a whole: a primary key column cannot be null.
    .addColumn("campaign", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("updated_by", id)
    .addPrimaryKeyConstraint("spend_pk", ["month", "channel", "campaign"])
    .execute();

  await db.schema
    .createTable("saved_views")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    // "all" | "contacts" | "inquiries"
    .addColumn("list", "text", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("saved_views_user_idx").on("saved_views").columns(["user_id", "name"]).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("saved_views").execute();
  await db.schema.dropTable("spend").execute();
  await db.schema.alterTable("lead_events").dropColumn("value_cents").execute();
  for (const table of Object.values(leadTables)) {
    for (const index of ["landing", "campaign", "channel", "report"])
      await db.schema.dropIndex(`${table}_${index}_idx`).execute();
    await db.schema.createIndex(`${table}_report_idx`).on(table).columns(reportColumns).execute();
    await db.schema.alterTable(table).dropColumn("won_value_cents").execute();
  }
}
