import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN, validContact, type TestApp } from "../../../tests/helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database.ts";
import { startServerProcess } from "../../../tests/helpers/server-process.ts";
import { TRUST_PROXY_TRUE_WARNING } from "../../app.ts";
import { loadConfig, type ServerConfig } from "../../config.ts";
import { createDatabase } from "../../db/connection.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { createRateLimitsRepository } from "../../repositories/rate-limits-repository.ts";

// Throttling that holds across instances, restarts and addresses (docs/decisions/011-throttling.md).
// Every app here gets a hand-moved clock, so windows end without sleeping.

const MINUTE = 60_000;
const START = Date.parse("2026-11-23T12:00:00.000Z");

/** A clock the test moves by hand. */
function manualClock() {
  let now = START;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

type Limits = Partial<Omit<ServerConfig["rateLimit"], "enabled">>;

function limitsOn(limits: Limits = {}): Partial<ServerConfig> {
  return {
    rateLimit: {
      enabled: true,
      forms: { max: 100, windowMs: 10 * MINUTE },
      login: { max: 100, windowMs: 15 * MINUTE },
      account: { max: 100, windowMs: 60 * MINUTE },
      ...limits,
    },
  };
}

// Each test builds its apps on a fresh database, closed and dropped when it ends.
const opened: TestApp[] = [];
const databases: TestDatabase[] = [];

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

async function appOn(database: TestDatabase, limits: Limits, clock: () => Date): Promise<FastifyInstance> {
  const t = await createTestApp(limitsOn(limits), database, { clock });
  opened.push(t);
  return t.app;
}

afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
  for (const database of databases.splice(0)) await database.drop();
});

const postContact = (app: FastifyInstance, remoteAddress = "203.0.113.1") =>
  app.inject({ method: "POST", url: "/api/contact", payload: validContact, remoteAddress });

const login = (
  app: FastifyInstance,
  password: string,
  remoteAddress: string,
  extra: { username?: string; cookie?: string } = {},
) =>
  app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { username: extra.username ?? TEST_ADMIN.email, password },
    remoteAddress,
    headers: extra.cookie ? { cookie: extra.cookie } : {},
  });

const DEVICE_COOKIE = "agency_session_device";

