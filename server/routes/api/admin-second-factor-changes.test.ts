import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../../contract/activity.ts";
import {
  FRESH_PROOF_REQUIRED_CODE,
  type RecoveryCodes,
  type TotpSetup,
  type TwoFactorStatus,
} from "../../../contract/two-factor.ts";
import { totpCodeAt } from "../../lib/totp.ts";
import { smtpServerForThisFile } from "../../../tests/helpers/smtp-fixture.ts";
import { softwarePasskey } from "../../../tests/helpers/software-passkey.ts";
import { callerOf } from "../../../tests/helpers/admin-client.ts";
import {
  addTestUser,
  createTestApp,
  signIn,
  smtpDeliveryConfig,
  TEST_ADMIN,
  type TestApp,
} from "../../../tests/helpers/test-app.ts";
import { testClock, type TestClock } from "../../../tests/helpers/test-clock.ts";

// Issue 32, finding 2: a session alone cannot change the second factors. Turning the app on or off and new
// recovery codes need a proof of identity from the last five minutes (the sign-in, or confirm-identity with
// the password or a code); each change e-mails the user; an owner removes a user's factors (their sessions
// end, the activity records it, the user is e-mailed). Passkeys: admin-passkeys.test.ts.

const ORIGIN = "https://summit.example";
const FIVE_MINUTES = 5 * 60_000;
const mail = smtpServerForThisFile();

let t: TestApp;
let time: TestClock;
let serial = 0;

beforeAll(async () => {
  time = testClock(Date.parse("2026-03-02T15:00:05Z"));
  t = await createTestApp({ delivery: smtpDeliveryConfig(mail.smtp.url), siteOrigin: ORIGIN }, undefined, {
    clock: time.clock,
  });
});
afterAll(async () => {
  await t.close();
});

const call = callerOf(() => t.app, {
  "user-agent":
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
});

async function newUser(role: "owner" | "member" = "member") {
  const name = `Changes ${++serial}`;
  const user = await addTestUser(t.app, { email: `changes-${serial}@example.com`, role, name });
  return { ...user, name, cookie: await signIn(t.app, user) };
}

