import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from "kysely";
import pg from "pg";
import type { ServerConfig } from "../config.ts";
import type { Database } from "./schema.ts";

// The only module (with the migrations) that knows which database is behind Kysely.

export type DatabaseKind = ServerConfig["database"]["kind"];

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;

/** PostgreSQL returns timestamptz as ISO strings (like SQLite) and COUNT(*) as numbers. */
const postgresTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMPTZ_OID) {
      const parseDate = pg.types.getTypeParser(TIMESTAMPTZ_OID, "text") as (value: string) => Date;
      return (value: string) => parseDate(value).toISOString();
    }
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format ?? "text");
  },
} as pg.CustomTypesConfig;

/**
 * SQLite transactions start with BEGIN IMMEDIATE: the write lock is taken up front (waiting up to
 * busy_timeout), so two processes migrating or writing the same file queue up instead of one of them
 * acting on a stale read. Kysely's SQLite migration lock is a no-op that relies on this.
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class SqliteImmediateDialect extends SqliteDialect {
  readonly #driverConfig: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#driverConfig = config;
  }
  override createDriver() {
    return new ImmediateTransactionSqliteDriver(this.#driverConfig);
  }
}

/** Where connection trouble is reported (the server's logger; the command-line tools pass none). */
export type DatabaseLogger = { warn: (details: object, message: string) => void };

export function createDatabase(database: ServerConfig["database"], logger?: DatabaseLogger): Kysely<Database> {
  if (database.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // Storage is solid-state: reading a random page costs about as much as the next one. With the
      // default (4, for spinning disks) the planner sorts long lists (an export of 10,000 leads)
      // instead of walking the newest-first index, four times slower.
      options: "-c random_page_cost=1.1",
      types: postgresTypes,
    });
    // PostgreSQL may end a connection the pool holds idle (restart, failover, an administrator, a
    // proxy's timeout). The pool drops it and opens another when needed; unheard, the error event
    // would end the process.
    pool.on("error", (error) => logger?.warn({ err: error }, "PostgreSQL closed an idle connection; the pool will open a new one"));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  }

  if (database.path !== ":memory:") mkdirSync(dirname(database.path), { recursive: true });
  const sqlite = new SQLite(database.path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Durable enough with WAL (a power cut may lose the last commit, never corrupt the file) and much faster.
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new SqliteImmediateDialect({ database: sqlite }), plugins: [new CamelCasePlugin()] });
}
