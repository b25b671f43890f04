import { createHash } from "node:crypto";
import type * as NodeCrypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../lib/passwords.ts";
import { createTestApp, sessionCookieOf, signIn, TEST_ADMIN, type TestApp } from "../../../tests/helpers/test-app.ts";

let t: TestApp;

/** The cost parameters of every scrypt the server runs, in order. */
const scryptCalls = vi.hoisted(() => [] as { N?: number | undefined; r?: number | undefined; p?: number | undefined }[]);
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  const scrypt = ((...args: Parameters<typeof actual.scrypt>) => {
    const options = args[3] as { N?: number; r?: number; p?: number };
    scryptCalls.push({ N: options.N, r: options.r, p: options.p });
    return (actual.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof actual.scrypt;
  return { ...actual, scrypt };
});

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
    expect(response.json()).toEqual({ authenticated: true, username: TEST_ADMIN.email });
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

  it("does the same work for an unknown e-mail as for a wrong password (one scrypt of the same cost)", async () => {
    // Counted, not timed: without the decoy an unknown e-mail would answer without any scrypt, which
    // a stopwatch could tell from the tens of milliseconds a verification takes.
    await login("warm-up@example.com", "wrong password guess"); // the decoy hash is made once, on first use
    const costsOf = async (username: string) => {
      scryptCalls.length = 0;
      expect((await login(username, "wrong password guess")).statusCode).toBe(401);
      return [...scryptCalls];
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
        limited.app.inject({ method: "POST", url: "/api/admin/login", payload: { username: "x@example.com", password: "guess" } });
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
    expect((await status(cookie)).json()).toEqual({ authenticated: true, username: TEST_ADMIN.email });
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
    const shortLived = await createTestApp({ session: { cookieName: "agency_session", idleMs: 300, maxMs: 60_000 } });
    try {
      const cookie = await signIn(shortLived.app);
      const list = () => shortLived.app.inject({ method: "GET", url: "/api/contact-submissions", headers: { cookie } });
      expect((await list()).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await list()).statusCode).toBe(401);
    } finally {
      await shortLived.close();
    }
  });

  it("extends a session in use, but never past its absolute expiry", async () => {
    const cookie = await signIn(t.app);
    const hash = createHash("sha256").update(cookie.split("=")[1]!).digest("hex");
    const row = async () =>
      (await t.app.db.selectFrom("sessions").selectAll().where("tokenHash", "=", hash).executeTakeFirstOrThrow());
    const soon = new Date(Date.now() + 60_000).toISOString();
    const tenMinutesAgo = new Date(Date.now() - 600_000).toISOString();
    await t.app.db.updateTable("sessions").set({ expiresAt: soon, lastSeenAt: tenMinutesAgo }).where("tokenHash", "=", hash).execute();

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

describe("admin bootstrap", () => {
  it("creates the account once and never overwrites its password", async () => {
    const user = await t.app.repositories.users.findByUsername(TEST_ADMIN.email);
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(user?.passwordHash).not.toContain(TEST_ADMIN.password);

    const restarted = await createTestApp(
      { adminBootstrap: { email: TEST_ADMIN.email, password: "a different password entirely" } },
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
