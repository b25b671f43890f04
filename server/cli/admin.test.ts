import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-database.ts";
import { addTestUser, createTestApp, sessionCookieOf } from "../../tests/helpers/test-app.ts";
import { softwarePasskey } from "../../tests/helpers/software-passkey.ts";
import type { TotpSetup } from "../../contract/two-factor.ts";
import { totpCodeAt } from "../lib/totp.ts";

// The admin CLI as the README shows it, on the database the tests' project names.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

function admin(args: string[], password?: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ADMIN_PASSWORD: password,
    DATABASE_URL: undefined,
    SQLITE_PATH: undefined,
  };
  if (database.database.kind === "postgres") env.DATABASE_URL = database.database.url;
  else env.SQLITE_PATH = database.database.path;
  if (password === undefined) delete env.ADMIN_PASSWORD;
  const result = spawnSync(process.execPath, ["--import", "tsx", "server/cli/admin.ts", ...args], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

async function canSignIn(email: string, password: string) {
  // createTestApp would bootstrap its own admin; switch that off to see only what the CLI made.
  const t = await createTestApp({ adminBootstrap: null }, database);
  try {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: email, password },
    });
    return { ok: response.statusCode === 200, cookie: response.statusCode === 200 ? sessionCookieOf(response) : "" };
  } finally {
    await t.close();
  }
}

