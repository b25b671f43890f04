import { PostgresAdapter, type Kysely } from "kysely";

/** Migrations use this to pick column types; repositories must not need it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
