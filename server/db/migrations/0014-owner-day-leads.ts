import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "../dialect.ts";

// The owner's day (issue 20): each lead gets
// - deadline_key, the reply-deadline order's key (contract/reply-window.ts deadlineKey): "0|<reply by, ISO>"
//   while its status is new, "1|<9999999999999 minus the arrival's epoch ms, 13 digits>" once it is not,
//   kept in step by the app (write.ts, lead-changes.ts) and walked through an index (deadline_key, id)
//   (on SQLite also (form_name, deadline_key, id), below);
// - follow_up_at and follow_up_note, a follow-up the owner set, with a partial index for the due ones;
// and lead_events records what happened to a lead (status changes, follow-ups) for its timeline.
//
// Existing leads get their key here, one set-based UPDATE per table, with a frozen copy of the rule in
// each dialect's SQL (4-hour promise on these two forms, 24 hours elsewhere). The column stays nullable:
// SQLite cannot add NOT NULL to an existing column without rebuilding the table (and its FTS triggers),
// and on PostgreSQL an instance older than this migration must keep storing leads during a rolling deploy
// (the deadline order and the day's queue key such leads first: repositories/leads/deadline-keys.ts).

const tables = ["contact_submissions", "service_inquiries"] as const;
// Frozen: the 4-hour forms of contract/form-names.ts when this migration was written.
const FOUR_HOUR_FORMS = ["home-services-audit", "personal-injury-audit"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
function deadlineKeySql(db: Kysely<any>): RawBuilder<string> {
  const fourHours = sql`form_name in (${sql.join(FOUR_HOUR_FORMS.map((form) => sql.lit(form)))})`;
  if (isPostgres(db)) {
    // Whole hours are exact intervals on timestamptz (no daylight-saving arithmetic); milliseconds as the app writes them.
    const replyBy = sql`to_char((created_at + case when ${fourHours} then interval '4 hours' else interval '24 hours' end) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const newestFirst = sql`lpad((9999999999999 - floor(extract(epoch from created_at) * 1000))::bigint::text, 13, '0')`;
    return sql<string>`case when status = 'new' then '0|' || ${replyBy} else '1|' || ${newestFirst} end`;
  }
  // SQLite's timestamps are the app's ISO strings; strftime keeps their milliseconds (%f is SS.SSS).
  const replyBy = sql`strftime('%Y-%m-%dT%H:%M:%fZ', created_at, case when ${fourHours} then '+4 hours' else '+24 hours' end)`;
  const epochMs = sql`(cast(strftime('%s', created_at) as integer) * 1000 + cast(substr(strftime('%f', created_at), 4) as integer))`;
  return sql<string>`case when status = 'new' then '0|' || ${replyBy} else '1|' || printf('%013d', 9999999999999 - ${epochMs}) end`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see deadlineKeySql
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = pg ? sql`uuid` : sql`text`;

  for (const table of tables) {
    await db.schema.alterTable(table).addColumn("deadline_key", "text").execute();
    await db.schema.alterTable(table).addColumn("follow_up_at", timestamp).execute();
    await db.schema.alterTable(table).addColumn("follow_up_note", "text").execute();
    // Before the indexes exist: one pass over the table, no index entry written twice.
    await sql`update ${sql.table(table)} set deadline_key = ${deadlineKeySql(db)}`.execute(db);
    await db.schema.createIndex(`${table}_deadline_idx`).on(table).columns(["deadline_key", "id"]).execute();
    await db.schema
      .createIndex(`${table}_follow_up_idx`)
      .on(table)
      .columns(["follow_up_at", "id"])
      .where(sql.ref("follow_up_at"), "is not", null)
      .execute();
    // SQLite sorts a form's leads for the deadline order (10,000 of them: 25 ms) rather than walk the
    // deadline index past other forms' leads; this index walks the form's leads in that order. PostgreSQL's
    // planner walks the deadline index and stops early, and there the index would cost every status or
    // read change one more index entry (decision 022).
    if (!pg)
      await db.schema
        .createIndex(`${table}_form_deadline_idx`)
        .on(table)
        .columns(["form_name", "deadline_key", "id"])
        .execute();
  }

  await db.schema
    .createTable("lead_events")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("lead_kind", "text", (c) => c.notNull())
    .addColumn("lead_id", id, (c) => c.notNull())
    // status: from_status -> to_status; follow-up: follow_up_at and note as set (both null: cleared)
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("from_status", "text")
    .addColumn("to_status", "text")
    .addColumn("follow_up_at", timestamp)
    .addColumn("note", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lead_events_lead_idx")
    .on("lead_events")
    .columns(["lead_kind", "lead_id", "created_at"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see deadlineKeySql
export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.dropTable("lead_events").execute();
  for (const table of tables) {
    if (!pg) await db.schema.dropIndex(`${table}_form_deadline_idx`).execute();
    await db.schema.dropIndex(`${table}_follow_up_idx`).execute();
    await db.schema.dropIndex(`${table}_deadline_idx`).execute();
    for (const column of ["follow_up_note", "follow_up_at", "deadline_key"])
      await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