/** Turns the app on for a signed-in user; the secret and the codes. */
async function turnOnTotp(cookie: string) {
  const setup = (await call("POST", "/api/admin/two-factor/totp", cookie)).json<TotpSetup>();
  const confirmed = await call("POST", "/api/admin/two-factor/totp/confirm", cookie, {
    code: totpCodeAt(setup.secret, time.clock()),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  // Past the confirming code's step and its drift: the next codes are fresh.
  time.advance(90_000);
  return { secret: setup.secret, codes: confirmed.json<RecoveryCodes>().codes };
}

/** The mails to `to` since `before`, once the outbox has sent `count` mails since then. */
async function mailsTo(to: string, before: number, count: number) {
  await t.app.accountMail.settled();
  const received = await mail.smtp.waitFor(before + count);
  return received.slice(before).filter((message) => message.envelopeTo.includes(to));
}

describe("a fresh proof for the authenticator app and the recovery codes", () => {
  it("is needed to start and to confirm the app: a session signed in more than five minutes ago gets 403 fresh-proof-required", async () => {
    const user = await newUser();
    time.advance(FIVE_MINUTES);
    const start = await call("POST", "/api/admin/two-factor/totp", user.cookie);
    expect(start.statusCode).toBe(403);
    expect(start.json()).toEqual({
      message: expect.stringMatching(/confirm it is you/),
      code: FRESH_PROOF_REQUIRED_CODE,
    });
    expect(
      (await call("POST", "/api/admin/two-factor/totp/confirm", user.cookie, { code: "123456" })).json().code,
    ).toBe(FRESH_PROOF_REQUIRED_CODE);
    expect(await t.app.repositories.secondFactors.totpOf(user.id)).toBeNull();

    expect(
      (await call("POST", "/api/admin/two-factor/confirm-identity", user.cookie, { password: user.password }))
        .statusCode,
    ).toBe(204);
    const setup = await call("POST", "/api/admin/two-factor/totp", user.cookie);
    expect(setup.statusCode).toBe(200);
    // The proof lasts five minutes from the confirmation, not from the sign-in.
    time.advance(FIVE_MINUTES - 1000);
    expect(
      (
        await call("POST", "/api/admin/two-factor/totp/confirm", user.cookie, {
          code: totpCodeAt(setup.json<TotpSetup>().secret, time.clock()),
        })
      ).statusCode,
    ).toBe(200);
  });

  it("is given by the password, a code from the app or a recovery code (spent), and refuses wrong ones and bad input with a 4xx", async () => {
    const user = await newUser();
    const { secret, codes } = await turnOnTotp(user.cookie);
    time.advance(FIVE_MINUTES);
    expect((await call("POST", "/api/admin/two-factor/recovery-codes", user.cookie)).statusCode).toBe(403);

    const wrongPassword = await call("POST", "/api/admin/two-factor/confirm-identity", user.cookie, {
      password: "not it",
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors).toEqual({ password: "The password is not right." });
    const wrongCode = await call("POST", "/api/admin/two-factor/confirm-identity", user.cookie, { code: "000000" });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errors.code).toMatch(/not right/);
    for (const body of [
      {},
      { password: user.password, code: "123456" },
      { password: "" },
      { code: "1".repeat(41) },
      { other: 1 },
    ]) {
      const bad = await call("POST", "/api/admin/two-factor/confirm-identity", user.cookie, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
    expect(
      (await call("POST", "/api/admin/two-factor/confirm-identity", undefined, { password: user.password })).statusCode,
    ).toBe(401);
    expect((await call("POST", "/api/admin/two-factor/recovery-codes", user.cookie)).statusCode).toBe(403);

    expect(
      (await call("POST", "/api/admin/two-factor/confirm-identity", user.cookie, { code: codes[0] })).statusCode,
    ).toBe(204);
    expect((await call("GET", "/api/admin/two-factor", user.cookie)).json<TwoFactorStatus>().recoveryCodesLeft).toBe(9);
    expect((await call("POST", "/api/admin/two-factor/recovery-codes", user.cookie)).statusCode).toBe(200);

    time.advance(FIVE_MINUTES);
    const code = totpCodeAt(secret, time.clock());
    expect((await call("POST", "/api/admin/two-factor/confirm-identity", user.cookie, { code })).statusCode).toBe(204);
    // The same code twice is a replay.
    expect((await call("POST", "/api/admin/two-factor/confirm-identity", user.cookie, { code })).statusCode).toBe(400);
    expect((await call("DELETE", "/api/admin/two-factor/totp", user.cookie)).statusCode).toBe(204);
  });

  it("counts wrong passwords like the password change's and codes like the sign-in's second step (429 past the limit)", async () => {
    const limitedTime = testClock(Date.parse("2026-03-02T15:00:05Z"));
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
      { clock: limitedTime.clock },
    );
    try {
      const user = await addTestUser(limited.app, { email: "guesser@example.com" });
      const cookie = await signIn(limited.app, user);
      const setup = (
        await call("POST", "/api/admin/two-factor/totp", cookie, undefined, limited.app)
      ).json<TotpSetup>();
      expect(
        (
          await call(
            "POST",
            "/api/admin/two-factor/totp/confirm",
            cookie,
            { code: totpCodeAt(setup.secret, limitedTime.clock()) },
            limited.app,
          )
        ).statusCode,
      ).toBe(200);
      limitedTime.advance(90_000);

      const passwords: number[] = [];
      for (let i = 0; i < 4; i++)
        passwords.push(
          (
            await call(
              "POST",
              "/api/admin/two-factor/confirm-identity",
              cookie,
              { password: `wrong ${i}` },
              limited.app,
            )
          ).statusCode,
        );
      expect(passwords).toEqual([400, 400, 400, 429]);
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push(
          (await call("POST", "/api/admin/two-factor/confirm-identity", cookie, { code: "000000" }, limited.app))
            .statusCode,
        );
      expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
      const right = await call(
        "POST",
        "/api/admin/two-factor/confirm-identity",
        cookie,
        { code: totpCodeAt(setup.secret, limitedTime.clock()) },
        limited.app,
      );
      expect(right.statusCode).toBe(429);
      expect(right.json().retryAt).toEqual(expect.any(String));
    } finally {
      await limited.close();
    }
  });
});

describe("the e-mail of a change to the second factors", () => {
  it("goes to the user once for the app turned on, new recovery codes and the app turned off", async () => {
    const user = await newUser();
    const before = mail.smtp.received.length;
    await turnOnTotp(user.cookie);
    const [on] = await mailsTo(user.email, before, 1);
    expect(on!.parsed.text).toContain(
      "Your sign-in to Summit Lead Marketing's admin was changed: the authenticator app was turned on on Monday, March 2, 2026 at",
    );
    expect(on!.parsed.text).toContain("from Safari on iPhone.");

    const beforeCodes = mail.smtp.received.length;
    expect((await call("POST", "/api/admin/two-factor/recovery-codes", user.cookie)).statusCode).toBe(200);
    const renewed = await mailsTo(user.email, beforeCodes, 1);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]!.parsed.text).toContain("new recovery codes were made (the old ones stopped working)");

    const beforeOff = mail.smtp.received.length;
    expect((await call("DELETE", "/api/admin/two-factor/totp", user.cookie)).statusCode).toBe(204);
    const off = await mailsTo(user.email, beforeOff, 1);
    expect(off).toHaveLength(1);
    expect(off[0]!.parsed.text).toContain("the authenticator app was turned off");
    expect(off[0]!.parsed.text).not.toMatch(/https?:\/\//);
  });

  it("is not queued when no mail is configured (the change is made)", async () => {
    const bare = await createTestApp({}, undefined, { clock: time.clock });
    try {
      const user = await addTestUser(bare.app, { email: "no-mail@example.com" });
      const cookie = await signIn(bare.app, user);
      const setup = (await call("POST", "/api/admin/two-factor/totp", cookie, undefined, bare.app)).json<TotpSetup>();
      expect(
        (
          await call(
            "POST",
            "/api/admin/two-factor/totp/confirm",
            cookie,
            { code: totpCodeAt(setup.secret, time.clock()) },
            bare.app,
          )
        ).statusCode,
      ).toBe(200);
      expect(await bare.app.db.selectFrom("accountMails").select("id").execute()).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

describe("an owner removing a user's second factors", () => {
  it("removes the app, its codes and the passkeys, ends the user's sessions, records it and e-mails them", async () => {
    const owner = await newUser("owner");
    const member = await newUser();
    const start = mail.smtp.received.length;
    const { codes } = await turnOnTotp(member.cookie);
    const key = softwarePasskey();
    const options = (await call("POST", "/api/admin/passkeys/registration-options", member.cookie)).json();
    expect(
      (await call("POST", "/api/admin/passkeys", member.cookie, { response: key.register(options, ORIGIN) }))
        .statusCode,
    ).toBe(201);
    const owner2 = await signIn(t.app, owner);

    expect((await call("DELETE", `/api/admin/users/${member.id}/second-factors`, member.cookie)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/admin/users/${owner.id}/second-factors`, owner2)).statusCode).toBe(409);
    expect(
      (await call("DELETE", "/api/admin/users/00000000-0000-4000-8000-000000000000/second-factors", owner2)).statusCode,
    ).toBe(404);
    expect((await call("DELETE", "/api/admin/users/not-an-id/second-factors", owner2)).statusCode).toBe(400);
    expect((await call("DELETE", `/api/admin/users/${member.id}/second-factors`)).statusCode).toBe(401);

    // The app's and the passkey's own notices first.
    const earlier = (await mailsTo(member.email, start, 2)).map((message) => message.parsed.text);
    expect(earlier).toHaveLength(2);
    expect(earlier).toEqual(
      expect.arrayContaining([expect.stringContaining("app was turned on"), expect.stringContaining("was added")]),
    );
    const before = start + 2;
    time.advance(1000);
    const removed = await call("DELETE", `/api/admin/users/${member.id.toUpperCase()}/second-factors`, owner2);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ totp: true, passkeys: 1, sessionsEnded: 1 });

    expect((await call("GET", "/api/admin/two-factor", member.cookie)).statusCode).toBe(401);
    const again = await call("POST", "/api/admin/login", undefined, {
      username: member.email,
      password: member.password,
    });
    expect(again.json()).toMatchObject({ authenticated: true });
    expect(await t.app.repositories.secondFactors.useRecoveryCode(member.id, codes[1]!)).toBe(false);
    expect(await t.app.repositories.passkeys.find(key.id)).toBeUndefined();

    const activity = (await call("GET", `/api/admin/activity?user=${owner.id}&kind=user`, owner2)).json<ActivityPage>();
    expect(activity.items[0]).toMatchObject({
      summary: `removed ${member.name}'s second factors (their sessions ended)`,
      actor: { name: owner.name },
    });
    const notices = await mailsTo(member.email, before, 1);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.parsed.text).toContain(
      `${owner.name} removed your second factors (the authenticator app, recovery codes and passkeys) and ended your sessions on`,
    );
  });

  it("needs the owner's own fresh proof", async () => {
    const owner = await newUser("owner");
    const member = await newUser();
    await turnOnTotp(member.cookie);
    time.advance(FIVE_MINUTES);
    const stale = await call("DELETE", `/api/admin/users/${member.id}/second-factors`, owner.cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe(FRESH_PROOF_REQUIRED_CODE);
    expect((await t.app.repositories.secondFactors.totpOf(member.id))?.enabled).toBe(true);
    expect(
      (await call("POST", "/api/admin/two-factor/confirm-identity", owner.cookie, { password: owner.password }))
        .statusCode,
    ).toBe(204);
    expect((await call("DELETE", `/api/admin/users/${member.id}/second-factors`, owner.cookie)).statusCode).toBe(200);
    // TEST_ADMIN is untouched by all this.
    expect(
      (await call("POST", "/api/admin/login", undefined, { username: TEST_ADMIN.email, password: TEST_ADMIN.password }))
        .statusCode,
    ).toBe(200);
  });
});
