import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// Fast substring search over name, e-mail, phone, company (and message): one lowercased search_text
// column per lead, indexed by trigrams: pg_trgm's GIN index on PostgreSQL (when the extension can be
// installed), an FTS5 trigram table kept in step by triggers on SQLite. Without an index the search
// still works, as a scan.

const tables = {
  contact_submissions: sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || coalesce(company, ''))`,
  service_inquiries: sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || coalesce(company, '') || ' ' || message)`,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  if (pg) {
    await sql`DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN others THEN RAISE NOTICE 'pg_trgm is not available: search will scan'; END $$`.execute(
      db,
    );
  }
  for (const [table, expression] of Object.entries(tables)) {
    await db.schema.alterTable(table).addColumn("search_text", "text").execute();
    await sql`update ${sql.table(table)} set search_text = ${expression}`.execute(db);
    if (pg) {
      await sql`DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'CREATE INDEX ${sql.raw(table)}_search_idx ON ${sql.raw(table)} USING gin (search_text gin_trgm_ops)';
      END IF; END $$`.execute(db);
    } else {
      const fts = `${table}_search`;
      await sql
        .raw(
          `CREATE VIRTUAL TABLE ${fts} USING fts5(search_text, content='${table}', content_rowid='rowid', tokenize='trigram')`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${fts}_insert AFTER INSERT ON ${table} BEGIN
        INSERT INTO ${fts}(rowid, search_text) VALUES (new.rowid, new.search_text); END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${fts}_delete AFTER DELETE ON ${table} BEGIN
        INSERT INTO ${fts}(${fts}, rowid, search_text) VALUES ('delete', old.rowid, old.search_text); END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${fts}_update AFTER UPDATE OF search_text ON ${table} BEGIN
        INSERT INTO ${fts}(${fts}, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
        INSERT INTO ${fts}(rowid, search_text) VALUES (new.rowid, new.search_text); END`,
        )
        .execute(db);
      await sql.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`).execute(db);
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const table of Object.keys(tables)) {
    if (pg) {
      await sql.raw(`DROP INDEX IF EXISTS ${table}_search_idx`).execute(db);
    } else {
      for (const suffix of ["insert", "delete", "update"])
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_search_${suffix}`).execute(db);
      await sql.raw(`DROP TABLE IF EXISTS ${table}_search`).execute(db);
    }
    await db.schema.alterTable(table).dropColumn("search_text").execute();
  }
}
