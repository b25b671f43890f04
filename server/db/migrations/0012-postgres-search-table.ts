import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// PostgreSQL's trigram index leaves the lead tables (docs/decisions/022): a change of status or read mark
// writes a new version of the row and so an entry in every index of the lead table, and the trigram
// index's (one per trigram of the search text, and a pending list to flush every few bulk actions) were
// about 40% of what a bulk action on 1,000 leads wrote. The search text is now indexed in a table of its
// own, `<lead table>_search` (id, search_text), as SQLite's FTS5 table already was: filled from the lead's
// search_text column here and kept in step by triggers (a new lead, a changed text) and the foreign key (a
// deleted lead takes its row along). The app still writes search_text on the lead, whatever its version,
// so an instance older than this migration keeps storing leads during a rolling deploy.
// SQLite is unchanged (its search text never was in an index of a lead table).

const tables = ["contact_submissions", "service_inquiries"] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of tables) {
    const search = `${table}_search`;
    await sql.raw(`DROP INDEX IF EXISTS ${table}_search_idx`).execute(db);
    await sql
      .raw(
        `CREATE TABLE ${search} (
      id uuid PRIMARY KEY REFERENCES ${table} (id) ON DELETE CASCADE,
      search_text text NOT NULL)`,
      )
      .execute(db);
    // A lead without search text (none is stored so) is matched by no search, as before.
    await sql
      .raw(`INSERT INTO ${search} (id, search_text) SELECT id, search_text FROM ${table} WHERE search_text IS NOT NULL`)
      .execute(db);
    await sql`DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      EXECUTE 'CREATE INDEX ${sql.raw(search)}_text_idx ON ${sql.raw(search)} USING gin (search_text gin_trgm_ops)';
    END IF; END $$`.execute(db);
    // New leads, many at a time (one statement per INSERT, not one call per row).
    await sql
      .raw(
        `CREATE FUNCTION ${search}_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      INSERT INTO ${search} (id, search_text) SELECT id, search_text FROM new_leads WHERE search_text IS NOT NULL;
      RETURN NULL; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${search}_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION ${search}_insert()`,
      )
      .execute(db);
    // Only an UPDATE that sets search_text runs this: status and read changes never do.
    await sql
      .raw(
        `CREATE FUNCTION ${search}_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF new.search_text IS NULL THEN DELETE FROM ${search} WHERE id = new.id;
      ELSE INSERT INTO ${search} (id, search_text) VALUES (new.id, new.search_text)
        ON CONFLICT (id) DO UPDATE SET search_text = excluded.search_text;
      END IF;
      RETURN NULL; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${search}_update AFTER UPDATE OF search_text ON ${table}
      FOR EACH ROW WHEN (old.search_text IS DISTINCT FROM new.search_text) EXECUTE FUNCTION ${search}_update()`,
      )
      .execute(db);
    await sql.raw(`ANALYZE ${search}`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of tables) {
    const search = `${table}_search`;
    await sql.raw(`DROP TRIGGER IF EXISTS ${search}_insert ON ${table}`).execute(db);
    await sql.raw(`DROP TRIGGER IF EXISTS ${search}_update ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${search}_insert()`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${search}_update()`).execute(db);
    await sql.raw(`DROP TABLE IF EXISTS ${search}`).execute(db);
    await sql`DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      EXECUTE 'CREATE INDEX ${sql.raw(table)}_search_idx ON ${sql.raw(table)} USING gin (search_text gin_trgm_ops)';
    END IF; END $$`.execute(db);
  }
}
