import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../../contract/activity.ts";
import {
  FRESH_PROOF_REQUIRED_CODE,
  SECOND_STEP_EXPIRED_MESSAGE,
  type TwoFactorStatus,
} from "../../../contract/two-factor.ts";
import { smtpServerForThisFile } from "../../../tests/helpers/smtp-fixture.ts";
import { softwarePasskey, type SoftwarePasskey } from "../../../tests/helpers/software-passkey.ts";
import { callerOf, cookiesOf } from "../../../tests/helpers/admin-client.ts";
import {
  addTestUser,
  createTestApp,
  sessionCookieOf,
  signIn,
  smtpDeliveryConfig,
  type TestApp,
} from "../../../tests/helpers/test-app.ts";
import { testClock, type TestClock } from "../../../tests/helpers/test-clock.ts";

// Passkeys made and used by a software authenticator (tests/helpers/software-passkey.ts), so the server's
// whole WebAuthn check runs (issue 32): a passkey alone signs in only with user verification, after the
// password presence is enough; a malformed key is refused; the second step is spent once; adding or
// removing a passkey needs a fresh proof and e-mails its user.

const ORIGIN = "https://summit.example";
const mail = smtpServerForThisFile();

let t: TestApp;
let time: TestClock;
let serial = 0;

beforeAll(async () => {
  time = testClock(Date.parse("2026-03-02T15:00:05Z"));
  // SITE_ORIGIN set: the relying party is its host, whatever Host the request names.
  t = await createTestApp({ delivery: smtpDeliveryConfig(mail.smtp.url), siteOrigin: ORIGIN }, undefined, {
    clock: time.clock,
  });
});
afterAll(async () => {
  await t.close();
});

const call = callerOf(() => t.app, {
  "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36",
});

async function newUser() {
  const user = await addTestUser(t.app, { email: `keys-${++serial}@example.com`, name: `Keys ${serial}` });
  return { ...user, cookie: await signIn(t.app, user) };
}

async function addPasskey(
  cookie: string,
  key: SoftwarePasskey,
  flags: Parameters<SoftwarePasskey["register"]>[2] = {},
  name = "Test laptop",
) {
  const options = await call("POST", "/api/admin/passkeys/registration-options", cookie);
  if (options.statusCode !== 200) return options;
  return call("POST", "/api/admin/passkeys", cookie, { response: key.register(options.json(), ORIGIN, flags), name });
}

async function signInWithPasskey(key: SoftwarePasskey, flags: { userVerified?: boolean } = {}, cookie?: string) {
  const options = await call("POST", "/api/admin/passkeys/sign-in-options", cookie);
  expect(options.statusCode, options.body).toBe(200);
  return {
    options: options.json(),
    response: await call("POST", "/api/admin/passkeys/sign-in", cookie, {
      response: key.assert(options.json(), ORIGIN, flags),
    }),
  };
}

async function passwordStep(user: { email: string; password: string }) {
  const response = await call("POST", "/api/admin/login", undefined, { username: user.email, password: user.password });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().secondFactor).toBeDefined();
  return cookiesOf(response);
}

async function signInsOf(userId: string) {
  const page = (await call("GET", `/api/admin/activity?user=${userId}`, await signIn(t.app))).json<ActivityPage>();
  return page.items
    .filter((item) => item.kind === "sign-in" || item.kind === "sign-in-failed")
    .map((item) => item.summary);
}

/** The mails since `before` to `to`, once the outbox has sent them. */
async function mailsTo(to: string, before: number, count: number) {
  await t.app.accountMail.settled();
  const received = await mail.smtp.waitFor(before + count);
  return received.slice(before).filter((message) => message.envelopeTo.includes(to));
}

