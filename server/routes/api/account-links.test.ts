import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ActivityPage } from "../../../contract/activity.ts";
import { newPasswordMessages } from "../../../contract/admin.ts";
import type { TeamInvitation } from "../../../contract/team.ts";
import { smtpServerForThisFile } from "../../../tests/helpers/smtp-fixture.ts";
import { softwarePasskey, type SoftwarePasskey } from "../../../tests/helpers/software-passkey.ts";
import { callerOf } from "../../../tests/helpers/admin-client.ts";
import { recordPasswordWork } from "../../../tests/helpers/password-work.ts";
import {
  addTestUser,
  createTestApp,
  signIn,
  smtpDeliveryConfig,
  type TestApp,
} from "../../../tests/helpers/test-app.ts";
import { WorkLimiterBusyError } from "../../lib/work-limiter.ts";

// The team's e-mailed links after issue 32: the token travels in the link's fragment and POST bodies (the
// old path routes are gone, finding 1); a reset asks whether to remove the passkeys (finding 2); a link is
// checked before any password is hashed, and every hash waits in the sign-in work bound (finding 5); a new
// password is not blank, one character repeated, nor common (finding 9).

// Every argon2id hash the routes make is counted (the real function runs).
const passwordWork = recordPasswordWork();

const ORIGIN = "https://summit.example";
const mail = smtpServerForThisFile();

let t: TestApp;
let owner: string;
let serial = 0;
const unique = (tag: string) => `${tag}-${++serial}-${Math.random().toString(36).slice(2, 7)}@example.com`;

beforeAll(async () => {
  t = await createTestApp({ delivery: smtpDeliveryConfig(mail.smtp.url), siteOrigin: ORIGIN });
  owner = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
});

const call = callerOf(() => t.app);

const tokenOf = (link: string | undefined) => link!.split("#")[1]!;
const lookupInvitation = (token: string) => call("POST", "/api/admin/invitations/lookup", undefined, { token });
const acceptInvitation = (token: string, password: string) =>
  call("POST", "/api/admin/invitations/accept", undefined, { token, password });
const lookupReset = (token: string) => call("POST", "/api/admin/password-reset/lookup", undefined, { token });
const completeReset = (token: string, password: string, removePasskeys?: boolean) =>
  call("POST", "/api/admin/password-reset/complete", undefined, {
    token,
    password,
    ...(removePasskeys === undefined ? {} : { removePasskeys }),
  });

async function invite(): Promise<{ email: string; token: string }> {
  const email = unique("invitee");
  const created = await call("POST", "/api/admin/invitations", owner, { email, role: "member" });
  expect(created.statusCode, created.body).toBe(201);
  return { email, token: tokenOf(created.json<TeamInvitation>().link) };
}

/** A member with a reset link from a real e-mail (the outbox's worker sends it). */
async function memberWithResetLink(): Promise<{
  id: string;
  email: string;
  password: string;
  cookie: string;
  token: string;
}> {
  const user = await addTestUser(t.app, { email: unique("member") });
  const cookie = await signIn(t.app, user);
  const before = mail.smtp.received.length;
  expect((await call("POST", "/api/admin/password-reset", undefined, { email: user.email })).statusCode).toBe(202);
  const pattern = new RegExp(`${ORIGIN.replace(/\./g, "\\.")}/admin/reset-password#([A-Za-z0-9_-]{43})`);
  for (let count = before + 1; ; count++) {
    const found = (await mail.smtp.waitFor(count))
      .slice(before)
      .find((message) => message.envelopeTo.includes(user.email) && pattern.test(message.parsed.text ?? ""));
    if (found) return { ...user, cookie, token: pattern.exec(found.parsed.text ?? "")![1]! };
  }
}

const hashes = passwordWork.hashes;

