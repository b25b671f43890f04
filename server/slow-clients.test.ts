import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type StartedServer } from "../tests/helpers/server-process.ts";
import { createTestApp, TEST_ADMIN, validContact } from "../tests/helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-database.ts";
import { SOCKET_IDLE_TIMEOUT_MS } from "./app.ts";

// Slow clients against the real process (inject has no sockets): hundreds of connections that trickle
// a body or headers a byte a second, or send nothing, are cut by the server's timeouts (short here,
// through the environment) while other visitors are served, and nothing half-sent is stored.

const REQUEST_TIMEOUT_SECONDS = 6;
const HEADERS_TIMEOUT_SECONDS = 4;
const KEEP_ALIVE_TIMEOUT_SECONDS = 1;
/** Node looks for expired requests once a second (TIMEOUT_CHECK_INTERVAL_MS); the rest is a busy machine. */
const SLACK_MS = 6_000;
const SLOW_BODIES = 200;
const SLOW_HEADERS = 50;
const SILENT = 20;

let database: TestDatabase;
let clientDir: string;
let server: StartedServer;

beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = mkdtempSync(join(tmpdir(), "agency-client-"));
  writeFileSync(join(clientDir, "index.html"), "<h1>Home page</h1>");
  writeFileSync(join(clientDir, "404.html"), "<h1>404 Page Not Found</h1>");
  mkdirSync(join(clientDir, "admin"));
  writeFileSync(join(clientDir, "admin", "index.html"), "<p>Loading...</p>");
  server = await startServerProcess(database.database, {
    CLIENT_DIR: clientDir,
    REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
    HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_SECONDS),
    KEEP_ALIVE_TIMEOUT_SECONDS: String(KEEP_ALIVE_TIMEOUT_SECONDS),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // Every slow POST counts against its address at its first byte; this file is about timeouts.
    RATE_LIMIT_ENABLED: "false",
  });
}, 30_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    const exited = once(server.child, "exit");
    server.child.kill("SIGTERM");
    await exited;
  }
  await database?.drop();
  if (clientDir) rmSync(clientDir, { recursive: true, force: true });
});

/** One raw connection that sends `head` at once, then one byte of `trickle` each time `trickleByte` runs. */
class SlowClient {
  received = "";
  error: string | null = null;
  isClosed = false;
  readonly closed: Promise<void>;
  private sent = 0;

  private constructor(
    private readonly socket: Socket,
    private readonly trickle: string,
  ) {
    socket.on("data", (chunk: Buffer) => (this.received += chunk.toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) => (this.error = error.code ?? error.message));
    // Not events.once: it would reject on a reset, which is one of the ways the server may cut us.
    this.closed = new Promise((resolve) =>
      socket.once("close", () => {
        this.isClosed = true;
        resolve();
      }),
    );
  }

  static async open(port: number, head: string, trickle: string): Promise<SlowClient> {
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    socket.write(head);
    return new SlowClient(socket, trickle);
  }

  trickleByte() {
    if (this.isClosed || this.socket.destroyed || this.sent >= this.trickle.length) return;
    this.socket.write(this.trickle[this.sent]!);
    this.sent += 1;
  }

  /** "408" when the server answered with that status, "reset" when it dropped the connection without one. */
  outcome(): string {
    const status = /^HTTP\/1\.1 (\d{3}) /.exec(this.received)?.[1];
    if (status) return status;
    return this.received === "" && (this.error === null || this.error === "ECONNRESET")
      ? "reset"
      : `unexpected: ${this.error} ${this.received}`;
  }

  destroy() {
    this.socket.destroy();
  }
}

/** Waits for `promise`, failing with `describe()` if it has not settled within `ms`. */
async function within<T>(ms: number, promise: Promise<T>, describe: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(describe())), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function tally(clients: SlowClient[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const client of clients) counts[client.outcome()] = (counts[client.outcome()] ?? 0) + 1;
  return counts;
}

