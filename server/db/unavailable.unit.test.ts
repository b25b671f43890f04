import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DatabaseTimeoutError, isDatabaseUnavailable, unavailableReason, withDatabaseTimeout } from "./unavailable.ts";

// Real failures where they can be caused without a database server (a refused port, a locked or
// missing SQLite file); PostgreSQL's server-side codes as the driver reports them.

/** The rejection of `work`, or a failure when it resolves. */
async function rejectionOf(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

/** A local TCP port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** pg's error for a message the server sent, with its SQLSTATE. */
function postgresError(code: string, message = "server said no"): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, "error");
  error.code = code;
  return error;
}

const dir = mkdtempSync(join(tmpdir(), "agency-unavailable-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("isDatabaseUnavailable: PostgreSQL", () => {
  it("recognises a refused connection (the server is down)", async () => {
    const client = new pg.Client({ host: "127.0.0.1", port: await closedPort(), user: "nobody" });
    const error = await rejectionOf(() => client.connect());
    expect((error as { code?: string }).code).toBe("ECONNREFUSED");
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(unavailableReason(error)).toContain("ECONNREFUSED");
  });

  it("recognises a pool that cannot get a connection within connectionTimeoutMillis", async () => {
    const pool = new pg.Pool({
      host: "127.0.0.1",
      port: await closedPort(),
      user: "nobody",
      max: 1,
      connectionTimeoutMillis: 1,
    });
    try {
      const error = await rejectionOf(() => pool.query("select 1"));
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it.each(["57P01", "57P02", "57P03", "08006", "08001", "08P01", "53300", "53100"])(
    "recognises SQLSTATE %s",
    (code) => {
      expect(isDatabaseUnavailable(postgresError(code))).toBe(true);
    },
  );

  it.each(["23505", "42601", "42P01", "28P01", "3D000", "40001", "57014"])(
    "leaves SQLSTATE %s to the normal error path",
    (code) => {
      expect(isDatabaseUnavailable(postgresError(code))).toBe(false);
    },
  );

  it("recognises a database that refuses connections (55000, ALLOW_CONNECTIONS false) but no other 55000", () => {
    expect(
      isDatabaseUnavailable(postgresError("55000", 'database "agency" is not currently accepting connections')),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        postgresError("55000", 'currval of sequence "leads_id_seq" is not yet defined in this session'),
      ),
    ).toBe(false);
  });

  it.each([
    "Connection terminated",
    "Connection terminated unexpectedly",
    "Connection terminated due to connection timeout",
    "timeout exceeded when trying to connect",
    "Client has encountered a connection error and is not queryable",
  ])("recognises pg's %j", (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });
});

describe("isDatabaseUnavailable: SQLite", () => {
  it("recognises SQLITE_BUSY: another connection holds the write lock past busy_timeout", () => {
    const path = join(dir, "busy.sqlite");
    const holder = new SQLite(path);
    const waiter = new SQLite(path);
    try {
      holder.pragma("journal_mode = WAL");
      waiter.pragma("busy_timeout = 0");
      holder.exec("create table t (x); begin immediate; insert into t values (1)");
      const error = (() => {
        try {
          waiter.exec("insert into t values (2)");
        } catch (caught) {
          return caught;
        }
      })();
      expect((error as { code?: string }).code).toMatch(/^SQLITE_BUSY/);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      holder.close();
      waiter.close();
    }
  });

  it("recognises SQLITE_CANTOPEN: the path cannot be opened as a database file", async () => {
    const error = await rejectionOf(() => new SQLite(dir));
    expect((error as { code?: string }).code).toBe("SQLITE_CANTOPEN");
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("leaves constraint violations and SQL errors to the normal error path", async () => {
    const db = new SQLite(join(dir, "plain.sqlite"));
    try {
      db.exec("create table u (x unique); insert into u values (1)");
      const unique = await rejectionOf(() => db.exec("insert into u values (1)"));
      expect((unique as { code?: string }).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
      expect(isDatabaseUnavailable(unique)).toBe(false);
      const syntax = await rejectionOf(() => db.exec("selec 1"));
      expect(isDatabaseUnavailable(syntax)).toBe(false);
    } finally {
      db.close();
    }
  });

  it.each(["SQLITE_IOERR_WRITE", "SQLITE_FULL", "SQLITE_BUSY_SNAPSHOT", "SQLITE_PROTOCOL"])("recognises %s", (code) => {
    expect(isDatabaseUnavailable(Object.assign(new Error("disk trouble"), { code }))).toBe(true);
  });

  it.each(["SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_READONLY", "SQLITE_BUSYNESS"])(
    "does not treat %s as transient",
    (code) => {
      expect(isDatabaseUnavailable(Object.assign(new Error("no"), { code }))).toBe(false);
    },
  );
});

describe("isDatabaseUnavailable: wrapping", () => {
  it("looks through causes and AggregateErrors", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(new Error("Migration failed", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error("other"), refused]))).toBe(true);
    expect(unavailableReason(new Error("Migration failed", { cause: refused }))).toBe(
      "Migration failed (ECONNREFUSED: connect ECONNREFUSED ::1:5432)",
    );
  });

  it("says no for ordinary errors and for things that are not errors", () => {
    expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("bad request"), { statusCode: 400 }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});

describe("withDatabaseTimeout", () => {
  it("rejects with a DatabaseTimeoutError, which counts as unavailable, when the work does not finish in time", async () => {
    vi.useFakeTimers();
    try {
      const pending = withDatabaseTimeout(new Promise(() => undefined), 2000, "the check");
      const outcome = rejectionOf(() => pending);
      await vi.advanceTimersByTimeAsync(2000);
      const error = await outcome;
      expect(error).toBeInstanceOf(DatabaseTimeoutError);
      expect((error as Error).message).toBe("the check took longer than 2000 ms");
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("passes the work's own result or failure through", async () => {
    await expect(withDatabaseTimeout(Promise.resolve(7), 2000, "the check")).resolves.toBe(7);
    await expect(withDatabaseTimeout(Promise.reject(new Error("own")), 2000, "the check")).rejects.toThrow("own");
  });
});