describe("the links' tokens stay out of paths (finding 1)", () => {
  it("has no route with a token in its path any more: the old ones answer 404 and do nothing", async () => {
    const { token } = await invite();
    const { token: resetToken, id } = await memberWithResetLink();
    const before = (await t.app.repositories.users.findById(id))!.passwordHash;
    for (const [method, url, payload] of [
      ["GET", `/api/admin/invitations/${token}`],
      ["POST", `/api/admin/invitations/${token}/accept`, { password: "a long enough password" }],
      ["GET", `/api/admin/password-reset/${resetToken}`],
      ["POST", `/api/admin/password-reset/${resetToken}`, { password: "a long enough password" }],
    ] as const) {
      const response = await call(method, url, undefined, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await lookupInvitation(token)).json()).toMatchObject({ state: "pending" });
    expect((await t.app.repositories.users.findById(id))!.passwordHash).toBe(before);
  });

  it("puts the token after the # in the e-mailed and copied links", async () => {
    const created = (
      await call("POST", "/api/admin/invitations", owner, { email: unique("fragment"), role: "member" })
    ).json<TeamInvitation>();
    expect(created.link).toMatch(/^https:\/\/summit\.example\/admin\/invitation#[A-Za-z0-9_-]{43}$/);
    const { token } = await memberWithResetLink();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("a reset asks about passkeys (finding 2)", () => {
  async function withPasskey(): Promise<{
    user: Awaited<ReturnType<typeof memberWithResetLink>>;
    key: SoftwarePasskey;
  }> {
    const user = await memberWithResetLink();
    const key = softwarePasskey();
    const options = await call("POST", "/api/admin/passkeys/registration-options", user.cookie);
    expect(options.statusCode, options.body).toBe(200);
    const added = await call("POST", "/api/admin/passkeys", user.cookie, {
      response: key.register(options.json(), ORIGIN, {}),
      name: "Laptop",
    });
    expect(added.statusCode, added.body).toBe(201);
    return { user, key };
  }

  async function passkeySignIn(key: SoftwarePasskey) {
    const options = await call("POST", "/api/admin/passkeys/sign-in-options");
    return call("POST", "/api/admin/passkeys/sign-in", undefined, {
      response: key.assert(options.json(), ORIGIN, { userVerified: true }),
    });
  }

  it("tells the link's holder that the account has passkeys; removePasskeys removes them all, recorded in the activity", async () => {
    const { user, key } = await withPasskey();
    expect((await lookupReset(user.token)).json()).toEqual({ state: "pending", hasPasskeys: true });
    const done = await completeReset(user.token, "my brand new password", true);
    expect(done.statusCode, done.body).toBe(204);
    expect(await t.app.repositories.passkeys.countOf(user.id)).toBe(0);
    // The passkey a thief may have added no longer signs in.
    expect((await passkeySignIn(key)).statusCode).toBe(401);
    const activity = (await call("GET", `/api/admin/activity?user=${user.id}`, owner)).json<ActivityPage>().items;
    expect(activity.map((item) => item.summary)).toContain(
      "set a new password with a reset link and removed their passkey (every session ended)",
    );
  });

  it("keeps the passkeys when not asked to (a passkey keeps signing in after a reset)", async () => {
    const { user, key } = await withPasskey();
    expect((await completeReset(user.token, "my brand new password")).statusCode).toBe(204);
    expect(await t.app.repositories.passkeys.countOf(user.id)).toBe(1);
    expect((await passkeySignIn(key)).statusCode).toBe(200);
  });

  it("says nothing about passkeys without a link that works", async () => {
    const { user } = await withPasskey();
    expect((await completeReset(user.token, "my brand new password")).statusCode).toBe(204);
    expect((await lookupReset(user.token)).json()).toEqual({ state: "used" });
    expect((await lookupReset("not-a-real-token-at-all-xyz")).json()).toEqual({ state: "unknown" });
    expect(
      (
        await call("POST", "/api/admin/password-reset/complete", undefined, {
          token: user.token,
          password: "another long password",
          removePasskeys: "yes",
        })
      ).statusCode,
    ).toBe(410);
  });

  it("refuses a removePasskeys that is not true or false with 400", async () => {
    const user = await memberWithResetLink();
    const response = await call("POST", "/api/admin/password-reset/complete", undefined, {
      token: user.token,
      password: "my brand new password",
      removePasskeys: "yes",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ removePasskeys: "removePasskeys must be true or false" });
  });
});

describe("a link is checked before any hash (finding 5)", () => {
  let runs: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    runs = vi.spyOn(t.app.signInWork, "run");
    return () => runs.mockRestore();
  });

  it("answers an unknown, malformed, used or withdrawn link at once, without hashing", async () => {
    const used = await invite();
    expect((await acceptInvitation(used.token, "a long enough password")).statusCode).toBe(201);
    const withdrawn = await invite();
    const id = (await call("GET", "/api/admin/invitations", owner))
      .json<{ invitations: TeamInvitation[] }>()
      .invitations.find((row) => row.email === withdrawn.email)!.id;
    await t.app.inject({ method: "DELETE", url: `/api/admin/invitations/${id}`, headers: { cookie: owner } });
    const reset = await memberWithResetLink();
    expect((await completeReset(reset.token, "my brand new password")).statusCode).toBe(204);

    const before = hashes();
    runs.mockClear();
    for (const token of ["x".repeat(43), "not a token", used.token, withdrawn.token]) {
      expect((await acceptInvitation(token, "a long enough password")).statusCode, token).toBeOneOf([404, 410]);
    }
    for (const token of ["x".repeat(43), "not a token", reset.token]) {
      expect((await completeReset(token, "a long enough password")).statusCode, token).toBeOneOf([404, 410]);
    }
    expect(hashes() - before).toBe(0);
    expect(runs).not.toHaveBeenCalled();
  });

  it("hashes a link that works once, inside the sign-in work bound", async () => {
    const { token } = await invite();
    const reset = await memberWithResetLink();
    const before = hashes();
    runs.mockClear();
    expect((await acceptInvitation(token, "a long enough password")).statusCode).toBe(201);
    expect((await completeReset(reset.token, "my brand new password")).statusCode).toBe(204);
    expect(hashes() - before).toBe(2);
    expect(runs).toHaveBeenCalledTimes(2);
  });

  it("answers 503 with Retry-After when the bound is full, and changes nothing", async () => {
    const { email, token } = await invite();
    const reset = await memberWithResetLink();
    const stored = (await t.app.repositories.users.findById(reset.id))!.passwordHash;
    runs.mockRejectedValue(new WorkLimiterBusyError("queue full"));
    const before = hashes();
    for (const response of [
      await acceptInvitation(token, "a long enough password"),
      await completeReset(reset.token, "my brand new password"),
    ]) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers["retry-after"]).toBe("2");
    }
    expect(hashes() - before).toBe(0);
    expect(await t.app.repositories.users.findByUsername(email)).toBeUndefined();
    expect((await lookupInvitation(token)).json()).toMatchObject({ state: "pending" });
    expect((await t.app.repositories.users.findById(reset.id))!.passwordHash).toBe(stored);
    expect((await lookupReset(reset.token)).json()).toMatchObject({ state: "pending" });
  });
});

describe("a new password is not blank, repeated nor common (finding 9)", () => {
  const weak = [
    ["twelve spaces", " ".repeat(12), "blank"],
    ["one character repeated", "aaaaaaaaaaaa", "repeated"],
    ["a common password", "password1234", "common"],
  ] as const;

  it.each(weak)(
    "an invitation refuses %s with 400 and its message, and makes no account",
    async (_name, password, reason) => {
      const { email, token } = await invite();
      const before = hashes();
      const refused = await acceptInvitation(token, password);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: "Please correct the highlighted fields.",
        errors: { password: newPasswordMessages[reason]("password") },
      });
      expect(refused.cookies).toEqual([]);
      expect(hashes() - before).toBe(0);
      expect(await t.app.repositories.users.findByUsername(email)).toBeUndefined();
      expect((await lookupInvitation(token)).json()).toMatchObject({ state: "pending" });
    },
  );

  it.each(weak)(
    "a reset link refuses %s with 400 and its message, and changes nothing",
    async (_name, password, reason) => {
      const user = await memberWithResetLink();
      const stored = (await t.app.repositories.users.findById(user.id))!.passwordHash;
      const refused = await completeReset(user.token, password);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: "Please correct the highlighted fields.",
        errors: { password: newPasswordMessages[reason]("password") },
      });
      expect((await t.app.repositories.users.findById(user.id))!.passwordHash).toBe(stored);
      expect((await call("GET", "/api/admin/status", user.cookie)).json().authenticated).toBe(true);
      expect((await lookupReset(user.token)).json()).toMatchObject({ state: "pending" });
    },
  );

  it.each(weak)(
    "a password change refuses %s with 400 and its message under the new password",
    async (_name, password, reason) => {
      const user = await addTestUser(t.app, { email: unique("changer") });
      const cookie = await signIn(t.app, user);
      const refused = await call("POST", "/api/admin/password", cookie, {
        currentPassword: user.password,
        newPassword: password,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ newPassword: newPasswordMessages[reason]("new password") });
      expect(
        (await call("POST", "/api/admin/login", undefined, { username: user.email, password: user.password }))
          .statusCode,
      ).toBe(200);
    },
  );
});
