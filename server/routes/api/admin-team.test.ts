import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../../contract/activity.ts";
import type { LeadDetail, LeadPage } from "../../../contract/admin-leads.ts";
import type { BulkResult } from "../../../contract/lead-triage.ts";
import {
  LAST_OWNER_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  type AdminSessionsAnswer,
  type InvitationLookup,
  type TeamInvitation,
  type TeamUsersAnswer,
} from "../../../contract/team.ts";
import { OWNER_ONLY_MESSAGE } from "../../../contract/user-roles.ts";
import { postLead } from "../../../tests/helpers/lead-posts.ts";
import { smtpServerForThisFile } from "../../../tests/helpers/smtp-fixture.ts";
import type { ReceivedMail } from "../../../tests/helpers/smtp-test-server.ts";
import { callerOf } from "../../../tests/helpers/admin-client.ts";
import {
  addTestUser,
  createTestApp,
  sessionCookieOf,
  signIn,
  smtpDeliveryConfig,
  TEST_ADMIN,
  type TestApp,
} from "../../../tests/helpers/test-app.ts";

// A team works the leads (issue 23): roles enforced by the server, users and the last-owner rule,
// deactivation, invitations and password resets from real e-mails, sessions, assignment and the activity log.

const mail = smtpServerForThisFile();
let offset = 0;
let lastMs = 0;
/** Real time moved by `offset`, never the same millisecond twice: records keep the order they were made in. */
const clock = () => {
  const base = Date.now() + offset;
  // A step ahead of the last reading, unless the test moved the clock back (offset reset).
  lastMs = base > lastMs || lastMs - base > 1000 ? base : lastMs + 1;
  return new Date(lastMs);
};
const DAY = 86_400_000;

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp(
    { delivery: smtpDeliveryConfig(mail.smtp.url), siteOrigin: "https://summit.example" },
    undefined,
    { clock },
  );
  owner = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  offset = 0;
  lastMs = 0;
});

let serial = 0;
const unique = (tag: string) => `${tag}-${++serial}-${Math.random().toString(36).slice(2, 7)}@example.com`;

const call = callerOf(() => t.app);

async function member(name: string | null = null) {
  const user = await addTestUser(t.app, { email: unique("member"), name });
  return { ...user, cookie: await signIn(t.app, user) };
}

/** The first e-mail since `before` that `matches` (new leads' owner e-mails arrive in between). */
async function mailSince(before: number, matches: (message: ReceivedMail) => boolean): Promise<ReceivedMail> {
  for (let count = before + 1; ; count++) {
    const received = await mail.smtp.waitFor(count);
    const found = received.slice(before).find(matches);
    if (found) return found;
    count = received.length;
  }
}

/** The link of the first e-mail since `before` that holds one to `path` (its token after the #). */
async function linkFromMail(
  before: number,
  path: RegExp,
): Promise<{ link: string; token: string; subject: string; to: string }> {
  const pattern = new RegExp(`https://summit\\.example${path.source}#([A-Za-z0-9_-]+)`);
  const message = await mailSince(before, (candidate) => pattern.test(candidate.parsed.text ?? ""));
  const [link, token] = pattern.exec(message.parsed.text ?? "")! as unknown as [string, string];
  return { link, token, subject: message.parsed.subject ?? "", to: message.envelopeTo.join(",") };
}

/** The token of a link the owner copies (/admin/invitation#<token>). */
const tokenOf = (link: string | undefined) => link!.split("#")[1]!;

const lookupInvitation = (token: string) => call("POST", "/api/admin/invitations/lookup", undefined, { token });
const acceptInvitation = (token: string, input: { password: string; name?: string }) =>
  call("POST", "/api/admin/invitations/accept", undefined, { token, ...input });
const lookupReset = (token: string) => call("POST", "/api/admin/password-reset/lookup", undefined, { token });
const completeReset = (token: string, input: { password: string; removePasskeys?: boolean }) =>
  call("POST", "/api/admin/password-reset/complete", undefined, { token, ...input });

