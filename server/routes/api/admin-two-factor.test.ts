import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../../contract/activity.ts";
import {
  FRESH_PROOF_REQUIRED_CODE,
  SETUP_REQUIRED_CODE,
  WRONG_CODE_MESSAGE,
  type RecoveryCodes,
  type TotpSetup,
  type TwoFactorStatus,
} from "../../../contract/two-factor.ts";
import { totpCodeAt } from "../../lib/totp.ts";
import { callerOf, cookiesOf } from "../../../tests/helpers/admin-client.ts";
import {
  addTestUser,
  createTestApp,
  sessionCookieOf,
  signIn,
  TEST_ADMIN,
  type TestApp,
} from "../../../tests/helpers/test-app.ts";
import { testClock, type TestClock } from "../../../tests/helpers/test-clock.ts";

// The second factor (issue 23): an authenticator app (TOTP) with recovery codes, the sign-in's second step,
// its limits, the team's rule, and passkey challenges. Time moves by the test clock.

let t: TestApp;
let time: TestClock;
let owner: string;

beforeAll(async () => {
  time = testClock(Date.parse("2026-03-02T15:00:05Z"));
  t = await createTestApp({}, undefined, { clock: time.clock });
  owner = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
});

const call = callerOf(() => t.app);

let serial = 0;
/** A user with the authenticator app on: their secret and recovery codes. */
async function userWithTotp(role: "owner" | "member" = "member") {
  const user = await addTestUser(t.app, { email: `totp-${++serial}@example.com`, role, name: `Totp ${serial}` });
  const cookie = await signIn(t.app, user);
  const setup = (await call("POST", "/api/admin/two-factor/totp", cookie)).json<TotpSetup>();
  const confirmed = await call("POST", "/api/admin/two-factor/totp/confirm", cookie, {
    code: totpCodeAt(setup.secret, time.clock()),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  // Past the confirming code's step and its drift window: the next codes are fresh.
  time.advance(90_000);
  return { ...user, cookie, secret: setup.secret, codes: confirmed.json<RecoveryCodes>().codes };
}

async function passwordStep(user: { email: string; password: string }) {
  const response = await call("POST", "/api/admin/login", undefined, { username: user.email, password: user.password });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json(), cookie: cookiesOf(response) };
}

describe("the authenticator app", () => {
  it("is set up from a QR code and confirmed with a code; the secret is stored encrypted; ten recovery codes come once", async () => {
    const user = await addTestUser(t.app, { email: "setup@example.com" });
    const cookie = await signIn(t.app, user);
    const started = await call("POST", "/api/admin/two-factor/totp", cookie);
    expect(started.statusCode, started.body).toBe(200);
    const setup = started.json<TotpSetup>();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.qrSvg).toMatch(/^<svg/);
    const stored = await t.app.db
      .selectFrom("users")
      .select(["totpSecret", "totpEnabledAt"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(stored.totpSecret).not.toContain(setup.secret);
    expect(stored.totpEnabledAt).toBeNull();
    // Not on yet: the password alone still signs in.
    expect((await passwordStep(user)).body.authenticated).toBe(true);

    const wrong = await call("POST", "/api/admin/two-factor/totp/confirm", cookie, { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await call("POST", "/api/admin/two-factor/totp/confirm", cookie, {
      code: totpCodeAt(setup.secret, time.clock()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { codes } = confirmed.json<RecoveryCodes>();
    expect(codes).toHaveLength(10);
    const rows = await t.app.db
      .selectFrom("verifications")
      .select("tokenHash")
      .where("userId", "=", user.id)
      .where("type", "=", "recovery-code")
      .execute();
    expect(rows).toHaveLength(10);
    expect(JSON.stringify(rows)).not.toContain(codes[0]!);
    expect((await call("GET", "/api/admin/two-factor", cookie)).json<TwoFactorStatus>()).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
      passkeys: [],
    });
  });

  it("makes the sign-in a second step: the password alone gives no session; the app's code does", async () => {
    const user = await userWithTotp();
    const step = await passwordStep(user);
    expect(step.body).toEqual({
      authenticated: false,
      username: null,
      secondFactor: { methods: ["totp", "recovery-code"] },
    });
    expect(step.cookie).not.toContain("agency_session=");
    expect((await call("GET", "/api/admin/leads/contacts", step.cookie)).statusCode).toBe(401);

    const wrong = await call("POST", "/api/admin/login/second-factor", step.cookie, { code: "123456" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(WRONG_CODE_MESSAGE);

    // One step of drift either way is accepted.
    const code = totpCodeAt(user.secret, time.offset(-30_000));
    const done = await call("POST", "/api/admin/login/second-factor", step.cookie, { code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ authenticated: true, username: user.email, user: { role: "member" } });
    const session = sessionCookieOf(done);
    expect((await call("GET", "/api/admin/leads/contacts", session)).statusCode).toBe(200);

    // The step is single-use, and so is the code (a replay in the same window is refused).
    expect(
      (
        await call("POST", "/api/admin/login/second-factor", step.cookie, {
          code: totpCodeAt(user.secret, time.clock()),
        })
      ).statusCode,
    ).toBe(401);
    const again = await passwordStep(user);
    const replay = await call("POST", "/api/admin/login/second-factor", again.cookie, { code });
    expect(replay.statusCode).toBe(401);
  });

  it("accepts each recovery code once, however it is typed, and counts what is left", async () => {
    const user = await userWithTotp();
    const step = await passwordStep(user);
    const typed = user.codes[0]!.toUpperCase().replace("-", " ");
    const done = await call("POST", "/api/admin/login/second-factor", step.cookie, { code: typed });
    expect(done.statusCode, done.body).toBe(200);
    expect(
      (await call("GET", "/api/admin/two-factor", sessionCookieOf(done))).json<TwoFactorStatus>().recoveryCodesLeft,
    ).toBe(9);
    const again = await passwordStep(user);
    expect(
      (await call("POST", "/api/admin/login/second-factor", again.cookie, { code: user.codes[0] })).statusCode,
    ).toBe(401);
    // Another user's code is not yours.
    const other = await userWithTotp();
    expect(
      (await call("POST", "/api/admin/login/second-factor", again.cookie, { code: other.codes[0] })).statusCode,
    ).toBe(401);
  });

  it("ends the second step after five minutes", async () => {
    const user = await userWithTotp();
    const step = await passwordStep(user);
    time.advance(5 * 60_000 + 1000);
    const late = await call("POST", "/api/admin/login/second-factor", step.cookie, {
      code: totpCodeAt(user.secret, time.clock()),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toMatch(/took too long/);
  });

  it("renews recovery codes and turns off within five minutes of a proof (issue 32: the password or a code again after that)", async () => {
    const user = await userWithTotp();
    time.advance(5 * 60_000);
    const stale = await call("POST", "/api/admin/two-factor/recovery-codes", user.cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe(FRESH_PROOF_REQUIRED_CODE);
    expect(
      (await call("POST", "/api/admin/two-factor/confirm-identity", user.cookie, { password: "not it" })).statusCode,
    ).toBe(400);
    expect(
      (await call("POST", "/api/admin/two-factor/confirm-identity", user.cookie, { password: user.password }))
        .statusCode,
    ).toBe(204);
    const renewed = await call("POST", "/api/admin/two-factor/recovery-codes", user.cookie);
    expect(renewed.statusCode).toBe(200);
    const step = await passwordStep(user);
    expect(
      (await call("POST", "/api/admin/login/second-factor", step.cookie, { code: user.codes[1] })).statusCode,
    ).toBe(401);
    expect(
      (
        await call("POST", "/api/admin/login/second-factor", step.cookie, {
          code: renewed.json<RecoveryCodes>().codes[0],
        })
      ).statusCode,
    ).toBe(200);

    time.advance(5 * 60_000);
    expect((await call("DELETE", "/api/admin/two-factor/totp", user.cookie)).statusCode).toBe(403);
    // A code from the app proves it too.
    expect(
      (
        await call("POST", "/api/admin/two-factor/confirm-identity", user.cookie, {
          code: totpCodeAt(user.secret, time.clock()),
        })
      ).statusCode,
    ).toBe(204);
    expect((await call("DELETE", "/api/admin/two-factor/totp", user.cookie)).statusCode).toBe(204);
    expect((await passwordStep(user)).body.authenticated).toBe(true);
  });

  it("counts wrong codes per account apart from passwords: 5 per 15 minutes, then 429 saying when (issue 32, finding 11)", async () => {
    const time2 = testClock(Date.parse("2026-03-02T15:00:05Z"));
    // A password limit of 3: on the old rule three wrong codes locked the password step of every new browser too.
    const limited = await createTestApp(
      {
        rateLimit: {
          enabled: true,
          forms: { max: 100, windowMs: 60_000 },
          login: { max: 100, windowMs: 600_000 },
          account: { max: 3, windowMs: 600_000 },
        },
      },
      undefined,
      { clock: time2.clock },
    );
    try {
      const inject = (url: string, cookie: string, payload: object) => call("POST", url, cookie, payload, limited.app);
      const user = await addTestUser(limited.app, { email: "limited@example.com" });
      const first = await inject("/api/admin/login", "", { username: user.email, password: user.password });
      const session = sessionCookieOf(first);
      const setup = (
        await limited.app.inject({ method: "POST", url: "/api/admin/two-factor/totp", headers: { cookie: session } })
      ).json<TotpSetup>();
      await inject("/api/admin/two-factor/totp/confirm", session, { code: totpCodeAt(setup.secret, time2.clock()) });
      time2.advance(60_000);

      const step = await inject("/api/admin/login", "", { username: user.email, password: user.password });
      const cookie = cookiesOf(step);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await inject("/api/admin/login/second-factor", cookie, { code: "000000" })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      const right = await inject("/api/admin/login/second-factor", cookie, {
        code: totpCodeAt(setup.secret, time2.clock()),
      });
      expect(right.statusCode).toBe(429);
      expect(right.headers["retry-after"]).toBe(String(15 * 60));
      expect(right.json()).toEqual({
        message: "Too many wrong codes for this account. The next try is allowed in 15 minutes.",
        retryAt: time2.offset(15 * 60_000).toISOString(),
      });

      // The password step is not locked by the codes: a new browser still reaches the second step.
      const again = await inject("/api/admin/login", "", { username: user.email, password: user.password });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().secondFactor).toBeDefined();

      // After the window the right code signs in.
      time2.advance(15 * 60_000);
      const fresh = await inject("/api/admin/login", "", { username: user.email, password: user.password });
      const done = await inject("/api/admin/login/second-factor", cookiesOf(fresh), {
        code: totpCodeAt(setup.secret, time2.clock()),
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().authenticated).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

describe("a team that requires a second factor", () => {
  it("is refused to an owner without one; then a member without one reaches only the setup until they have one", async () => {
    const refused = await call("PATCH", "/api/admin/team-settings", owner, { requireSecondFactor: true });
    expect(refused.statusCode).toBe(409);
    const member = await addTestUser(t.app, { email: "forced@example.com" });
    const memberCookie = await signIn(t.app, member);
    expect(
      (await call("PATCH", "/api/admin/team-settings", memberCookie, { requireSecondFactor: false })).statusCode,
    ).toBe(403);

    const boss = await userWithTotp("owner");
    try {
      const on = await call("PATCH", "/api/admin/team-settings", boss.cookie, { requireSecondFactor: true });
      expect(on.statusCode, on.body).toBe(200);

      const status = (await call("GET", "/api/admin/status", memberCookie)).json();
      expect(status).toMatchObject({ authenticated: true, secondFactorSetupRequired: true });
      const blocked = await call("GET", "/api/admin/leads/contacts", memberCookie);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe(SETUP_REQUIRED_CODE);
      expect((await call("GET", "/api/admin/two-factor", memberCookie)).json<TwoFactorStatus>().required).toBe(true);

      const setup = (await call("POST", "/api/admin/two-factor/totp", memberCookie)).json<TotpSetup>();
      expect(
        (
          await call("POST", "/api/admin/two-factor/totp/confirm", memberCookie, {
            code: totpCodeAt(setup.secret, time.clock()),
          })
        ).statusCode,
      ).toBe(200);
      expect((await call("GET", "/api/admin/leads/contacts", memberCookie)).statusCode).toBe(200);
      expect((await call("GET", "/api/admin/status", memberCookie)).json().secondFactorSetupRequired).toBeUndefined();
      // The last factor cannot be turned off while the team requires one.
      expect((await call("DELETE", "/api/admin/two-factor/totp", memberCookie)).statusCode).toBe(409);
    } finally {
      // A later instant than the record of turning it on (records of one instant have no order but their ids).
      time.advance(1000);
      expect(
        (await call("PATCH", "/api/admin/team-settings", boss.cookie, { requireSecondFactor: false })).statusCode,
      ).toBe(200);
    }
    const settings = (await call("GET", "/api/admin/activity?kind=settings", owner))
      .json<ActivityPage>()
      .items.map((item) => item.summary);
    expect(settings.slice(0, 2)).toEqual(["stopped requiring a second factor", "required a second factor of everyone"]);
  });
});

describe("passkeys", () => {
  it("gives registration options for the signed-in user and sign-in options to anyone; each challenge is stored hashed, once", async () => {
    // Signed in just now: adding a passkey needs a proof of the last five minutes.
    const fresh = await signIn(t.app);
    const options = await t.app.inject({
      method: "POST",
      url: "/api/admin/passkeys/registration-options",
      headers: { cookie: fresh, host: "admin.example.com" },
    });
    expect(options.statusCode, options.body).toBe(200);
    const body = options.json();
    expect(body).toMatchObject({
      rp: { id: "admin.example.com" },
      user: { name: TEST_ADMIN.email },
      authenticatorSelection: { residentKey: "required" },
    });
    const row = await t.app.repositories.verifications.find("passkey-challenge", body.challenge);
    expect(row).toMatchObject({ usedAt: null });
    expect(
      JSON.stringify(
        await t.app.db
          .selectFrom("verifications")
          .select("tokenHash")
          .where("type", "=", "passkey-challenge")
          .execute(),
      ),
    ).not.toContain(body.challenge);
    expect((await call("POST", "/api/admin/passkeys/registration-options")).statusCode).toBe(401);
    expect((await call("POST", "/api/admin/passkeys/sign-in-options")).json()).toMatchObject({
      challenge: expect.any(String),
    });
  });

  it("refuses an answer that is not a real passkey's, without a 5xx", async () => {
    const fake = {
      response: {
        id: "AAAA",
        rawId: "AAAA",
        type: "public-key",
        response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
        clientExtensionResults: {},
      },
    };
    expect((await call("POST", "/api/admin/passkeys/sign-in", undefined, fake)).statusCode).toBe(401);
    expect((await call("POST", "/api/admin/passkeys", await signIn(t.app), fake)).statusCode).toBe(400);
    expect((await call("POST", "/api/admin/passkeys/sign-in", undefined, { response: "nonsense" })).statusCode).toBe(
      400,
    );
  });
});