describe("slow clients", () => {
  it("cuts trickled bodies, trickled headers and silent connections with 408 while other visitors are served, and stores nothing half-sent", async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const slowBodies = await Promise.all(
      Array.from({ length: SLOW_BODIES }, (_, i) => {
        const body = JSON.stringify({ ...validContact, email: `slow-${i}@example.com` });
        const head = `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
        return SlowClient.open(server.port, head, body);
      }),
    );
    const slowHeaders = await Promise.all(
      Array.from({ length: SLOW_HEADERS }, () =>
        SlowClient.open(server.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", "a".repeat(1000)),
      ),
    );
    // Connections that never send a byte.
    const silent = await Promise.all(Array.from({ length: SILENT }, () => SlowClient.open(server.port, "", "")));
    const slow = [...slowBodies, ...slowHeaders, ...silent];
    // A byte every second: each connection stays active, so only a timeout on the whole request cuts it.
    const trickle = setInterval(() => slow.forEach((client) => client.trickleByte()), 1000);

    try {
      // Another visitor, while every slow connection is open.
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Home page");
      const lead = await fetch(`${base}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...validContact, email: "served@example.com" }),
      });
      expect(lead.status).toBe(201);
      expect(slow.filter((client) => client.isClosed)).toEqual([]);

      await within(
        REQUEST_TIMEOUT_SECONDS * 1000 + SLACK_MS,
        Promise.all(slow.map((client) => client.closed)),
        () =>
          `still open after the request timeout: ${slow.filter((client) => !client.isClosed).length} of ${slow.length}`,
      );
    } finally {
      clearInterval(trickle);
      slow.forEach((client) => client.destroy());
    }

    // The server answers 408 and closes; when a trickled byte crosses its close, the kernel resets the
    // connection instead, and the answer may be lost with it.
    for (const [kind, clients] of Object.entries({ slowBodies, slowHeaders, silent })) {
      const outcomes = tally(clients);
      expect(
        Object.keys(outcomes).filter((outcome) => outcome !== "408" && outcome !== "reset"),
        kind,
      ).toEqual([]);
      expect(outcomes["408"] ?? 0, kind).toBeGreaterThan(0);
    }
    expect(slowBodies.find((client) => client.outcome() === "408")!.received).toContain('"statusCode":408');

    // Exactly the one lead that arrived whole was stored.
    const login = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    // The inbox's "all" view: this lead has no form token, so the spam guard files it as spam.
    const stored = await fetch(`${base}/api/admin/leads/contacts?view=all`, { headers: { cookie } });
    expect(stored.status).toBe(200);
    expect(((await stored.json()) as { items: Array<{ email: string }> }).items.map((row) => row.email)).toEqual([
      "served@example.com",
    ]);

    // A client's slowness is not our error.
    expect(server.logs.join("")).not.toMatch(/"level":50/);
  }, 40_000);

  it("closes a kept-alive connection that stays idle", async () => {
    const client = await SlowClient.open(server.port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "");
    try {
      await within(
        KEEP_ALIVE_TIMEOUT_SECONDS * 1000 + SLACK_MS,
        client.closed,
        () => "the idle connection is still open",
      );
    } finally {
      client.destroy();
    }
    expect(client.outcome()).toBe("200");
    expect(client.received).toContain(`Keep-Alive: timeout=${KEEP_ALIVE_TIMEOUT_SECONDS}`);
  }, 20_000);
});

describe("the HTTP server's timeouts", () => {
  it("come from the configuration, with the idle-socket timeout as a constant", async () => {
    const t = await createTestApp({ timeouts: { requestMs: 7000, headersMs: 3000, keepAliveMs: 2000 } });
    try {
      expect(t.app.server.requestTimeout).toBe(7000);
      expect(t.app.server.headersTimeout).toBe(3000);
      expect(t.app.server.keepAliveTimeout).toBe(2000);
      expect(t.app.server.timeout).toBe(SOCKET_IDLE_TIMEOUT_MS);
    } finally {
      await t.close();
    }
  });
});
