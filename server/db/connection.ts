import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
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

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;

const UTC_TIMESTAMPTZ = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as PostgreSQL writes it in a UTC session (2026-11-09 12:34:56.789123+00) as the ISO text
 * Date's toISOString gives (2026-11-09T12:34:56.789Z: milliseconds, the rest cut off); any other form
 * (another session zone, a date BC, infinity) through a Date. Rewriting the text cost a tenth of
 * the parse and print it replaces, which was a fifth of a 10,000-lead export (bench:admin).
 */
export function timestamptzAsIso(value: string, parseDate: (value: string) => Date): string {
  const utc = UTC_TIMESTAMPTZ.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? "").padEnd(3, "0").slice(0, 3)}Z`;
  return parseDate(value).toISOString();
}

/** PostgreSQL returns timestamptz as ISO strings (like SQLite) and COUNT(*) as numbers. */
const postgresTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMPTZ_OID) {
      const parseDate = pg.types.getTypeParser(TIMESTAMPTZ_OID, "text") as (value: string) => Date;
      return (value: string) => timestamptzAsIso(value, parseDate);
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

/**
 * The database holds every lead's personal data and the team's sessions: it is readable by the server's
 * user only, whatever the umask (issue 32, finding 10). Created 0600, in a folder created 0700, before
 * SQLite opens it: SQLite gives the -wal and -shm files it creates the database file's mode.
 */
function createPrivateFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // "a": creates the file when it is missing, never truncates one that exists.
  closeSync(openSync(path, "a", 0o600));
}

/** A file an older release made readable by others (0644 under umask 022) is made private too. */
function keepPrivate(path: string, logger?: DatabaseLogger): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (!existsSync(file)) continue;
    const mode = statSync(file).mode & 0o777;
    if ((mode & 0o077) === 0) continue;
    try {
      chmodSync(file, mode & 0o700);
    } catch (error) {
      logger?.warn({ err: error, file }, "the database file is readable by other users and could not be made private");
    }
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
      // No parallel workers: the app already runs its statements side by side (both lead tables' at once, and
      // many requests), and a worker's start costs more than the sub-100 ms scans of a report. A year's sources
      // report (100,000 + 100,000 leads, 2 cores) took 145-195 ms with the default 2 workers per statement
      // and 43-51 ms without (bench:admin, decision 052).
      options: "-c random_page_cost=1.1 -c max_parallel_workers_per_gather=0",
      types: postgresTypes,
    });
    // PostgreSQL may end any connection (pg_terminate_backend, a restart or failover, a proxy's idle
    // timeout). A client that loses its socket emits 'error', also while a request holds it, and an
    // unheard 'error' event ends the process. pg-pool listens only while a client is idle; this
    // listener covers every client for its whole life. The query in flight, if any, fails on its own
    // (answered 503, see unavailable.ts), and pg-pool drops the dead client when it is released.
    pool.on("connect", (client) => {
      client.on("error", (error) =>
        logger?.warn({ err: error }, "lost a PostgreSQL connection; the pool will open a new one"),
      );
    });
    // An idle client's error reaches the pool too; the client's own listener above has logged it.
    pool.on("error", () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  }

  if (database.path !== ":memory:") createPrivateFile(database.path);
  const sqlite = new SQLite(database.path);
  sqlite.pragma("journal_mode = WAL");
  if (database.path !== ":memory:") keepPrivate(database.path, logger);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // FULL: WAL is synced at every commit, so a lead the API acknowledged survives a power cut (NORMAL
  // could lose the last ones). `npm run bench:posts` measures what it costs (docs/decisions/013).
  sqlite.pragma("synchronous = FULL");
  return new Kysely<Database>({
    dialect: new SqliteImmediateDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
}
