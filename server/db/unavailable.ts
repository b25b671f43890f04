// The one place that decides whether an error means "the database is unavailable right now" (it is
// down, restarting, unreachable, out of connections, locked or out of space) rather than "this query
// or our code is wrong". The first kind is a normal state: requests answer 503 with Retry-After, the
// readiness check says 503, and start-up waits. See docs/decisions/010-database-outages.md.

import { sql, type Kysely } from "kysely";

/** The cheapest question the database can answer: whether it answers at all (readiness, start-up). */
export async function pingDatabase<DB>(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** What a client should wait before retrying, in seconds (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;

/** Socket and DNS failures reaching the database server. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTDOWN",
  "EAI_AGAIN",
  // The database host's name does not resolve (yet): a container whose DNS entry appears when it starts.
  "ENOTFOUND",
]);

/**
 * PostgreSQL SQLSTATEs: 57P01 admin shutdown (pg_terminate_backend, a fast stop), 57P02 crash
 * shutdown, 57P03 cannot connect now (starting up, recovering), 57P05 idle session timeout.
 * Classes 08 (connection exception) and 53 (insufficient resources: too many connections, disk full,
 * out of memory) are matched by prefix below.
 */
const POSTGRES_CODES = new Set(["57P01", "57P02", "57P03", "57P05"]);
const POSTGRES_CLASSES = ["08", "53"];

/**
 * SQLite primary result codes worth retrying: BUSY (another writer held the lock past busy_timeout),
 * PROTOCOL (a WAL lock race), CANTOPEN (the file or its folder is missing or not reachable, e.g. a
 * volume not mounted yet), IOERR (the disk failed a read or write) and FULL (no space left). Extended
 * codes (SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE) count with their primary code. CORRUPT, NOTADB,
 * READONLY, CONSTRAINT and the like are not transient: they stay 500.
 */
const SQLITE_CODES = ["SQLITE_BUSY", "SQLITE_PROTOCOL", "SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_FULL"];

/**
 * pg raises these as plain Errors without a code: the socket closed under a query ("Connection
 * terminated", "... unexpectedly", "... due to connection timeout"), the pool waited
 * connectionTimeoutMillis for a free connection, or a query went to a client whose socket had died.
 */
const POSTGRES_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Query read timeout$/,
];

/** Thrown where we give up waiting on the database ourselves (a readiness check's time limit). */
export class DatabaseTimeoutError extends Error {
  override readonly name = "DatabaseTimeoutError";
}

function matchesOwnFields(error: object): boolean {
  if (error instanceof DatabaseTimeoutError) return true;
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  const message = "message" in error && typeof error.message === "string" ? error.message : "";
  if (code !== undefined) {
    if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code)) return true;
    // 55000 is a wide class of "not in the right state" errors; only the database refusing connections
    // (ALLOW_CONNECTIONS false, e.g. during a restore or maintenance) is an outage.
    if (code === "55000" && /is not currently accepting connections/.test(message)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && POSTGRES_CLASSES.includes(code.slice(0, 2))) return true;
    if (SQLITE_CODES.some((primary) => code === primary || code.startsWith(`${primary}_`))) return true;
  }
  return POSTGRES_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when `error` (or its cause, or one of an AggregateError's errors: Node reports a refused
 * connection to every address of "localhost" that way) says the database is unavailable.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  if (matchesOwnFields(error)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return "cause" in error && isDatabaseUnavailable(error.cause, depth + 1);
}

/** A short reason for logs: code and message of the error, then of what it wraps. */
export function unavailableReason(error: unknown, depth = 0): string {
  if (typeof error !== "object" || error === null || depth > 5) return String(error);
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  const message = error instanceof Error ? error.message : String(error);
  const own = [code, message].filter((part) => part !== "").join(": ");
  const inner = error instanceof AggregateError ? error.errors : "cause" in error && error.cause ? [error.cause] : [];
  const wrapped = inner.map((e: unknown) => unavailableReason(e, depth + 1)).join("; ");
  return wrapped === "" ? own : `${own} (${wrapped})`;
}

/** Rejects with a DatabaseTimeoutError when `work` takes longer than `ms`; the timer never holds the process. */
export async function withDatabaseTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(`${what} took longer than ${ms} ms`)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