describe("a passkey alone (finding 8)", () => {
  it("signs in only when the device verified its user: without the UV flag 401, with it a session", async () => {
    const user = await newUser();
    const key = softwarePasskey();
    expect((await addPasskey(user.cookie, key)).statusCode).toBe(201);

    time.advance(1000);
    const refused = await signInWithPasskey(key, { userVerified: false });
    expect(refused.options.userVerification).toBe("required");
    expect(refused.response.statusCode, refused.response.body).toBe(401);
    expect(refused.response.cookies.find((cookie) => cookie.name === "agency_session")).toBeUndefined();

    // Records of one instant have no order but their ids.
    time.advance(1000);
    const accepted = await signInWithPasskey(key, { userVerified: true });
    expect(accepted.response.statusCode, accepted.response.body).toBe(200);
    expect(accepted.response.json()).toMatchObject({
      authenticated: true,
      username: user.email,
      user: { role: "member" },
    });
    expect((await call("GET", "/api/admin/leads/contacts", sessionCookieOf(accepted.response))).statusCode).toBe(200);
    expect((await signInsOf(user.id)).slice(0, 2)).toEqual([
      "signed in with a passkey",
      "failed to sign in with a passkey",
    ]);
  });

  it("after the password, the device's presence is enough: the second step passes without the UV flag", async () => {
    const user = await newUser();
    const key = softwarePasskey();
    expect((await addPasskey(user.cookie, key)).statusCode).toBe(201);
    time.advance(1000);
    const step = await passwordStep(user);
    const { options, response } = await signInWithPasskey(key, { userVerified: false }, step);
    expect(options.userVerification).toBe("preferred");
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    expect(response.statusCode, response.body).toBe(200);
    expect((await signInsOf(user.id))[0]).toBe("signed in with a password and a passkey");
    // The step was spent: the same cookie does not pass again on presence alone.
    expect((await signInWithPasskey(key, { userVerified: false }, step)).response.statusCode).toBe(401);
  });

  it("spends the second step once: of two passkey answers at one step (presence only), one signs in", async () => {
    const user = await newUser();
    const key = softwarePasskey();
    expect((await addPasskey(user.cookie, key)).statusCode).toBe(201);
    const step = await passwordStep(user);
    const first = (await call("POST", "/api/admin/passkeys/sign-in-options", step)).json();
    const second = (await call("POST", "/api/admin/passkeys/sign-in-options", step)).json();
    const answers = await Promise.all(
      [first, second].map((options: { challenge: string; rpId: string }) =>
        call("POST", "/api/admin/passkeys/sign-in", step, {
          response: key.assert(options, ORIGIN, { userVerified: false }),
        }),
      ),
    );
    // The later one finds the step spent: either while its answer was checked, or before (then it is a
    // passkey alone, and without user verification that is refused too).
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    expect([SECOND_STEP_EXPIRED_MESSAGE, expect.stringMatching(/could not sign you in/)]).toContainEqual(
      answers.find((answer) => answer.statusCode === 401)!.json().message,
    );
  });
});

describe("a passkey's registration", () => {
  it("refuses a truncated attestation (a key with a cut coordinate) with 400 and stores nothing", async () => {
    const user = await newUser();
    const cut = await addPasskey(user.cookie, softwarePasskey(), {
      mangleKey: (cose) => cose.set(-3, (cose.get(-3) as Uint8Array).slice(0, 24)),
    });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json().message).toMatch(/incomplete key/);
    const missing = await addPasskey(user.cookie, softwarePasskey(), { mangleKey: (cose) => cose.delete(-2) });
    expect(missing.statusCode, missing.body).toBe(400);
    expect((await call("GET", "/api/admin/two-factor", user.cookie)).json<TwoFactorStatus>().passkeys).toEqual([]);
    expect(await t.app.repositories.passkeys.countOf(user.id)).toBe(0);
  });

  it("refuses an answer cut short, or another account's passkey answered again, without a 5xx", async () => {
    const user = await newUser();
    const options = (await call("POST", "/api/admin/passkeys/registration-options", user.cookie)).json();
    const answer = softwarePasskey().register(options, ORIGIN) as { response: { attestationObject: string } };
    answer.response.attestationObject = answer.response.attestationObject.slice(0, 120);
    expect((await call("POST", "/api/admin/passkeys", user.cookie, { response: answer })).statusCode).toBe(400);

    // Transports that are not a list of names are dropped, not stored to break the next options.
    const odd = softwarePasskey();
    const oddOptions = (await call("POST", "/api/admin/passkeys/registration-options", user.cookie)).json();
    const oddAnswer = odd.register(oddOptions, ORIGIN) as { response: { transports: unknown } };
    oddAnswer.response.transports = { not: "a list" };
    expect((await call("POST", "/api/admin/passkeys", user.cookie, { response: oddAnswer })).statusCode).toBe(201);
    expect(
      (await call("POST", "/api/admin/passkeys/registration-options", user.cookie)).json().excludeCredentials,
    ).toEqual([{ id: odd.id, type: "public-key" }]);

    const key = softwarePasskey();
    expect((await addPasskey(user.cookie, key)).statusCode).toBe(201);
    const other = await newUser();
    const again = await addPasskey(other.cookie, key);
    expect(again.statusCode, again.body).toBe(409);
    expect(await t.app.repositories.passkeys.countOf(other.id)).toBe(0);
  });
});

