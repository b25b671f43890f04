import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// The unassigned leads' counts (issue 38's 100 ms for every list call; issue 23's "Unassigned" view).
// - A partial index per lead table on (status, read_at, assignee_id) over the unassigned rows only: the
//   views' counts per status and unread, and the list's total, are a walk of that index alone (SQLite: 5
//   and 1 ms instead of 100–300 ms reading half the table's rows through an assignee index). Partial, not
//   (assignee_id, status, read_at): a full index of that shape drew SQLite's planner into a skip-scan for
//   the plain unread list (0.2 -> 225 ms; migration 0016's note). assignee_id is a column as well as the
//   condition so that SQLite counts the index as covering.
// - SQLite's statistics (`pragma optimize` samples) average the leads per assignee, so "unassigned" looks
//   like one user's share (1 in 21) when it is half or all of the table; the filter says so with
//   `likelihood(assignee_id is null, 0.5)` (repositories/leads/filters.ts). PostgreSQL has no such
//   function: here it is the identity, an SQL function its planner inlines, so its indexes serve as before.

const leadTables = ["contact_submissions", "service_inquiries"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of leadTables) {
    await db.schema
      .createIndex(`${table}_unassigned_status_idx`)
      .on(table)
      .columns(["status", "read_at", "assignee_id"])
      .where(sql.ref("assignee_id"), "is", null)
      .execute();
  }
  if (isPostgres(db))
    await sql`create or replace function likelihood(condition boolean, probability double precision) returns boolean
      language sql immutable parallel safe as 'select condition'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of leadTables) await db.schema.dropIndex(`${table}_unassigned_status_idx`).execute();
  if (isPostgres(db)) await sql`drop function if exists likelihood(boolean, double precision)`.execute(db);
}
