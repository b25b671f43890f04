import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";

/** Migrations use this to pick column types; repositories must not need it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** LIKE pattern matching `text` literally (% and _ escaped with a backslash). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * "search_text contains q" for a lead table, through the trigram index of each dialect (migration
 * 0004): PostgreSQL's pg_trgm index serves LIKE directly; SQLite asks its FTS5 trigram table, which
 * needs three characters and no LIKE wildcards, else the condition scans.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
export function searchTextContains(db: Kysely<any>, table: "contact_submissions" | "service_inquiries", q: string): RawBuilder<SqlBool> {
  const text = q.toLowerCase();
  const pattern = containsPattern(text);
  if (isPostgres(db) || text.length < 3 || /[\\%_]/.test(text)) return sql<SqlBool>`search_text like ${pattern} escape '\\'`;
  return sql<SqlBool>`rowid in (select rowid from ${sql.table(`${table}_search`)} where search_text like ${`%${text}%`})`;
}

/** Refreshes the planner's statistics where the dialect needs asking (SQLite); PostgreSQL's autovacuum does it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
export async function optimizeDatabase(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await sql`pragma optimize`.execute(db);
}