function cookieOf(response: LightMyRequestResponse, name: string): string {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in the response`);
  return `${cookie.name}=${cookie.value}`;
}

/** A 429 as every limit answers it: Retry-After in seconds and a JSON message. */
function expectTooMany(
  response: LightMyRequestResponse,
  retryAfterSeconds: number,
  message: RegExp = /^Too many requests\. Please try again in/,
) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.headers["retry-after"]).toBe(String(retryAfterSeconds));
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(response.json().message).toMatch(message);
}

const contactCount = async (app: FastifyInstance) =>
  Number(
    (
      await app.db
        .selectFrom("contactSubmissions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("per-address limits", () => {
  it("count together on two instances built on one database", async () => {
    const database = await freshDatabase();
    const { clock } = manualClock();
    const [first, second] = await Promise.all([
      appOn(database, { forms: { max: 3, windowMs: 10 * MINUTE } }, clock),
      appOn(database, { forms: { max: 3, windowMs: 10 * MINUTE } }, clock),
    ]);
    expect((await postContact(first)).statusCode).toBe(201);
    expect((await postContact(second)).statusCode).toBe(201);
    expect((await postContact(first)).statusCode).toBe(201);
    // Two per-process stores would each have allowed three.
    expectTooMany(await postContact(second), 600);
    expectTooMany(await postContact(first), 600);
    expect(await contactCount(first)).toBe(3);
    // Another address has its own count.
    expect((await postContact(second, "203.0.113.2")).statusCode).toBe(201);
  });

  it("count every hit once when two instances take many at the same moment", async () => {
    const database = await freshDatabase();
    const { clock } = manualClock();
    const [first, second] = await Promise.all([
      appOn(database, { forms: { max: 10, windowMs: 10 * MINUTE } }, clock),
      appOn(database, { forms: { max: 10, windowMs: 10 * MINUTE } }, clock),
    ]);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postContact(i % 2 === 0 ? first : second)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("survive a restart: a new app on the same database goes on counting", async () => {
    const database = await freshDatabase();
    const { clock } = manualClock();
    const limits = { login: { max: 3, windowMs: 15 * MINUTE } };
    const before = await createTestApp(limitsOn(limits), database, { clock });
    for (let i = 0; i < 3; i += 1)
      expect((await login(before.app, "wrong guess", "198.51.100.7")).statusCode).toBe(401);
    await before.close();

    const after = await appOn(database, limits, clock);
    expectTooMany(await login(after, TEST_ADMIN.password, "198.51.100.7"), 900);
  });

  it("answer 429 with Retry-After until the window ends on the clock, then count afresh", async () => {
    const database = await freshDatabase();
    const { clock, advance } = manualClock();
    const app = await appOn(database, { forms: { max: 2, windowMs: MINUTE } }, clock);
    expect((await postContact(app)).statusCode).toBe(201);
    advance(20_000);
    expect((await postContact(app)).statusCode).toBe(201);
    const refused = await postContact(app);
    expectTooMany(refused, 40);
    expect(refused.json()).toEqual({ message: "Too many requests. Please try again in 40 seconds." });
    expect(await contactCount(app)).toBe(2);

    advance(39_000);
    expectTooMany(await postContact(app), 1);
    advance(1_000);
    expect((await postContact(app)).statusCode).toBe(201);
    expect((await postContact(app)).statusCode).toBe(201);
    expectTooMany(await postContact(app), 60);
  });

  it("keep each route's count apart", async () => {
    const database = await freshDatabase();
    const { clock } = manualClock();
    const app = await appOn(database, { forms: { max: 1, windowMs: MINUTE } }, clock);
    expect((await postContact(app)).statusCode).toBe(201);
    expectTooMany(await postContact(app), 60);
    const inquiry = await app.inject({
      method: "POST",
      url: "/api/service-inquiry",
      remoteAddress: "203.0.113.1",
      payload: {
        firstName: "A",
        lastName: "B",
        email: "a@example.com",
        phone: "555 000 1111",
        serviceType: "seo",
        message: "A plan please",
      },
    });
    expect(inquiry.statusCode, inquiry.body).toBe(201);
  });

  it("with TRUST_PROXY=1 count the address the proxy saw, whatever X-Forwarded-For the client wrote", async () => {
    const database = await freshDatabase();
    const { clock } = manualClock();
    const t = await createTestApp(
      { ...limitsOn({ forms: { max: 1, windowMs: MINUTE } }), trustProxy: loadConfig({ TRUST_PROXY: "1" }).trustProxy },
      database,
      { clock },
    );
    opened.push(t);
    // The proxy (10.0.0.2) appends the address it saw; the client forges the entries before it.
    const viaProxy = (forged: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: validContact,
        remoteAddress: "10.0.0.2",
        headers: { "x-forwarded-for": `${forged}, 203.0.113.9` },
      });
    expect((await viaProxy("192.0.2.1")).statusCode).toBe(201);
    expectTooMany(await viaProxy("192.0.2.2"), 60);
  });
});

// Each sign-in that reaches the password costs one scrypt; the limits are small to keep this quick.
describe("per-account limit on failed sign-ins", { timeout: 30_000 }, () => {
  const attackers = Array.from({ length: 12 }, (_, i) => `198.51.100.${i + 10}`);
  const limits = { login: { max: 3, windowMs: 15 * MINUTE }, account: { max: 4, windowMs: 60 * MINUTE } };

  /** One wrong guess from each of 12 addresses: every address stays far under its own limit of 3. */
  async function guessFromEveryAddress(app: FastifyInstance, username = TEST_ADMIN.email) {
    const statuses: number[] = [];
    for (const address of attackers)
      statuses.push((await login(app, `guess from ${address}`, address, { username })).statusCode);
    return statuses;
  }

  it("stops a guesser spread over 12 addresses after the account's limit, for a known and an unknown e-mail alike", async () => {
    const database = await freshDatabase();
    const { clock } = manualClock();
    const app = await appOn(database, limits, clock);

    const known = await guessFromEveryAddress(app);
    const unknown = await guessFromEveryAddress(app, "nobody@example.com");
    // Four failures per account, then every attempt is refused: the same for both e-mails.
    for (const statuses of [known, unknown]) expect(statuses).toEqual([...Array(4).fill(401), ...Array(8).fill(429)]);
    // The right password from a new address is refused too, before it is checked.
    const right = await login(app, TEST_ADMIN.password, "192.0.2.50");
    expectTooMany(right, 3600, /^Too many failed sign-ins for this account\./);
    const wrongForUnknown = await login(app, "whatever", "192.0.2.51", { username: "NOBODY@example.com" });
    expect(wrongForUnknown.json()).toEqual(right.json());
    expect(right.headers["set-cookie"]).toBeUndefined();
  });

  it("lets the owner in from a browser that signed in before, and the success clears the count", async () => {
    const database = await freshDatabase();
    const { clock, advance } = manualClock();
    const app = await appOn(database, limits, clock);
    const home = await login(app, TEST_ADMIN.password, "192.0.2.1");
    expect(home.statusCode).toBe(200);
    const device = cookieOf(home, DEVICE_COOKIE);
    expect(String(home.headers["set-cookie"])).toMatch(
      /agency_session_device=[A-Za-z0-9_-]{43};.*Path=\/api\/admin;.*HttpOnly;.*SameSite=Strict/,
    );

    advance(MINUTE);
    await guessFromEveryAddress(app);
    expectTooMany(await login(app, TEST_ADMIN.password, "192.0.2.97"), 3600, /for this account/);
    // A made-up device token does not pass.
    expectTooMany(
      await login(app, TEST_ADMIN.password, "192.0.2.98", { cookie: `${DEVICE_COOKIE}=${"A".repeat(43)}` }),
      3600,
      /for this account/,
    );

    // The owner, travelling (a new address), with the browser used at home.
    const travelling = await login(app, TEST_ADMIN.password, "192.0.2.99", { cookie: device });
    expect(travelling.statusCode, travelling.body).toBe(200);
    // The device token was renewed; the old one ended.
    const renewed = cookieOf(travelling, DEVICE_COOKIE);
    expect(renewed).not.toBe(device);

    // The success cleared the account's failures: the next wrong guesses are ordinary 401s until the limit.
    advance(MINUTE);
    expect((await guessFromEveryAddress(app)).slice(0, 5)).toEqual([401, 401, 401, 401, 429]);
    expectTooMany(await login(app, TEST_ADMIN.password, "192.0.2.100", { cookie: device }), 3600, /for this account/);
    expect((await login(app, TEST_ADMIN.password, "192.0.2.101", { cookie: renewed })).statusCode).toBe(200);
  });

  it("does not let a device of another account past the limit", async () => {
    const database = await freshDatabase();
    const { clock } = manualClock();
    const app = await appOn(database, limits, clock);
    await app.repositories.users.create("partner@example.com", await hashPassword("the partner's own password"));
    const partner = await login(app, "the partner's own password", "192.0.2.5", { username: "partner@example.com" });
    expect(partner.statusCode).toBe(200);
    await guessFromEveryAddress(app);
    expectTooMany(
      await login(app, TEST_ADMIN.password, "192.0.2.5", { cookie: cookieOf(partner, DEVICE_COOKIE) }),
      3600,
      /for this account/,
    );
  });

  it("gives a known device a higher limit, not none: 5x the account's, per device, then 429 even for the right password", async () => {
    const database = await freshDatabase();
    const { clock, advance } = manualClock();
    const app = await appOn(database, limits, clock);
    // Two browsers the owner has signed in from; the thief holds the first one's cookie.
    const stolen = cookieOf(await login(app, TEST_ADMIN.password, "192.0.2.1"), DEVICE_COOKIE);
    const laptop = cookieOf(await login(app, TEST_ADMIN.password, "192.0.2.2"), DEVICE_COOKIE);

    advance(MINUTE);
    expect(await guessFromEveryAddress(app)).toEqual([...Array(4).fill(401), ...Array(8).fill(429)]);
    // Past the account's limit of 4, the stolen device may try 5 x 4 = 20 more (each from a new address).
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1)
      statuses.push((await login(app, `thief's guess ${i}`, `203.0.113.${i + 1}`, { cookie: stolen })).statusCode);
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(5).fill(429)]);
    // Refused before the password is checked: the right password does not get through that device either.
    expectTooMany(await login(app, TEST_ADMIN.password, "203.0.113.50", { cookie: stolen }), 3600, /for this account/);
    // The owner's other browser has an allowance of its own.
    expect((await login(app, TEST_ADMIN.password, "203.0.113.51", { cookie: laptop })).statusCode).toBe(200);
  });

  it("holds across two instances and lifts when the window ends", async () => {
    const database = await freshDatabase();
    const { clock, advance } = manualClock();
    const [first, second] = await Promise.all([appOn(database, limits, clock), appOn(database, limits, clock)]);
    for (const [i, address] of attackers.slice(0, 4).entries()) {
      expect((await login(i % 2 === 0 ? first : second, "guess", address)).statusCode).toBe(401);
    }
    expectTooMany(await login(second, TEST_ADMIN.password, attackers[4]!), 3600, /for this account/);
    expectTooMany(await login(first, TEST_ADMIN.password, attackers[5]!), 3600, /for this account/);
    advance(60 * MINUTE - 1_000);
    expectTooMany(await login(first, TEST_ADMIN.password, attackers[6]!), 1, /for this account/);
    advance(1_000);
    expect((await login(first, TEST_ADMIN.password, attackers[6]!)).statusCode).toBe(200);
  });
});

