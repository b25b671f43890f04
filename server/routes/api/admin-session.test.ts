import { createHash, randomBytes, scrypt } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword, passwordWorkChannel } from "../../lib/passwords.ts";
import { createTestApp, sessionCookieOf, signIn, TEST_ADMIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { testClock } from "../../../tests/helpers/test-clock.ts";
import { recordPasswordWork } from "../../../tests/helpers/password-work.ts";

let t: TestApp;

/** The cost parameters of every password hash (argon2id) the server runs, in order. */
const passwordWork = recordPasswordWork();
const hashCalls = passwordWork.runs;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/admin/login", payload: { username, password }, headers });
const status = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/admin/status", headers: cookie ? { cookie } : {} });
const listContacts = (cookie: string) =>
  t.app.inject({ method: "GET", url: "/api/contact-submissions", headers: { cookie } });
const sessionRows = () => t.app.db.selectFrom("sessions").selectAll().execute();

describe("POST /api/admin/login", () => {
  it("signs in with the bootstrap account and sets a hardened session cookie", async () => {
    const response = await login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      authenticated: true,
      username: TEST_ADMIN.email,
      user: { id: expect.any(String), role: "owner", name: null },
    });
    const header = String(response.headers["set-cookie"]);
    expect(header).toMatch(/^agency_session=[A-Za-z0-9_-]{43};/);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Path=/");
    expect(header).toMatch(/Max-Age=\d+/);
    expect(header).not.toContain("Secure");
  });

  it("stores only a SHA-256 hash of the token", async () => {
    const cookie = await signIn(t.app);
    const token = cookie.split("=")[1]!;
    const rows = await sessionRows();
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.some((row) => row.tokenHash === createHash("sha256").update(token).digest("hex"))).toBe(true);
  });

  it("marks the cookie Secure when the request came over HTTPS through a trusted proxy", async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const response = await proxied.app.inject({
        method: "POST",
        url: "/api/admin/login",
        headers: { "x-forwarded-proto": "https" },
        payload: { username: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers["set-cookie"])).toContain("Secure");
    } finally {
      await proxied.close();
    }
  });

  it("accepts the e-mail in any letter case", async () => {
    const response = await login(TEST_ADMIN.email.toUpperCase(), TEST_ADMIN.password);
    expect(response.statusCode).toBe(200);
  });

  it("answers the same 401 for a wrong password and for an unknown e-mail, with no cookie", async () => {
    const wrongPassword = await login(TEST_ADMIN.email, "not the password");
    const unknownUser = await login("nobody@example.com", TEST_ADMIN.password);
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Invalid email or password" });
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("does the same work for an unknown e-mail as for a wrong password (one password hash of the same cost)", async () => {
    // Counted, not timed: without the decoy an unknown e-mail would answer without any hash, which
    // a stopwatch could tell from the tens of milliseconds a verification takes.
    await login("warm-up@example.com", "wrong password guess"); // the decoy hash is made once, on first use
    const costsOf = async (username: string) => {
      hashCalls.length = 0;
      expect((await login(username, "wrong password guess")).statusCode).toBe(401);
      return [...hashCalls];
    };
    const known = await costsOf(TEST_ADMIN.email);
    const unknown = await costsOf("nobody@example.com");
    expect(known).toHaveLength(1);
    expect(unknown).toEqual(known);
  });

  it("answers 400 naming the fields when either is empty", async () => {
    const response = await login("", "");
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(["password", "username"]);
  });

  it("issues a fresh token at every login and ends the session the browser held before", async () => {
    const first = await signIn(t.app);
    const again = await login(TEST_ADMIN.email, TEST_ADMIN.password, { cookie: first });
    const second = sessionCookieOf(again);
    expect(second).not.toBe(first);
    expect((await listContacts(second)).statusCode).toBe(200);
    expect((await listContacts(first)).statusCode).toBe(401);
  });

  it("answers a request that still carried the ended session 401 without clearing the cookie the new sign-in set", async () => {
    // The race: a call leaves with the old cookie, the sign-in ends that session and sets a new one, then the
    // call is answered. Clearing the cookie's name there would sign the browser out of the new session.
    const first = await signIn(t.app);
    const second = sessionCookieOf(await login(TEST_ADMIN.email, TEST_ADMIN.password, { cookie: first }));
    for (const late of [await listContacts(first), await status(first)]) {
      expect(late.statusCode === 401 || late.json().authenticated === false).toBe(true);
      expect(late.headers["set-cookie"]).toBeUndefined();
    }
    expect((await listContacts(second)).statusCode).toBe(200);
  });

  it("is rate limited per client when limits are on", async () => {
    const limited = await createTestApp({
      rateLimit: {
        enabled: true,
        forms: { max: 100, windowMs: 60_000 },
        login: { max: 3, windowMs: 60_000 },
        account: { max: 100, windowMs: 60_000 },
      },
    });
    try {
      const attempt = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/admin/login",
          payload: { username: "x@example.com", password: "guess" },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});

describe("GET /api/admin/status", () => {
  it("says signed out without a session", async () => {
    const response = await status();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ authenticated: false, username: null });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("names the admin with a session", async () => {
    const cookie = await signIn(t.app);
    expect((await status(cookie)).json()).toEqual({
      authenticated: true,
      username: TEST_ADMIN.email,
      user: { id: expect.any(String), role: "owner", name: null },
    });
  });
});

describe("POST /api/admin/logout", () => {
  it("deletes the session row, clears the cookie, and the old cookie stops working", async () => {
    const cookie = await signIn(t.app);
    const hash = createHash("sha256").update(cookie.split("=")[1]!).digest("hex");
    expect((await sessionRows()).some((row) => row.tokenHash === hash)).toBe(true);

    const response = await t.app.inject({ method: "POST", url: "/api/admin/logout", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ authenticated: false, username: null });
    expect(String(response.headers["set-cookie"])).toMatch(/agency_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);

    expect((await sessionRows()).some((row) => row.tokenHash === hash)).toBe(false);
    expect((await listContacts(cookie)).statusCode).toBe(401);
    expect((await status(cookie)).json()).toEqual({ authenticated: false, username: null });
  });

  it("refuses a cross-site logout with 403 and keeps the session", async () => {
    const cookie = await signIn(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/logout",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(403);
    expect((await listContacts(cookie)).statusCode).toBe(200);
  });
});

describe("session expiry", () => {
  it("rejects a session past its idle expiry", async () => {
    const cookie = await signIn(t.app);
    const hash = createHash("sha256").update(cookie.split("=")[1]!).digest("hex");
    await t.app.db
      .updateTable("sessions")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("tokenHash", "=", hash)
      .execute();
    expect((await listContacts(cookie)).statusCode).toBe(401);
  });

  it("expires an idle session after the configured idle time", async () => {
    const time = testClock();
    const shortLived = await createTestApp(
      { session: { cookieName: "agency_session", idleMs: 300, maxMs: 60_000 } },
      undefined,
      { clock: time.clock },
    );
    try {
      const cookie = await signIn(shortLived.app);
      const list = () => shortLived.app.inject({ method: "GET", url: "/api/contact-submissions", headers: { cookie } });
      expect((await list()).statusCode).toBe(200);
      time.advance(400);
      expect((await list()).statusCode).toBe(401);
    } finally {
      await shortLived.close();
    }
  });

  it("extends a session in use, but never past its absolute expiry", async () => {
    const cookie = await signIn(t.app);
    const hash = createHash("sha256").update(cookie.split("=")[1]!).digest("hex");
    const row = async () =>
      await t.app.db.selectFrom("sessions").selectAll().where("tokenHash", "=", hash).executeTakeFirstOrThrow();
    const soon = new Date(Date.now() + 60_000).toISOString();
    const tenMinutesAgo = new Date(Date.now() - 600_000).toISOString();
    await t.app.db
      .updateTable("sessions")
      .set({ expiresAt: soon, lastSeenAt: tenMinutesAgo })
      .where("tokenHash", "=", hash)
      .execute();

    expect((await listContacts(cookie)).statusCode).toBe(200);
    const extended = await row();
    expect(Date.parse(extended.expiresAt)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);

    const absolute = new Date(Date.now() + 120_000).toISOString();
    await t.app.db
      .updateTable("sessions")
      .set({ expiresAt: soon, lastSeenAt: tenMinutesAgo, absoluteExpiresAt: absolute })
      .where("tokenHash", "=", hash)
      .execute();
    expect((await listContacts(cookie)).statusCode).toBe(200);
    expect((await row()).expiresAt).toBe(absolute);
  });

  it("ends every session of the admin when the password changes", async () => {
    const cookie = await signIn(t.app);
    const user = await t.app.repositories.users.findByUsername(TEST_ADMIN.email);
    await t.app.repositories.users.setPassword(user!.id, await hashPassword(TEST_ADMIN.password));
    expect((await listContacts(cookie)).statusCode).toBe(401);
  });
});

describe("POST /api/admin/password", () => {
  // Its own app: the change below leaves the account with another password.
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(async () => {
    await own.close();
  });
  const changePassword = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    own.app.inject({ method: "POST", url: "/api/admin/password", headers, payload });
  const stats = (cookie: string) => own.app.inject({ method: "GET", url: "/api/admin/stats", headers: { cookie } });

  it("answers 401 without a session", async () => {
    const response = await changePassword({}, {});
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBeTruthy();
  });

  it("refuses a change from another site with 403, and the password stays", async () => {
    const cookie = await signIn(own.app);
    const response = await changePassword(
      { cookie, origin: "https://evil.example" },
      { currentPassword: TEST_ADMIN.password, newPassword: "y".repeat(12) },
    );
    expect(response.statusCode).toBe(403);
    await signIn(own.app);
  });

  it("needs the current password, then ends every other session but this one", async () => {
    const cookie = await signIn(own.app);
    const other = await signIn(own.app);
    const wrong = await changePassword({ cookie }, { currentPassword: "nope", newPassword: "a brand new password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty(["currentPassword"]);
    const short = await changePassword({ cookie }, { currentPassword: TEST_ADMIN.password, newPassword: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toHaveProperty(["newPassword"]);

    const ok = await changePassword(
      { cookie },
      { currentPassword: TEST_ADMIN.password, newPassword: "a brand new password" },
    );
    expect(ok.statusCode).toBe(204);
    expect(ok.headers["cache-control"]).toBe("no-store");
    expect((await stats(cookie)).statusCode).toBe(200);
    expect((await stats(other)).statusCode).toBe(401);
    const oldLogin = await own.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await own.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: TEST_ADMIN.email, password: "a brand new password" },
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe("password storage (issue 23)", () => {
  it("signs in with a hash from before argon2id (scrypt at N=2^15) and replaces it with argon2id at that sign-in", async () => {
    const own = await createTestApp();
    try {
      const salt = randomBytes(16);
      const key = await new Promise<Buffer>((resolve, reject) =>
        scrypt("an old stored password", salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 256 * 2 ** 15 * 8 }, (error, k) =>
          error ? reject(error) : resolve(k),
        ),
      );
      const old = ["scrypt", 2 ** 15, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
      const user = await own.app.repositories.users.findByUsername(TEST_ADMIN.email);
      await own.app.db.updateTable("users").set({ passwordHash: old }).where("id", "=", user!.id).execute();

      const wrong = await own.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: TEST_ADMIN.email, password: "not the old password" },
      });
      expect(wrong.statusCode).toBe(401);
      expect((await own.app.repositories.users.findById(user!.id))?.passwordHash).toBe(old);

      const ok = await own.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: TEST_ADMIN.email, password: "an old stored password" },
      });
      expect(ok.statusCode).toBe(200);
      const upgraded = (await own.app.repositories.users.findById(user!.id))?.passwordHash;
      expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      // The upgraded hash signs in with the same password, and the session of the upgrade stays.
      expect(
        (
          await own.app.inject({ method: "GET", url: "/api/admin/status", headers: { cookie: sessionCookieOf(ok) } })
        ).json().authenticated,
      ).toBe(true);
      const again = await own.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: TEST_ADMIN.email, password: "an old stored password" },
      });
      expect(again.statusCode).toBe(200);
      expect((await own.app.repositories.users.findById(user!.id))?.passwordHash).toBe(upgraded);
    } finally {
      await own.close();
    }
  });
});

describe("admin bootstrap", () => {
  it("creates the account once and never overwrites its password", async () => {
    const user = await t.app.repositories.users.findByUsername(TEST_ADMIN.email);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.passwordHash).not.toContain(TEST_ADMIN.password);

    const restarted = await createTestApp(
      { adminBootstrap: { email: TEST_ADMIN.email, password: "a different password entirely", name: null } },
      t.testDatabase,
    );
    try {
      const again = await restarted.app.repositories.users.findByUsername(TEST_ADMIN.email);
      expect(again?.passwordHash).toBe(user?.passwordHash);
    } finally {
      await restarted.close();
    }
  });
});

describe("bounded hashing work on the sign-in (issue 19 point 6)", { timeout: 30_000 }, () => {
  /** A small bound, so a few parallel requests fill it; rate limits on (known devices) but far away. */
  const bounded = (work: { concurrency: number; reserved?: number; queueMax: number; maxWaitMs: number }) =>
    createTestApp({
      signInWork: { reserved: 0, ...work },
      rateLimit: {
        enabled: true,
        forms: { max: 1000, windowMs: 60_000 },
        login: { max: 1000, windowMs: 60_000 },
        account: { max: 1000, windowMs: 60_000 },
      },
    });

  const attempt = (app: TestApp["app"], username: string, password: string, remoteAddress: string, cookie?: string) =>
    app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username, password },
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });

  /** The deliberate 503: Retry-After in seconds and a JSON message, no cookie. */
  function expectBusy(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(503);
    expect(Number(response.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      message: "Too many sign-ins at this moment. Please try again in a few seconds.",
    });
    expect(response.headers["set-cookie"]).toBeUndefined();
  }

  it("refuses what does not fit in the queue with 503 + Retry-After, without hashing, and never another 5xx", async () => {
    const limited = await bounded({ concurrency: 1, queueMax: 2, maxWaitMs: 5_000 });
    try {
      await attempt(limited.app, "warm-up@example.com", "guess", "198.51.100.250"); // the decoy hash, made once
      hashCalls.length = 0;
      // 24 parallel guesses with fresh usernames from as many addresses: no per-account or per-address limit applies.
      const responses = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          attempt(limited.app, `fresh-${i}@example.com`, `guess ${i}`, `198.51.100.${i + 1}`),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(
        statuses.every((code) => code === 401 || code === 503),
        statuses.join(","),
      ).toBe(true);
      const busy = responses.filter((response) => response.statusCode === 503);
      expect(busy.length, statuses.join(",")).toBeGreaterThanOrEqual(12);
      for (const response of busy) expectBusy(response);
      // Only the attempts that were answered 401 cost a hash.
      expect(hashCalls).toHaveLength(statuses.filter((code) => code === 401).length);
    } finally {
      await limited.close();
    }
  });

  it("sends a known and an unknown e-mail through the same queue: both refused alike when it is full", async () => {
    const limited = await bounded({ concurrency: 1, queueMax: 1, maxWaitMs: 5_000 });
    let release = () => {};
    const held = limited.app.signInWork.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      // The one queue place taken, then one attempt for the real account and one for no account.
      const queued = attempt(limited.app, "queued@example.com", "guess", "198.51.100.1");
      await vi.waitFor(() => expect(limited.app.signInWork.stats().queued).toBe(1));
      hashCalls.length = 0;
      const known = await attempt(limited.app, TEST_ADMIN.email, "wrong password", "198.51.100.2");
      const unknown = await attempt(limited.app, "nobody@example.com", "wrong password", "198.51.100.3");
      expectBusy(known);
      expectBusy(unknown);
      expect(known.headers["retry-after"]).toBe(unknown.headers["retry-after"]);
      expect(hashCalls).toEqual([]);
      // Refused before anything was counted or looked up for either account.
      const counters = await limited.app.db
        .selectFrom("rateLimits")
        .select("key")
        .where("key", "like", "sign-in-failures|%")
        .execute();
      expect(counters).toHaveLength(1); // the queued attempt's
      const addresses = await limited.app.db
        .selectFrom("rateLimits")
        .select("key")
        .where("key", "like", "POST /api/admin/login|%")
        .execute();
      expect(addresses.map((row) => row.key)).toEqual(["POST /api/admin/login|198.51.100.1"]);
      release();
      await held;
      expect((await queued).statusCode).toBe(401);
    } finally {
      release();
      await limited.close();
    }
  });

  it("checks and hashes a changed password inside the bound: 503 when it is full, and the password stays (issue 32, finding 5)", async () => {
    const limited = await bounded({ concurrency: 1, queueMax: 0, maxWaitMs: 5_000 });
    let release = () => {};
    try {
      const cookie = await signIn(limited.app);
      const held = limited.app.signInWork.run(() => new Promise<void>((resolve) => (release = resolve)));
      hashCalls.length = 0;
      const change = await limited.app.inject({
        method: "POST",
        url: "/api/admin/password",
        headers: { cookie },
        payload: { currentPassword: TEST_ADMIN.password, newPassword: "a brand new password" },
      });
      expectBusy(change);
      expect(hashCalls).toEqual([]);
      release();
      await held;
      const login = await attempt(limited.app, TEST_ADMIN.email, TEST_ADMIN.password, "198.51.100.9");
      expect(login.statusCode, login.body).toBe(200);
    } finally {
      release();
      await limited.close();
    }
  });

  it("refuses an attempt that waited longer than the bound", async () => {
    const limited = await bounded({ concurrency: 1, queueMax: 5, maxWaitMs: 150 });
    let release = () => {};
    const held = limited.app.signInWork.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const started = performance.now();
      expectBusy(await attempt(limited.app, TEST_ADMIN.email, TEST_ADMIN.password, "198.51.100.1"));
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      expect(limited.app.signInWork.stats().queued).toBe(0);
    } finally {
      release();
      await held;
      await limited.close();
    }
  });

  it("lets the owner's known device in ahead of a full queue of guesses", async () => {
    const limited = await bounded({ concurrency: 1, queueMax: 2, maxWaitMs: 5_000 });
    const home = await attempt(limited.app, TEST_ADMIN.email, TEST_ADMIN.password, "192.0.2.1");
    const device = home.cookies.find((cookie) => cookie.name === "agency_session_device");
    expect(device).toBeDefined();
    let release = () => {};
    const held = limited.app.signInWork.run(() => new Promise<void>((resolve) => (release = resolve)));
    // The queues as each password check starts: the first one after the release must leave both guesses
    // waiting. (Which answer arrives first says less: the owner's sign-in writes a session and the activity
    // after its check, and on a loaded PostgreSQL a guess's check and 401 came back before that.)
    const queuesAtEachCheck: { queued: number; priorityQueued: number }[] = [];
    const look = () => {
      const { queued, priorityQueued } = limited.app.signInWork.stats();
      queuesAtEachCheck.push({ queued, priorityQueued });
    };
    try {
      const guesses = [0, 1].map((i) => attempt(limited.app, `fresh-${i}@example.com`, "guess", `198.51.100.${i + 1}`));
      await vi.waitFor(() => expect(limited.app.signInWork.stats().queued).toBe(2));
      // The queue for guesses is full: one more is refused at once, with a made-up device cookie too.
      expectBusy(await attempt(limited.app, "fresh-2@example.com", "guess", "198.51.100.3"));
      expectBusy(
        await attempt(
          limited.app,
          TEST_ADMIN.email,
          "guess",
          "198.51.100.4",
          `agency_session_device=${"A".repeat(43)}`,
        ),
      );
      // The owner, from a new address with the browser used before, goes ahead of both queued guesses.
      const owner = attempt(
        limited.app,
        TEST_ADMIN.email,
        TEST_ADMIN.password,
        "203.0.113.9",
        `agency_session_device=${device!.value}`,
      );
      await vi.waitFor(() => expect(limited.app.signInWork.stats().priorityQueued).toBe(1));
      passwordWorkChannel.subscribe(look);
      release();
      await held;
      expect((await owner).statusCode).toBe(200);
      expect((await Promise.all(guesses)).map((response) => response.statusCode)).toEqual([401, 401]);
      expect(queuesAtEachCheck[0]).toEqual({ queued: 2, priorityQueued: 0 });
    } finally {
      passwordWorkChannel.unsubscribe(look);
      release();
      await limited.close();
    }
  });

  it("with a slot reserved for known devices, checks the owner's password at once while guesses fill the rest", async () => {
    const limited = await bounded({ concurrency: 1, reserved: 1, queueMax: 1, maxWaitMs: 5_000 });
    const home = await attempt(limited.app, TEST_ADMIN.email, TEST_ADMIN.password, "192.0.2.1");
    const device = home.cookies.find((cookie) => cookie.name === "agency_session_device");
    expect(device).toBeDefined();
    let release = () => {};
    const held = limited.app.signInWork.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const queued = attempt(limited.app, "fresh-1@example.com", "guess", "198.51.100.1");
      await vi.waitFor(() => expect(limited.app.signInWork.stats().queued).toBe(1));
      expectBusy(await attempt(limited.app, "fresh-2@example.com", "guess", "198.51.100.2"));
      // The guess's slot is still held and one waits for it; the owner does not wait at all.
      const owner = await attempt(
        limited.app,
        TEST_ADMIN.email,
        TEST_ADMIN.password,
        "203.0.113.9",
        `agency_session_device=${device!.value}`,
      );
      expect(owner.statusCode, owner.body).toBe(200);
      expect(limited.app.signInWork.stats()).toEqual({ active: 1, queued: 1, priorityQueued: 0 });
      release();
      await held;
      expect((await queued).statusCode).toBe(401);
    } finally {
      release();
      await limited.close();
    }
  });
});
