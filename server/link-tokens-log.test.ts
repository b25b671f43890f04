import { afterAll, beforeAll, expect, it } from "vitest";
import { startServerProcess, type StartedServer } from "../tests/helpers/server-process.ts";
import { startSmtpTestServer, type SmtpTestServer } from "../tests/helpers/smtp-test-server.ts";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-database.ts";

// Issue 32, finding 1: invitation and reset tokens travelled in URL paths, and the request log keeps the
// path, so whoever read the log could accept a pending owner invitation. The real server process, at
// LOG_LEVEL=debug, with mail to a real SMTP server, runs the whole flow: the owner signs in, invites (and
// re-sends, which makes a second token), the invitee looks the link up and accepts it; a member asks for a
// reset, looks the link up and sets a new password; an old-style link with its token in the path is opened
// too. Every token issued (from the owner's answers and the e-mails) is then searched for in every line
// the process wrote, and no request line's path or route holds one.

const owner = { email: "owner@links-probe.example", password: "correct horse battery staple" };
const SITE = "https://summit.example";
const TOKEN = /#([A-Za-z0-9_-]{43})/;

let database: TestDatabase;
let smtp: SmtpTestServer;
let server: StartedServer;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpTestServer();
  server = await startServerProcess(database.database, {
    LOG_LEVEL: "debug",
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
    RATE_LIMIT_ENABLED: "false",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Summit Leads <leads@summit.example>",
    SITE_ORIGIN: SITE,
  });
  base = `http://127.0.0.1:${server.port}`;
}, 30_000);

afterAll(async () => {
  if (server?.alive()) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  await smtp?.stop();
  await database?.drop();
}, 30_000);

function post(path: string, body: unknown, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** The tokens of the e-mails to `to` with a link to `path`, once there are `count` of them, oldest first. */
async function tokensMailedTo(to: string, path: string, count: number): Promise<string[]> {
  const pattern = new RegExp(`${SITE.replace(/\./g, "\\.")}${path}#([A-Za-z0-9_-]{43})`);
  for (let total = 1; ; total++) {
    const found = (await smtp.waitFor(total, 20_000)).filter(
      (message) => message.envelopeTo.includes(to) && pattern.test(message.parsed.text ?? ""),
    );
    if (found.length >= count) return found.map((message) => pattern.exec(message.parsed.text ?? "")![1]!);
  }
}

it(
  "writes no invitation or reset token in any line, path or route, through the whole invite-and-reset flow",
  { timeout: 60_000 },
  async () => {
    const tokens = new Set<string>();

    const login = await post("/api/admin/login", { username: owner.email, password: owner.password });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;

    // Two invitations, the first re-sent (a new token; the old one revoked).
    const invitee = "invitee@links-probe.example";
    const first = (await (await post("/api/admin/invitations", { email: invitee, role: "owner" }, cookie)).json()) as {
      id: string;
      link: string;
    };
    tokens.add(TOKEN.exec(first.link)![1]!);
    const resent = await post(`/api/admin/invitations/${first.id}/resend`, {}, cookie);
    expect(resent.status).toBe(201);
    const second = (await resent.json()) as { link: string };
    tokens.add(TOKEN.exec(second.link)![1]!);
    const other = (await (
      await post("/api/admin/users", { email: "other@links-probe.example", role: "member" }, cookie)
    ).json()) as { link: string };
    tokens.add(TOKEN.exec(other.link)![1]!);

    // The invitee opens the e-mailed link: the page looks it up and accepts with a password.
    const mailedInvitations = await tokensMailedTo(invitee, "/admin/invitation", 2);
    expect(mailedInvitations.sort()).toEqual([TOKEN.exec(first.link)![1], TOKEN.exec(second.link)![1]].sort());
    const mailed = TOKEN.exec(second.link)![1]!;
    expect(
      (await (await post("/api/admin/invitations/lookup", { token: mailed })).json()) as { state: string },
    ).toMatchObject({ state: "pending" });
    const accepted = await post("/api/admin/invitations/accept", {
      token: mailed,
      password: "an invitee's own long password",
    });
    expect(accepted.status).toBe(201);

    // The invitee forgets it: a reset link by e-mail, looked up and used.
    expect((await post("/api/admin/password-reset", { email: invitee })).status).toBe(202);
    const [reset] = await tokensMailedTo(invitee, "/admin/reset-password", 1);
    tokens.add(reset!);
    expect(
      (await (await post("/api/admin/password-reset/lookup", { token: reset! })).json()) as { state: string },
    ).toMatchObject({ state: "pending" });
    expect(
      (
        await post("/api/admin/password-reset/complete", {
          token: reset!,
          password: "the invitee's next password",
          removePasskeys: false,
        })
      ).status,
    ).toBe(204);
    // Used and unknown links are refused as such.
    expect(
      (await post("/api/admin/password-reset/complete", { token: reset!, password: "the invitee's next password" }))
        .status,
    ).toBe(410);
    expect(
      (
        await post("/api/admin/invitations/accept", {
          token: TOKEN.exec(first.link)![1],
          password: "an invitee's own long password",
        })
      ).status,
    ).toBe(410);

    // An e-mail from before the change names its token in the path: the page and the old API paths are
    // asked for, and the token is still not written.
    const old = TOKEN.exec(other.link)![1]!;
    for (const path of [
      `/admin/invitation/${old}`,
      `/api/admin/invitations/${old}`,
      `/admin/reset-password/${reset!}`,
      `/api/admin/password-reset/${reset!}`,
    ]) {
      expect((await fetch(`${base}${path}`)).status).toBeLessThan(500);
    }

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    expect(tokens.size).toBe(4);
    const lines = [...server.logs, ...server.stderr().split("\n")].filter((line) => line.trim() !== "");
    const leaks = lines.flatMap((line) =>
      [...tokens]
        .filter((token) => line.includes(token) || line.includes(token.slice(0, 20)))
        .map((token) => `${token} in ${line}`),
    );
    expect(leaks).toEqual([]);

    // The log is still there: every request answered has its line, with a path and a route free of tokens.
    const requests = lines
      .filter((line) => line.includes('"msg":"request completed"'))
      .map((line) => JSON.parse(line) as { path: string; route: string | null });
    expect(requests.map((line) => line.route)).toEqual(
      expect.arrayContaining([
        "/api/admin/invitations/lookup",
        "/api/admin/invitations/accept",
        "/api/admin/password-reset/lookup",
        "/api/admin/password-reset/complete",
      ]),
    );
    for (const { path, route } of requests) {
      expect(path).not.toMatch(/[A-Za-z0-9_-]{40,}/);
      expect(route ?? "").not.toMatch(/[A-Za-z0-9_-]{40,}/);
    }
    expect(lines.some((line) => line.includes('"msg":"account e-mail sent"'))).toBe(true);
  },
);