describe("POST /api/admin/password limits", { timeout: 30_000 }, () => {
  const change = (app: FastifyInstance, cookie: string, currentPassword: string, remoteAddress = "192.0.2.1") =>
    app.inject({
      method: "POST",
      url: "/api/admin/password",
      headers: { cookie },
      remoteAddress,
      payload: { currentPassword, newPassword: "a brand new password" },
    });

  async function session(app: FastifyInstance, address = "192.0.2.1") {
    const response = await login(app, TEST_ADMIN.password, address);
    expect(response.statusCode).toBe(200);
    return cookieOf(response, "agency_session");
  }

  it("counts wrong current passwords per admin, whatever the address, and changes nothing once refused", async () => {
    const database = await freshDatabase();
    const { clock, advance } = manualClock();
    const app = await appOn(database, { account: { max: 3, windowMs: 60 * MINUTE } }, clock);
    const cookie = await session(app);
    for (const address of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) {
      expect((await change(app, cookie, "not it", address)).statusCode).toBe(400);
    }
    const hashBefore = (await app.repositories.users.findByUsername(TEST_ADMIN.email))!.passwordHash;
    expectTooMany(
      await change(app, cookie, TEST_ADMIN.password, "192.0.2.4"),
      3600,
      /^Too many wrong current passwords\./,
    );
    expect((await app.repositories.users.findByUsername(TEST_ADMIN.email))!.passwordHash).toBe(hashBefore);

    // Its own counter: signing in is not blocked by it.
    expect((await login(app, TEST_ADMIN.password, "192.0.2.5")).statusCode).toBe(200);

    advance(60 * MINUTE);
    expect((await change(app, cookie, TEST_ADMIN.password)).statusCode).toBe(204);
  });

  it("clears the admin's count after a right current password", async () => {
    const database = await freshDatabase();
    const { clock } = manualClock();
    const app = await appOn(database, { account: { max: 2, windowMs: 60 * MINUTE } }, clock);
    const cookie = await session(app);
    expect((await change(app, cookie, "not it")).statusCode).toBe(400);
    expect((await change(app, cookie, TEST_ADMIN.password)).statusCode).toBe(204);
    expect((await change(app, cookie, "not it")).statusCode).toBe(400);
    expect((await change(app, cookie, "still not it")).statusCode).toBe(400);
    expectTooMany(await change(app, cookie, "a brand new password"), 3600, /wrong current passwords/);
  });

  it("limits requests per address like the sign-in, on a counter of its own", async () => {
    const database = await freshDatabase();
    const { clock } = manualClock();
    const app = await appOn(database, { login: { max: 3, windowMs: 15 * MINUTE } }, clock);
    const cookie = await session(app, "192.0.2.200");
    for (let i = 0; i < 3; i += 1) expect((await change(app, cookie, "not it", "192.0.2.8")).statusCode).toBe(400);
    expectTooMany(await change(app, cookie, TEST_ADMIN.password, "192.0.2.8"), 900);
    // The sign-in of that address still has its own three attempts.
    expect((await login(app, TEST_ADMIN.password, "192.0.2.8")).statusCode).toBe(200);
    expect((await change(app, cookie, TEST_ADMIN.password, "192.0.2.9")).statusCode).toBe(204);
  });
});