describe("changing passkeys (finding 2)", () => {
  it("needs a proof of the last five minutes to add or remove one, not to rename; the password or a passkey renews it", async () => {
    const user = await newUser();
    const key = softwarePasskey();
    expect((await addPasskey(user.cookie, key)).statusCode).toBe(201);
    const [stored] = (await call("GET", "/api/admin/two-factor", user.cookie)).json<TwoFactorStatus>().passkeys;

    time.advance(5 * 60_000 + 1000);
    const stale = await call("POST", "/api/admin/passkeys/registration-options", user.cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({
      message: expect.stringMatching(/confirm it is you/),
      code: FRESH_PROOF_REQUIRED_CODE,
    });
    expect((await call("DELETE", `/api/admin/passkeys/${stored!.id}`, user.cookie)).json().code).toBe(
      FRESH_PROOF_REQUIRED_CODE,
    );
    expect(
      (await call("PATCH", `/api/admin/passkeys/${stored!.id}`, user.cookie, { name: "Old laptop" })).statusCode,
    ).toBe(200);

    // A passkey confirms it is you only with the device's user verification.
    const confirmOptions = (await call("POST", "/api/admin/passkeys/confirm-options", user.cookie)).json();
    expect(confirmOptions.userVerification).toBe("required");
    expect(
      (
        await call("POST", "/api/admin/passkeys/confirm-identity", user.cookie, {
          response: key.assert(confirmOptions, ORIGIN, { userVerified: false }),
        })
      ).statusCode,
    ).toBe(400);
    expect((await call("POST", "/api/admin/passkeys/registration-options", user.cookie)).statusCode).toBe(403);
    const again = (await call("POST", "/api/admin/passkeys/confirm-options", user.cookie)).json();
    expect(
      (await call("POST", "/api/admin/passkeys/confirm-identity", user.cookie, { response: key.assert(again, ORIGIN) }))
        .statusCode,
    ).toBe(204);
    expect((await call("POST", "/api/admin/passkeys/registration-options", user.cookie)).statusCode).toBe(200);

    time.advance(5 * 60_000 + 1000);
    expect((await call("DELETE", `/api/admin/passkeys/${stored!.id}`, user.cookie)).statusCode).toBe(403);
    expect(
      (await call("POST", "/api/admin/two-factor/confirm-identity", user.cookie, { password: user.password }))
        .statusCode,
    ).toBe(204);
    expect((await call("DELETE", `/api/admin/passkeys/${stored!.id}`, user.cookie)).statusCode).toBe(204);
    // Another user's passkey cannot confirm it is you.
    const stranger = softwarePasskey();
    const otherUser = await newUser();
    expect((await addPasskey(otherUser.cookie, stranger)).statusCode).toBe(201);
    const mine = softwarePasskey();
    expect((await addPasskey(user.cookie, mine)).statusCode).toBe(201);
    const options = (await call("POST", "/api/admin/passkeys/confirm-options", user.cookie)).json();
    expect(
      (
        await call("POST", "/api/admin/passkeys/confirm-identity", user.cookie, {
          response: stranger.assert(options, ORIGIN),
        })
      ).statusCode,
    ).toBe(400);
  });

  it("e-mails the user once for each passkey added and removed, saying what, when and from which device", async () => {
    const user = await newUser();
    const before = mail.smtp.received.length;
    expect((await addPasskey(user.cookie, softwarePasskey(), {}, "Work laptop")).statusCode).toBe(201);
    const [added] = await mailsTo(user.email, before, 1);
    expect(added!.parsed.subject).toBe("Your sign-in to Summit Lead Marketing's admin was changed");
    expect(added!.parsed.text).toContain(
      `Your sign-in to Summit Lead Marketing's admin was changed: a passkey ("Work laptop") was added on Monday, March 2, 2026 at`,
    );
    expect(added!.parsed.text).toContain("from Chrome on macOS.");
    expect(added!.parsed.text).toContain("If this was not you, reset your password");

    const [stored] = (await call("GET", "/api/admin/two-factor", user.cookie)).json<TwoFactorStatus>().passkeys;
    const beforeRemoval = mail.smtp.received.length;
    expect((await call("DELETE", `/api/admin/passkeys/${stored!.id}`, user.cookie)).statusCode).toBe(204);
    const removed = await mailsTo(user.email, beforeRemoval, 1);
    expect(removed).toHaveLength(1);
    expect(removed[0]!.parsed.text).toContain(`a passkey ("Work laptop") was removed`);
    // A refused change sends nothing.
    const beforeRefusal = mail.smtp.received.length;
    expect(
      (await addPasskey(user.cookie, softwarePasskey(), { mangleKey: (cose) => cose.delete(-3) })).statusCode,
    ).toBe(400);
    await t.app.accountMail.settled();
    expect(mail.smtp.received.length).toBe(beforeRefusal);
  });
});
