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

/** Past this many trigram candidates a phrase counts as common (see searchTextContains). */
const COMMON_MATCHES = 1000;

/**
 * "search_text contains q" for a lead table. The lead's search text is indexed by trigrams in a table of
 * its own, `<lead table>_search`, kept in step by triggers (migrations 0004 and 0012), so changing a
 * lead's status never writes a trigram index. That index is fast for rare text but must fetch every
 * candidate for common text, and neither planner can tell which from its statistics: a capped probe of
 * the search table tells. Rare text is matched by the ids the index finds (on PostgreSQL as
 * `= any(array(...))`, which its planner cannot turn into a walk over every lead); common text by the
 * lead's own search_text while walking the list's order, where the first page fills within a few hundred
 * rows. Text under three characters has no trigram to look up, and SQLite's FTS5 takes no LIKE escapes:
 * those are matched on the lead's own column too.
 */
export async function searchTextContains(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
  db: Kysely<any>,
  table: "contact_submissions" | "service_inquiries",
  q: string,
): Promise<RawBuilder<SqlBool>> {
  const text = q.toLowerCase();
  const pattern = containsPattern(text);
  const postgres = isPostgres(db);
  const common = sql<SqlBool>`search_text like ${pattern} escape '\\'`;
  if (text.length < 3 || (!postgres && /[\\%_]/.test(text))) return common;
  const searchTable = sql.table(`${table}_search`);
  const matching = postgres
    ? sql`select id from ${searchTable} where search_text like ${pattern} escape '\\'`
    : sql`select rowid from ${searchTable} where search_text like ${`%${text}%`}`;
  const probe = await sql<{
    n: number | string;
  }>`select count(*) as n from (${matching} limit ${COMMON_MATCHES + 1}) as probe`.execute(db);
  if (Number(probe.rows[0]?.n ?? 0) > COMMON_MATCHES) return common;
  return postgres
    ? sql<SqlBool>`${sql.ref(`${table}.id`)} = any(array(${matching}))`
    : sql<SqlBool>`rowid in (${matching})`;
}

/** Refreshes the planner's statistics where the dialect needs asking (SQLite); PostgreSQL's autovacuum does it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
export async function optimizeDatabase(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await sql`pragma optimize`.execute(db);
}

/**
 * Sets one text column of many rows in one statement, from (id, value) pairs: an UPDATE joined to
 * a VALUES list, which both dialects run through the primary key. PostgreSQL's ids are uuid, so
 * the listed ids are cast there.
 */
export async function setColumnByIds(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- works on any schema
  table: string,
  column: string,
  pairs: readonly (readonly [id: string, value: string])[],
  /** More assignments, the same for every row (`status = 'won'`), made by the same statement. */
  alsoSet?: RawBuilder<unknown>,
  /** "timestamp": the values are ISO instants for a timestamptz column (PostgreSQL casts them; SQLite keeps text). */
  valueType: "text" | "timestamp" = "text",
): Promise<void> {
  if (pairs.length === 0) return;
  const id = isPostgres(db) ? sql`cast(v.column1 as uuid)` : sql`v.column1`;
  const value = valueType === "timestamp" && isPostgres(db) ? sql`cast(v.column2 as timestamptz)` : sql`v.column2`;
  const values = sql.join(pairs.map(([rowId, value]) => sql`(${rowId}, ${value})`));
  const also = alsoSet ? sql`, ${alsoSet}` : sql``;
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value}${also} from (values ${values}) as v where ${sql.ref(`${table}.id`)} = ${id}`.execute(
    db,
  );
}

/**
 * The name order's key of a lead row: "first last" in lower case, compared byte by byte on both databases
 * (PostgreSQL's "C" collation is SQLite's default, BINARY), so both sort alike whatever the database's
 * locale. The expression must stay exactly the one migration 0010 indexes, or the list sorts every row.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
export function leadNameKey(db: Kysely<any>): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`lower(first_name || ' ' || last_name) collate "C"`
    : sql<string>`lower(first_name || ' ' || last_name)`;
}

/**
 * The whole milliseconds from one timestamp to another, an integer (speed to lead subtracts them in SQL rather
 * than parsing two dates per lead in JavaScript). SQLite keeps ISO 8601 text, which julianday reads (to well
 * under a millisecond); PostgreSQL has timestamptz. NULL when either is NULL.
 */
export function millisecondsBetween(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
  db: Kysely<any>,
  from: RawBuilder<unknown>,
  to: RawBuilder<unknown>,
): RawBuilder<number | null> {
  return isPostgres(db)
    ? sql<number | null>`cast(round(extract(epoch from (${to} - ${from})) * 1000) as bigint)`
    : sql<number | null>`cast(round((julianday(${to}) - julianday(${from})) * 86400000.0) as integer)`;
}

/** An aggregate: the group's values as text joined by commas, in no set order, NULLs left out; NULL when none. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
export function commaList(db: Kysely<any>, value: RawBuilder<unknown>): RawBuilder<string | null> {
  return isPostgres(db)
    ? sql<string | null>`string_agg(cast(${value} as text), ',')`
    : sql<string | null>`group_concat(${value}, ',')`;
}