describe("sweeping expired rows", () => {
  it("removes ended counters and expired devices at start-up, keeps the rest", async () => {
    const database = await freshDatabase();
    const { clock, advance } = manualClock();
    const first = await appOn(
      database,
      { forms: { max: 5, windowMs: 10 * MINUTE }, account: { max: 5, windowMs: 60 * MINUTE } },
      clock,
    );
    await postContact(first);
    expect((await login(first, TEST_ADMIN.password, "192.0.2.1")).statusCode).toBe(200);
    await login(first, "wrong", "192.0.2.1");
    const keys = async () =>
      (await first.db.selectFrom("rateLimits").select("key").orderBy("key").execute()).map((r) => r.key);
    expect(await keys()).toEqual([
      "POST /api/admin/login|192.0.2.1",
      "POST /api/contact|203.0.113.1",
      expect.stringMatching(/^sign-in-failures\|[0-9a-f]{64}$/),
    ]);
    expect(await first.db.selectFrom("knownDevices").select("tokenHash").execute()).toHaveLength(1);

    // A restart 20 minutes later: the form and sign-in windows (10 and 15 min) ended, the account's (60) did not.
    advance(20 * MINUTE);
    await appOn(database, {}, clock);
    expect(await keys()).toEqual([expect.stringMatching(/^sign-in-failures\|/)]);

    // A year and a day later the device is forgotten too.
    advance(366 * 24 * 60 * MINUTE);
    await appOn(database, {}, clock);
    expect(await keys()).toEqual([]);
    expect(await first.db.selectFrom("knownDevices").select("tokenHash").execute()).toEqual([]);
  });
});