describe("roles", () => {
  let cookie: string;
  let leadId: string;
  beforeAll(async () => {
    cookie = (await member()).cookie;
    leadId = await postLead(t.app, "contacts");
  });

  const ownerOnly: [method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT", url: () => string, payload?: unknown][] = [
    ["GET", () => "/api/admin/invitations"],
    ["POST", () => "/api/admin/invitations", { email: "x@example.com", role: "member" }],
    ["POST", () => "/api/admin/users", { email: "x@example.com", role: "member" }],
    ["PATCH", () => "/api/admin/users/00000000-0000-4000-8000-000000000000", { role: "member" }],
    ["DELETE", () => "/api/admin/users/00000000-0000-4000-8000-000000000000"],
    ["DELETE", () => "/api/admin/users/00000000-0000-4000-8000-000000000000/sessions"],
    ["POST", () => "/api/admin/invitations/00000000-0000-4000-8000-000000000000/resend"],
    ["DELETE", () => "/api/admin/invitations/00000000-0000-4000-8000-000000000000"],
    ["GET", () => "/api/admin/activity"],
    ["GET", () => "/api/admin/leads/contacts/export.csv"],
    ["DELETE", () => `/api/admin/leads/contacts/${leadId}`],
    ["POST", () => "/api/admin/leads/contacts/bulk", () => ({ action: "delete", ids: [leadId] })],
    ["POST", () => "/api/admin/leads/all/bulk", () => ({ action: "delete", ids: [leadId] })],
    ["GET", () => "/api/admin/settings/notifications"],
    ["PUT", () => "/api/admin/settings/notifications", { autoReply: false }],
    ["POST", () => "/api/admin/settings/notifications/test"],
    ["PUT", () => "/api/admin/settings/chat", { kind: null }],
    ["DELETE", () => "/api/admin/settings/chat"],
    ["POST", () => "/api/admin/settings/chat/test"],
    ["GET", () => "/api/admin/deliveries"],
    ["POST", () => "/api/admin/deliveries/send-unsent"],
    ["POST", () => "/api/admin/deliveries/test-email"],
    ["GET", () => "/api/admin/csp-violations"],
  ];

  it.each(
    ownerOnly.map(
      ([method, url, payload]) => [`${method} ${url().replace(/[0-9a-f-]{36}/, ":id")}`, method, url, payload] as const,
    ),
  )("%s answers 403 to a member, and nothing changes", async (_name, method, url, payload) => {
    const response = await call(method, url(), cookie, typeof payload === "function" ? payload() : payload);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({ message: OWNER_ONLY_MESSAGE });
    expect((await call("GET", `/api/admin/leads/contacts/${leadId}`, owner)).statusCode).toBe(200);
  });

  it("lets an owner call the same endpoints (not 403)", async () => {
    for (const [method, url] of ownerOnly.filter(([m, , p]) => m === "GET" && p === undefined)) {
      const response = await call(method, url(), owner);
      expect(response.statusCode, `${method} ${url()}: ${response.body}`).toBe(200);
    }
  });

  it("lets a member work leads: list, status, note, spam, assignment, bulk status, the team list", async () => {
    const lead = await postLead(t.app, "contacts");
    expect((await call("GET", "/api/admin/leads/contacts", cookie)).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/leads/all/counts", cookie)).statusCode).toBe(200);
    expect((await call("PATCH", `/api/admin/leads/contacts/${lead}`, cookie, { status: "contacted" })).statusCode).toBe(
      200,
    );
    expect((await call("POST", `/api/admin/leads/contacts/${lead}/notes`, cookie, { body: "Called" })).statusCode).toBe(
      201,
    );
    expect(
      (await call("POST", "/api/admin/leads/contacts/bulk", cookie, { action: "spam", ids: [lead] })).statusCode,
    ).toBe(200);
    expect(
      (
        await call("POST", "/api/admin/leads/contacts/bulk", cookie, {
          action: "setStatus",
          status: "new",
          ids: [lead],
        })
      ).statusCode,
    ).toBe(200);
    expect((await call("PATCH", `/api/admin/leads/contacts/${lead}`, cookie, { assigneeId: null })).statusCode).toBe(
      200,
    );
    expect((await call("GET", "/api/admin/users", cookie)).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/deliveries/health", cookie)).statusCode).toBe(200);
  });

  it("names the role in the status", async () => {
    expect((await call("GET", "/api/admin/status", cookie)).json().user).toEqual({
      id: expect.any(String),
      role: "member",
      name: null,
    });
    expect((await call("GET", "/api/admin/status", owner)).json().user.role).toBe("owner");
  });
});

describe("users and the last-owner rule", () => {
  it("lists the team with roles, state and second factors", async () => {
    const ana = await addTestUser(t.app, { email: unique("ana"), name: "Ana Ruiz" });
    const { users } = (await call("GET", "/api/admin/users", owner)).json<TeamUsersAnswer>();
    expect(users[0]).toMatchObject({
      email: TEST_ADMIN.email,
      role: "owner",
      active: true,
      secondFactor: { totp: false, passkeys: 0 },
    });
    expect(users.find((user) => user.id === ana.id)).toMatchObject({
      name: "Ana Ruiz",
      role: "member",
      active: true,
      lastSignInAt: null,
    });
  });

  it("refuses to demote, deactivate or delete the last active owner (409), and nothing changes", async () => {
    const own = await createTestApp();
    try {
      const cookie = await signIn(own.app);
      const me = (await own.app.inject({ method: "GET", url: "/api/admin/status", headers: { cookie } })).json().user
        .id as string;
      for (const [method, payload] of [
        ["PATCH", { role: "member" }],
        ["PATCH", { active: false }],
        ["DELETE", undefined],
      ] as const) {
        const response = await own.app.inject({
          method,
          url: `/api/admin/users/${me}`,
          headers: { cookie },
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json()).toEqual({ message: LAST_OWNER_MESSAGE });
      }
      expect(
        (await own.app.inject({ method: "GET", url: "/api/admin/status", headers: { cookie } })).json().user.role,
      ).toBe("owner");

      // With a second owner, one may go; a deactivated owner does not count as the other one.
      const second = await addTestUser(own.app, { email: "second@example.com", role: "owner" });
      await own.app.inject({
        method: "PATCH",
        url: `/api/admin/users/${second.id}`,
        headers: { cookie },
        payload: { active: false },
      });
      expect(
        (
          await own.app.inject({
            method: "PATCH",
            url: `/api/admin/users/${me}`,
            headers: { cookie },
            payload: { role: "member" },
          })
        ).statusCode,
      ).toBe(409);
      await own.app.inject({
        method: "PATCH",
        url: `/api/admin/users/${second.id}`,
        headers: { cookie },
        payload: { active: true },
      });
      const demoted = await own.app.inject({
        method: "PATCH",
        url: `/api/admin/users/${me}`,
        headers: { cookie },
        payload: { role: "member" },
      });
      expect(demoted.statusCode, demoted.body).toBe(200);
      expect(demoted.json()).toMatchObject({ role: "member" });
    } finally {
      await own.close();
    }
  });

  it("lets only one of two concurrent demotions of the last two owners through", async () => {
    const own = await createTestApp();
    try {
      const cookie = await signIn(own.app);
      const me = (await own.app.inject({ method: "GET", url: "/api/admin/status", headers: { cookie } })).json().user
        .id as string;
      const second = await addTestUser(own.app, { email: "second@example.com", role: "owner" });
      // Each owner demotes the other at the same moment: one wins; the other is refused (409, or 403 once
      // its caller is no longer an owner).
      const secondCookie = await signIn(own.app, second);
      const answers = await Promise.all([
        own.app.inject({
          method: "PATCH",
          url: `/api/admin/users/${second.id}`,
          headers: { cookie },
          payload: { role: "member" },
        }),
        own.app.inject({
          method: "PATCH",
          url: `/api/admin/users/${me}`,
          headers: { cookie: secondCookie },
          payload: { role: "member" },
        }),
      ]);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(answers.map((answer) => answer.statusCode).find((code) => code !== 200)).toBeOneOf([403, 409]);
      expect(await own.app.db.selectFrom("users").select("id").where("role", "=", "owner").execute()).toHaveLength(1);

      // The rule itself under a race: two transactions, each demoting one of the last two owners.
      await own.app.db.updateTable("users").set({ role: "owner" }).execute();
      const outcomes = await Promise.allSettled([
        own.app.repositories.users.update(me, { role: "member" }),
        own.app.repositories.users.update(second.id, { role: "member" }),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
      const owners = await own.app.db.selectFrom("users").select("id").where("role", "=", "owner").execute();
      expect(owners).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it("deactivation ends the user's sessions at once and refuses their sign-in; reactivation lets them in again", async () => {
    const user = await member("Deac Tivated");
    expect((await call("GET", "/api/admin/leads/contacts", user.cookie)).statusCode).toBe(200);
    const off = await call("PATCH", `/api/admin/users/${user.id}`, owner, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    expect((await call("GET", "/api/admin/leads/contacts", user.cookie)).statusCode).toBe(401);
    const refused = await call("POST", "/api/admin/login", undefined, {
      username: user.email,
      password: user.password,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: "Invalid email or password" });
    expect(await t.app.db.selectFrom("sessions").select("id").where("userId", "=", user.id).execute()).toEqual([]);

    expect((await call("PATCH", `/api/admin/users/${user.id}`, owner, { active: true })).statusCode).toBe(200);
    expect(
      (await call("POST", "/api/admin/login", undefined, { username: user.email, password: user.password })).statusCode,
    ).toBe(200);
  });

  it("an owner ends every session of a user; deleting a user unassigns their leads and keeps the records", async () => {
    const user = await member("Gone Soon");
    const lead = await postLead(t.app, "contacts");
    expect((await call("PATCH", `/api/admin/leads/contacts/${lead}`, owner, { assigneeId: user.id })).statusCode).toBe(
      200,
    );
    await call("POST", `/api/admin/leads/contacts/${lead}/notes`, user.cookie, { body: "Left a voicemail" });

    const ended = await call("DELETE", `/api/admin/users/${user.id}/sessions`, owner);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await call("GET", "/api/admin/status", user.cookie)).json().authenticated).toBe(false);

    expect((await call("DELETE", `/api/admin/users/${user.id}`, owner)).statusCode).toBe(204);
    const detail = (await call("GET", `/api/admin/leads/contacts/${lead}`, owner)).json<LeadDetail>();
    expect(detail.assigneeId).toBeNull();
    expect(detail.notes[0]!.author).toEqual({ id: user.id, name: "Deleted user" });
    expect((await call("DELETE", `/api/admin/users/${user.id}`, owner)).statusCode).toBe(404);
  });

  it("answers 400 for a bad id or patch, never 5xx", async () => {
    expect((await call("PATCH", "/api/admin/users/not-an-id", owner, { role: "member" })).statusCode).toBe(400);
    const bad = await call("PATCH", `/api/admin/users/00000000-0000-4000-8000-000000000000`, owner, { role: "boss" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.role).toBe("role must be owner or member");
    expect((await call("PATCH", `/api/admin/users/00000000-0000-4000-8000-000000000000`, owner, {})).statusCode).toBe(
      400,
    );
    expect(
      (await call("PATCH", `/api/admin/users/00000000-0000-4000-8000-000000000000`, owner, { role: "member" }))
        .statusCode,
    ).toBe(404);
  });
});

describe("invitations", () => {
  it("e-mails a single-use link; accepting it with a password makes the account and signs in", async () => {
    const email = unique("invitee");
    const before = mail.smtp.received.length;
    const created = await call("POST", "/api/admin/invitations", owner, { email, role: "member", name: "Ines Vite" });
    expect(created.statusCode, created.body).toBe(201);
    const invitation = created.json<TeamInvitation>();
    expect(invitation).toMatchObject({
      email,
      role: "member",
      state: "pending",
      emailed: true,
      mail: "queued",
      invitedBy: TEST_ADMIN.email,
    });
    const { link, token, subject, to } = await linkFromMail(before, /\/admin\/invitation/);
    expect(link).toBe(invitation.link);
    expect(to).toBe(email);
    expect(subject).toContain("invited you");
    expect(
      await t.app.db.selectFrom("verifications").select("tokenHash").where("id", "=", invitation.id).executeTakeFirst(),
    ).not.toMatchObject({ tokenHash: token });
    // Sent: the Team page says so, and the outbox keeps no copy of the link.
    await t.app.accountMail.settled();
    expect(
      (await call("GET", "/api/admin/invitations", owner))
        .json<{ invitations: TeamInvitation[] }>()
        .invitations.find((row) => row.id === invitation.id)?.mail,
    ).toBe("sent");
    const stored = await t.app.db
      .selectFrom("accountMails")
      .select(["textBody", "htmlBody", "state"])
      .where("verificationId", "=", invitation.id)
      .execute();
    expect(stored).toEqual([{ textBody: null, htmlBody: null, state: "sent" }]);

    const lookup = (await lookupInvitation(token)).json<InvitationLookup>();
    expect(lookup).toMatchObject({ state: "pending", email, role: "member", name: "Ines Vite" });

    const weak = await acceptInvitation(token, { password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBeDefined();

    const accepted = await acceptInvitation(token, { password: "a long enough password" });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({
      authenticated: true,
      username: email,
      user: { role: "member", name: "Ines Vite" },
    });
    const cookie = sessionCookieOf(accepted);
    expect((await call("GET", "/api/admin/leads/contacts", cookie)).statusCode).toBe(200);

    // Used: the page says so, and a second use is refused.
    expect((await lookupInvitation(token)).json()).toEqual({ state: "accepted" });
    const again = await acceptInvitation(token, { password: "another long password" });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/used already/);
    const list = (await call("GET", "/api/admin/invitations", owner)).json<{ invitations: TeamInvitation[] }>()
      .invitations;
    expect(list.find((row) => row.id === invitation.id)?.state).toBe("accepted");
  });

  it("expires after 7 days, can be withdrawn and re-sent; each state answers clearly", async () => {
    const email = unique("late");
    const first = (
      await call("POST", "/api/admin/invitations", owner, { email, role: "owner" })
    ).json<TeamInvitation>();
    const firstToken = tokenOf(first.link);
    offset = 7 * DAY + 1000;
    expect((await lookupInvitation(firstToken)).json()).toEqual({ state: "expired" });
    const expired = await acceptInvitation(firstToken, { password: "a long enough password" });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(
      "This invitation has expired. Ask the owner for a new one.".replace("owner for", "owner to send"),
    );
    offset = 0;

    const resent = await call("POST", `/api/admin/invitations/${first.id}/resend`, owner);
    expect(resent.statusCode, resent.body).toBe(201);
    const second = resent.json<TeamInvitation>();
    expect(second.link).not.toBe(first.link);
    expect((await lookupInvitation(firstToken)).json()).toEqual({ state: "revoked" });

    expect((await call("DELETE", `/api/admin/invitations/${second.id}`, owner)).statusCode).toBe(204);
    const withdrawn = await acceptInvitation(tokenOf(second.link), { password: "a long enough password" });
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json().message).toMatch(/withdrawn/);
    expect((await call("DELETE", `/api/admin/invitations/${second.id}`, owner)).statusCode).toBe(409);
    // A malformed token is answered like an unknown one.
    for (const token of ["not-a-real-token-at-all-xyz", "", "../../etc", "x".repeat(200)]) {
      expect((await lookupInvitation(token)).json(), token).toEqual({ state: "unknown" });
      expect((await acceptInvitation(token, { password: "a long enough password" })).statusCode, token).toBe(404);
    }
  });

  it("gives the link to copy when mail is not configured, and refuses an address already on the team", async () => {
    const own = await createTestApp();
    try {
      const cookie = await signIn(own.app);
      const created = await own.app.inject({
        method: "POST",
        url: "/api/admin/users",
        headers: { cookie },
        payload: { email: "copy@example.com", role: "member" },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        emailed: false,
        mail: null,
        link: expect.stringMatching(/\/admin\/invitation#[A-Za-z0-9_-]{43}$/),
      });
      const taken = await own.app.inject({
        method: "POST",
        url: "/api/admin/invitations",
        headers: { cookie },
        payload: { email: TEST_ADMIN.email.toUpperCase(), role: "member" },
      });
      expect(taken.statusCode).toBe(409);
    } finally {
      await own.close();
    }
  });
});

describe("password reset by e-mail", () => {
  it("answers the same for any address, e-mails a one-hour single-use link, and ends every session", async () => {
    const user = await member("Reset Me");
    const unknown = await call("POST", "/api/admin/password-reset", undefined, { email: "nobody-here@example.com" });
    const before = mail.smtp.received.length;
    const known = await call("POST", "/api/admin/password-reset", undefined, { email: user.email.toUpperCase() });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    expect(unknown.json()).toEqual(known.json());
    const { token, to } = await linkFromMail(before, /\/admin\/reset-password/);
    expect(to).toBe(user.email);
    expect((await lookupReset(token)).json()).toEqual({ state: "pending", hasPasskeys: false });

    const done = await completeReset(token, { password: "my brand new password" });
    expect(done.statusCode, done.body).toBe(204);
    expect((await call("GET", "/api/admin/status", user.cookie)).json().authenticated).toBe(false);
    expect(
      (await call("POST", "/api/admin/login", undefined, { username: user.email, password: user.password })).statusCode,
    ).toBe(401);
    expect(
      (await call("POST", "/api/admin/login", undefined, { username: user.email, password: "my brand new password" }))
        .statusCode,
    ).toBe(200);
    const reused = await completeReset(token, { password: "yet another new password" });
    expect(reused.statusCode).toBe(410);
    expect((await lookupReset(token)).json()).toEqual({ state: "used" });
  });

  it("expires after one hour", async () => {
    const user = await member();
    const before = mail.smtp.received.length;
    await call("POST", "/api/admin/password-reset", undefined, { email: user.email });
    const { token } = await linkFromMail(before, /\/admin\/reset-password/);
    offset = 60 * 60 * 1000 + 1000;
    expect((await lookupReset(token)).json()).toEqual({ state: "expired" });
    const late = await completeReset(token, { password: "my brand new password" });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toMatch(/expired/);
  });

  it("is limited per account address when limits are on (unknown addresses too)", async () => {
    const limited = await createTestApp({
      rateLimit: {
        enabled: true,
        forms: { max: 100, windowMs: 60_000 },
        login: { max: 100, windowMs: 60_000 },
        account: { max: 2, windowMs: 60_000 },
      },
    });
    try {
      const ask = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/admin/password-reset",
          payload: { email: "someone@example.com" },
        });
      expect((await ask()).statusCode).toBe(202);
      expect((await ask()).statusCode).toBe(202);
      const third = await ask();
      expect(third.statusCode).toBe(429);
      expect(third.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe("sessions", () => {
  it("lists your sessions with device and last use, ends one, or all the others", async () => {
    const user = await addTestUser(t.app, { email: unique("sessions") });
    const signInFrom = async (userAgent: string) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        headers: { "user-agent": userAgent },
        payload: { username: user.email, password: user.password },
      });
      return sessionCookieOf(response);
    };
    const laptop = await signInFrom(
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    );
    const phone = await signInFrom(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    );
    const tablet = await signInFrom(
      "Mozilla/5.0 (Linux; Android 14; Pixel Tablet) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    );

    const { sessions } = (await call("GET", "/api/admin/sessions", laptop)).json<AdminSessionsAnswer>();
    expect(sessions.map((session) => session.device).sort()).toEqual([
      "Chrome on Android",
      "Chrome on macOS",
      "Safari on iPhone",
    ]);
    expect(sessions.filter((session) => session.current).map((session) => session.device)).toEqual(["Chrome on macOS"]);
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);

    const phoneId = sessions.find((session) => session.device === "Safari on iPhone")!.id;
    expect((await call("DELETE", `/api/admin/sessions/${phoneId}`, laptop)).statusCode).toBe(204);
    expect((await call("GET", "/api/admin/status", phone)).json().authenticated).toBe(false);
    // Another user's session is not yours to end.
    const ownersId = (await call("GET", "/api/admin/sessions", owner)).json<AdminSessionsAnswer>().sessions[0]!.id;
    expect((await call("DELETE", `/api/admin/sessions/${ownersId}`, laptop)).statusCode).toBe(404);

    expect((await call("DELETE", "/api/admin/sessions", laptop)).json()).toEqual({ ended: 1 });
    expect((await call("GET", "/api/admin/status", tablet)).json().authenticated).toBe(false);
    expect((await call("GET", "/api/admin/status", laptop)).json().authenticated).toBe(true);
    expect((await call("DELETE", "/api/admin/sessions?all=true", laptop)).json()).toEqual({ ended: 1 });
    expect((await call("GET", "/api/admin/status", laptop)).json().authenticated).toBe(false);
  });
});

describe("assignment", () => {
  it("assigns and unassigns a lead, filters by me, none and a user, and e-mails the assignee when someone else assigns", async () => {
    const ana = await member("Ana Ruiz");
    const form = `assign-${Date.now()}`;
    const a = await postLead(t.app, "contacts", { formName: form });
    const b = await postLead(t.app, "inquiries", { formName: form });
    const before = mail.smtp.received.length;
    const assigned = await call("PATCH", `/api/admin/leads/contacts/${a}`, owner, { assigneeId: ana.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<LeadDetail>().assigneeId).toBe(ana.id);
    const message = await mailSince(before, (candidate) => candidate.envelopeTo.includes(ana.email));
    expect(message.envelopeTo).toEqual([ana.email]);
    expect(message.parsed.subject).toMatch(/assigned you a lead/);
    expect(message.parsed.text).toContain(`https://summit.example/admin/leads/contacts/${a}`);

    // Ana takes the other herself: no e-mail to herself.
    expect(
      (await call("PATCH", `/api/admin/leads/inquiries/${b}`, ana.cookie, { assigneeId: ana.id })).statusCode,
    ).toBe(200);
    const ids = async (cookie: string, query: string) =>
      (await call("GET", `/api/admin/leads/all?form=${form}&${query}`, cookie))
        .json<LeadPage>()
        .items.map((lead) => lead.id)
        .sort();
    expect(await ids(ana.cookie, "assignee=me")).toEqual([a, b].sort());
    expect(await ids(owner, "assignee=me")).toEqual([]);
    expect(await ids(owner, `assignee=${ana.id}`)).toEqual([a, b].sort());
    expect(
      (await call("GET", `/api/admin/leads/contacts/counts?form=${form}&assignee=${ana.id}`, owner)).json().inbox,
    ).toBe(1);
    expect(
      (await call("PATCH", `/api/admin/leads/contacts/${a}`, owner, { assigneeId: null })).json<LeadDetail>()
        .assigneeId,
    ).toBeNull();
    expect(await ids(owner, "assignee=none")).toEqual([a]);
    expect(mail.smtp.received.filter((candidate) => candidate.envelopeTo.includes(ana.email))).toHaveLength(1);

    const detail = (await call("GET", `/api/admin/leads/contacts/${a}`, owner)).json<LeadDetail>();
    expect(
      detail.events
        .filter((event) => event.type === "assignment")
        .map((event) => [event.type === "assignment" ? (event.assignee?.name ?? null) : "?", event.by?.name]),
    ).toEqual([
      ["Ana Ruiz", TEST_ADMIN.email],
      [null, TEST_ADMIN.email],
    ]);
  });

  it("bulk-assigns with an Undo, and refuses an unknown or deactivated user", async () => {
    const bo = await member("Bo Chen");
    const form = `bulk-assign-${Date.now()}`;
    const leads = [
      await postLead(t.app, "contacts", { formName: form }),
      await postLead(t.app, "inquiries", { formName: form }),
    ];
    const done = await call("POST", "/api/admin/leads/all/bulk", owner, {
      action: "assign",
      assigneeId: bo.id,
      filters: { form },
    });
    expect(done.statusCode, done.body).toBe(200);
    const result = done.json<BulkResult>();
    expect(result.affected).toBe(2);
    expect(result.previous.map((lead) => lead.assigneeId)).toEqual([null, null]);
    const mine = (await call("GET", `/api/admin/leads/all?form=${form}&assignee=me`, bo.cookie)).json<LeadPage>();
    expect(mine.items.map((lead) => lead.id).sort()).toEqual([...leads].sort());

    const undo = await call("POST", "/api/admin/leads/all/bulk", owner, { action: "restore", items: result.previous });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(
      (await call("GET", `/api/admin/leads/all?form=${form}&assignee=none`, owner)).json<LeadPage>().items,
    ).toHaveLength(2);

    for (const assigneeId of ["00000000-0000-4000-8000-000000000000"]) {
      const refused = await call("POST", "/api/admin/leads/all/bulk", owner, {
        action: "assign",
        assigneeId,
        filters: { form },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("That user does not exist or is deactivated.");
    }
    await call("PATCH", `/api/admin/users/${bo.id}`, owner, { active: false });
    expect(
      (await call("PATCH", `/api/admin/leads/contacts/${leads[0]}`, owner, { assigneeId: bo.id })).statusCode,
    ).toBe(400);
    expect((await call("GET", "/api/admin/leads/all?assignee=someone", owner)).statusCode).toBe(400);
  });
});

describe("activity", () => {
  it("records who did what: sign-ins, status, notes, assignment, exports, deletions, users; filters by user and kind, page by page", async () => {
    const cara = await member("Cara Diaz");
    await call("POST", "/api/admin/login", undefined, { username: cara.email, password: "not her password" });
    await call("POST", "/api/admin/login", undefined, {
      username: "stranger@example.com",
      password: "typed a secret here",
    });
    const lead = await postLead(t.app, "contacts", { firstName: "Pat", lastName: "Lee" });
    await call("PATCH", `/api/admin/leads/contacts/${lead}`, cara.cookie, { status: "contacted" });
    await call("POST", `/api/admin/leads/contacts/${lead}/notes`, cara.cookie, { body: "Private words" });
    await call("PATCH", `/api/admin/leads/contacts/${lead}`, cara.cookie, { status: "spam" });
    await call("GET", "/api/admin/leads/contacts/export.csv", owner);
    await call("DELETE", `/api/admin/leads/contacts/${lead}`, owner);

    const caras = (await call("GET", `/api/admin/activity?user=${cara.id}`, owner)).json<ActivityPage>();
    expect(caras.items.map((item) => [item.kind, item.summary])).toEqual([
      ["spam", "marked Pat Lee as spam"],
      ["note", "added a note to Pat Lee"],
      ["status", "changed Pat Lee from New to Contacted"],
      ["sign-in-failed", "failed to sign in (wrong password)"],
      ["sign-in", "signed in with a password"],
    ]);
    expect(caras.items.every((item) => item.actor?.name === "Cara Diaz")).toBe(true);
    expect(JSON.stringify(caras)).not.toContain("Private words");

    const failed = (await call("GET", "/api/admin/activity?kind=sign-in-failed", owner)).json<ActivityPage>();
    expect(failed.items[0]).toMatchObject({ actor: null, summary: "Failed sign-in for an unknown address" });
    const all = JSON.stringify((await call("GET", "/api/admin/activity?limit=200", owner)).json());
    expect(all).not.toContain("stranger@example.com");
    expect(all).not.toContain("typed a secret here");

    const deletion = (await call("GET", "/api/admin/activity?kind=delete", owner)).json<ActivityPage>().items[0]!;
    expect(deletion).toMatchObject({
      summary: "deleted a contact lead",
      lead: { kind: "contacts", id: lead },
      actor: { name: TEST_ADMIN.email },
    });
    expect(
      (await call("GET", "/api/admin/activity?kind=export", owner)).json<ActivityPage>().items[0]!.summary,
    ).toMatch(/^exported \d+ contact leads as CSV$/);
  });

  it("pages newest first without gaps or repeats, also across records of the same instant; a bad cursor is a 400", async () => {
    const own = await createTestApp({}, undefined, { clock: () => new Date("2026-03-01T12:00:00.000Z") });
    try {
      const cookie = await signIn(own.app);
      for (let i = 0; i < 7; i++)
        await own.app.repositories.activity.record({ actor: null, kind: "settings", summary: `change ${i}` });
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/admin/activity?kind=settings&limit=3${cursor ? `&cursor=${cursor}` : ""}`;
        const page: ActivityPage = (await own.app.inject({ method: "GET", url, headers: { cookie } })).json();
        seen.push(...page.items.map((item) => item.summary));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.sort()).toEqual(Array.from({ length: 7 }, (_, i) => `change ${i}`));
      const bad = await own.app.inject({
        method: "GET",
        url: "/api/admin/activity?cursor=bm90LWEtY3Vyc29y",
        headers: { cookie },
      });
      expect(bad.statusCode).toBe(400);
      expect(
        (await own.app.inject({ method: "GET", url: "/api/admin/activity?kind=nonsense", headers: { cookie } }))
          .statusCode,
      ).toBe(400);
    } finally {
      await own.close();
    }
  });

  it("records user and invitation changes", async () => {
    const dee = await addTestUser(t.app, { email: unique("dee"), name: "Dee Park" });
    await call("PATCH", `/api/admin/users/${dee.id}`, owner, { role: "owner" });
    await call("POST", "/api/admin/invitations", owner, { email: unique("eve"), role: "member" });
    const users = (await call("GET", "/api/admin/activity?kind=user", owner)).json<ActivityPage>().items;
    expect(users[0]).toMatchObject({ summary: "changed Dee Park's role to owner", subjectUserId: dee.id });
    const invitations = (await call("GET", "/api/admin/activity?kind=invitation", owner)).json<ActivityPage>().items;
    expect(invitations[0]!.summary).toMatch(/^invited eve-.*@example\.com as member$/);
  });
});

describe("names (issue 33)", () => {
  it("a user sets their own name: the status, the team list and the activity show it", async () => {
    const someone = await member(null);
    const before = await call("GET", "/api/admin/status", someone.cookie);
    expect(before.json().user.name).toBeNull();
    const response = await call("PUT", "/api/admin/account/name", someone.cookie, { name: "  Ana Ruiz " });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: "Ana Ruiz" });
    expect((await call("GET", "/api/admin/status", someone.cookie)).json().user.name).toBe("Ana Ruiz");
    const users = (await call("GET", "/api/admin/users", owner)).json() as TeamUsersAnswer;
    expect(users.users.find((user) => user.id === someone.id)?.name).toBe("Ana Ruiz");
    const activity = (await call("GET", "/api/admin/activity", owner)).json() as ActivityPage;
    expect(
      activity.items.some((item) => item.summary === "set their name to Ana Ruiz" && item.actor?.name === "Ana Ruiz"),
    ).toBe(true);
  });

  it("refuses a blank or overlong name with 400 and keeps the one stored; 401 without a session", async () => {
    const someone = await member("Kept Name");
    for (const [payload, message] of [
      [{ name: "   " }, "Enter your name."],
      [{ name: "x".repeat(101) }, "name"],
      [{}, "name"],
      [{ name: "Ok", role: "owner" }, ""],
    ] as const) {
      const response = await call("PUT", "/api/admin/account/name", someone.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    expect((await call("GET", "/api/admin/status", someone.cookie)).json().user.name).toBe("Kept Name");
    expect((await call("PUT", "/api/admin/account/name", undefined, { name: "Nobody" })).statusCode).toBe(401);
  });
});

describe("ADMIN_NAME (issue 33)", () => {
  it("names the owner created at first start", async () => {
    const named = await createTestApp({ adminBootstrap: { ...TEST_ADMIN, name: "Maria Owens" } });
    try {
      const cookie = await signIn(named.app);
      const status = (await named.app.inject({ method: "GET", url: "/api/admin/status", headers: { cookie } })).json();
      expect(status.user).toMatchObject({ name: "Maria Owens", role: "owner" });
    } finally {
      await named.close();
    }
  });
});