// Each test runs the CLI as an operator would (tsx, a child process, a password hash): seconds each on a busy
// machine, and the invitation test runs it six times (over 30 s beside the browser tests).
describe("npm run admin", { timeout: 90_000 }, () => {
  it("creates an account whose password signs in", async () => {
    const result = admin(["create", "--email", "Boss@Agency.example"], "first password 123");
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain("Created the admin account boss@agency.example");
    expect(result.out).not.toContain("first password 123");
    expect((await canSignIn("boss@agency.example", "first password 123")).ok).toBe(true);
  });

  it("refuses to create the same account twice", () => {
    const result = admin(["create", "--email", "boss@agency.example"], "another password 456");
    expect(result.code).toBe(1);
    expect(result.out).toContain("exists already");
  });

  it("resets the password and ends the account's sessions", async () => {
    const before = await canSignIn("boss@agency.example", "first password 123");
    expect(before.ok).toBe(true);

    const result = admin(["reset-password", "--email", "boss@agency.example"], "second password 789");
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain("ended all of its sessions");

    expect((await canSignIn("boss@agency.example", "first password 123")).ok).toBe(false);
    expect((await canSignIn("boss@agency.example", "second password 789")).ok).toBe(true);
    const t = await createTestApp({ adminBootstrap: null }, database);
    try {
      const stale = await t.app.inject({
        method: "GET",
        url: "/api/contact-submissions",
        headers: { cookie: before.cookie },
      });
      expect(stale.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it.each([
    [["create", "--email", "short@agency.example"], "too short", "at least 12 characters"],
    // Issue 32, finding 9: the one rule of a new password, here too.
    [["create", "--email", "blank@agency.example"], " ".repeat(12), "not only spaces"],
    [["create", "--email", "common@agency.example"], "password1234", "lists of common passwords"],
    [["create", "--email", "not-an-email"], "long enough password", "--email"],
    [["reset-password", "--email", "nobody@agency.example"], "long enough password", "no account"],
    [["rename", "--email", "boss@agency.example"], "long enough password", "Unknown command"],
  ])("fails with a clear message: %j", (args, password, message) => {
    const result = admin(args, password);
    expect(result.code).toBe(1);
    expect(result.out).toContain(message);
  });

  it("asks for a terminal when no ADMIN_PASSWORD is given and none is attached", () => {
    const result = admin(["create", "--email", "new@agency.example"]);
    expect(result.code).toBe(1);
    expect(result.out).toContain("set ADMIN_PASSWORD");
  });

  it("invites, lists, changes a role, deactivates and reactivates, by the last-owner rule (issue 23)", async () => {
    const invited = admin(["invite", "--email", "Helper@Agency.example", "--role", "member"]);
    expect(invited.code, invited.out).toBe(0);
    const link = /\/admin\/invitation#([A-Za-z0-9_-]{43})/.exec(invited.out);
    expect(link, invited.out).not.toBeNull();
    const t = await createTestApp({ adminBootstrap: null }, database);
    try {
      const accepted = await t.app.inject({
        method: "POST",
        url: "/api/admin/invitations/accept",
        payload: { token: link![1], password: "the helper's password" },
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
    } finally {
      await t.close();
    }
    expect(admin(["invite", "--email", "helper@agency.example", "--role", "member"]).out).toContain(
      "has an account already",
    );
    expect(admin(["invite", "--email", "x@agency.example", "--role", "boss"]).code).toBe(2);

    const listed = admin(["list-users"]);
    expect(listed.code, listed.out).toBe(0);
    expect(listed.out).toMatch(/boss@agency\.example\towner\tactive/);
    expect(listed.out).toMatch(/helper@agency\.example\tmember\tactive/);

    // boss is the only owner: it cannot be demoted or deactivated.
    const demote = admin(["set-role", "--email", "boss@agency.example", "--role", "member"]);
    expect(demote.code).toBe(1);
    expect(demote.out).toContain("at least one active owner");
    expect(admin(["deactivate", "--email", "boss@agency.example"]).code).toBe(1);

    expect(admin(["set-role", "--email", "helper@agency.example", "--role", "owner"]).code).toBe(0);
    const off = admin(["deactivate", "--email", "helper@agency.example"]);
    expect(off.code, off.out).toBe(0);
    expect((await canSignIn("helper@agency.example", "the helper's password")).ok).toBe(false);
    expect(admin(["activate", "--email", "helper@agency.example"]).code).toBe(0);
    expect((await canSignIn("helper@agency.example", "the helper's password")).ok).toBe(true);
    expect(admin(["list-users"]).out).toMatch(/helper@agency\.example\towner\tactive/);
  });

  it("reset-factors removes a user's app, recovery codes and passkeys, ends their sessions and records it (issue 32)", async () => {
    const t = await createTestApp({ adminBootstrap: null }, database);
    let session: string;
    try {
      await addTestUser(t.app, { email: "factors@agency.example", password: "the member's password" });
      const signedIn = await t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "factors@agency.example", password: "the member's password" },
      });
      session = sessionCookieOf(signedIn);
      const setup = (
        await t.app.inject({ method: "POST", url: "/api/admin/two-factor/totp", headers: { cookie: session } })
      ).json<TotpSetup>();
      const on = await t.app.inject({
        method: "POST",
        url: "/api/admin/two-factor/totp/confirm",
        headers: { cookie: session },
        payload: { code: totpCodeAt(setup.secret, new Date()) },
      });
      expect(on.statusCode, on.body).toBe(200);
      const options = (
        await t.app.inject({
          method: "POST",
          url: "/api/admin/passkeys/registration-options",
          headers: { cookie: session },
        })
      ).json();
      const added = await t.app.inject({
        method: "POST",
        url: "/api/admin/passkeys",
        headers: { cookie: session },
        payload: { response: softwarePasskey().register(options, "http://localhost:80") },
      });
      expect(added.statusCode, added.body).toBe(201);
    } finally {
      await t.close();
    }
    expect(admin(["list-users"]).out).toMatch(/factors@agency\.example\tmember\tactive\t2FA/);

    const result = admin(["reset-factors", "Factors@Agency.example"]);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain(
      "removed the authenticator app and its recovery codes and 1 passkey; 1 session ended.",
    );
    expect(result.out).toContain("No mail is configured");
    expect(admin(["list-users"]).out).toMatch(/factors@agency\.example\tmember\tactive\tpassword only/);
    expect(admin(["reset-factors", "--email", "nobody@agency.example"]).out).toContain("There is no account");

    const after = await createTestApp({ adminBootstrap: null }, database);
    try {
      expect(
        (await after.app.inject({ method: "GET", url: "/api/admin/two-factor", headers: { cookie: session } }))
          .statusCode,
      ).toBe(401);
      const again = await after.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "factors@agency.example", password: "the member's password" },
      });
      expect(again.json()).toMatchObject({ authenticated: true });
      const records = await after.app.db
        .selectFrom("activity")
        .select(["actorId", "summary"])
        .where("summary", "like", "removed %second factors%")
        .execute();
      expect(records).toEqual([
        {
          actorId: null,
          summary: "removed factors@agency.example's second factors (their sessions ended) (from the command line)",
        },
      ]);
    } finally {
      await after.close();
    }
  });
});