describe("rate-limits repository", () => {
  let database: TestDatabase;
  let db: ReturnType<typeof createDatabase>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase(database.database);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it("counts parallel hits on one key exactly once each, in one window", async () => {
    const counters = createRateLimitsRepository(db);
    const now = new Date(START);
    const results = await Promise.all(Array.from({ length: 40 }, () => counters.hit("parallel", MINUTE, now)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.resetAt))).toEqual(new Set([new Date(START + MINUTE).toISOString()]));
  });

  it("starts a new window after the old one ends, and sweeps only ended windows", async () => {
    const counters = createRateLimitsRepository(db);
    const at = (ms: number) => new Date(START + ms);
    expect(await counters.hit("window", MINUTE, at(0))).toEqual({ count: 1, resetAt: at(MINUTE).toISOString() });
    expect(await counters.hit("window", MINUTE, at(59_999))).toEqual({ count: 2, resetAt: at(MINUTE).toISOString() });
    expect(await counters.hit("window", MINUTE, at(MINUTE))).toEqual({
      count: 1,
      resetAt: at(2 * MINUTE).toISOString(),
    });
    expect(await counters.peek("window", at(MINUTE))).toEqual({ count: 1, resetAt: at(2 * MINUTE).toISOString() });
    expect(await counters.peek("window", at(2 * MINUTE))).toBeUndefined();

    await counters.hit("long", 10 * MINUTE, at(0));
    await counters.reset("parallel");
    expect(await counters.deleteExpired(at(2 * MINUTE))).toBe(1);
    expect(await counters.peek("long", at(2 * MINUTE))).toEqual({ count: 1, resetAt: at(10 * MINUTE).toISOString() });
  });
});

describe("TRUST_PROXY at start-up", { timeout: 30_000 }, () => {
  /** Starts the real process with TRUST_PROXY set, returns its log lines up to "server ready", stops it. */
  async function startUpLogs(trustProxy: string): Promise<{ level: number; msg: string }[]> {
    const database = await freshDatabase();
    const server = await startServerProcess(database.database, { TRUST_PROXY: trustProxy });
    server.child.kill("SIGTERM");
    await server.exited;
    return server.logs
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
  }

  it("warns once that TRUST_PROXY=true lets clients choose their address", async () => {
    // (The client is not built for these processes: that is the other warning they log.)
    const warnings = (await startUpLogs("true")).filter(
      (line) => line.level === 40 && line.msg.includes("TRUST_PROXY"),
    );
    expect(warnings.map((line) => line.msg)).toEqual([TRUST_PROXY_TRUE_WARNING]);
    expect(TRUST_PROXY_TRUE_WARNING).toMatch(/TRUST_PROXY=1/);
  });

  it("does not warn for a hop count", async () => {
    const logs = await startUpLogs("1");
    expect(logs.some((line) => line.msg === "server ready")).toBe(true);
    expect(logs.filter((line) => line.level === 40 && line.msg.includes("TRUST_PROXY"))).toEqual([]);
  });
});
