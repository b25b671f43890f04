import { afterEach, describe, expect, it } from "vitest";
import type { NotificationSettings } from "../../contract/notification-settings.ts";
import type { TeamInvitation } from "../../contract/team.ts";
import { smtpServerForThisFile } from "../../tests/helpers/smtp-fixture.ts";
import { createTestApp, signIn, smtpDeliveryConfig, TEST_ADMIN, type TestApp } from "../../tests/helpers/test-app.ts";
import { loadConfig } from "../config.ts";

// Issue 32, finding 3: with SITE_ORIGIN unset the invitation and reset links followed the request's Host
// and X-Forwarded-Host, so whoever sent the request chose where a token-bearing link pointed. Links in
// e-mails now come from SITE_ORIGIN or, while it is unset, http://localhost:PORT, whatever the headers say
// and whether or not the proxy headers are believed. On SQLite and on PostgreSQL.

const mail = smtpServerForThisFile();
const FORGED = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
const PORT = 3000;
const LOCAL = `http://localhost:${PORT}`;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWith(env: { TRUST_PROXY: string; SITE_ORIGIN?: string }): Promise<{ app: TestApp; cookie: string }> {
  const parsed = loadConfig({ PORT: String(PORT), ...env });
  t = await createTestApp({
    delivery: smtpDeliveryConfig(mail.smtp.url),
    port: parsed.port,
    siteOrigin: parsed.siteOrigin,
    trustProxy: parsed.trustProxy,
    trustProxyHops: parsed.trustProxyHops,
  });
  return { app: t, cookie: await signIn(t.app) };
}

/** The text of the next mail to `to`, once it arrived. */
async function nextMailTo(to: string, before: number): Promise<string> {
  for (let count = before + 1; ; count += 1) {
    const received = await mail.smtp.waitFor(count);
    const found = received.slice(before).find((candidate) => candidate.envelopeTo.includes(to));
    if (found) return `${found.parsed.text ?? ""}\n${typeof found.parsed.html === "string" ? found.parsed.html : ""}`;
  }
}

describe.each(["true", "1"])("SITE_ORIGIN unset, TRUST_PROXY=%s, Host and X-Forwarded-Host forged", (trustProxy) => {
  it("an invitation's link (the answer and the e-mail) points to http://localhost:PORT", async () => {
    const { app, cookie } = await appWith({ TRUST_PROXY: trustProxy });
    const before = mail.smtp.received.length;
    const response = await app.app.inject({
      method: "POST",
      url: "/api/admin/invitations",
      headers: { cookie, ...FORGED },
      payload: { email: "new.member@summit.example", role: "member" },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TeamInvitation>().link).toMatch(new RegExp(`^${LOCAL}/admin/invitation`));
    const text = await nextMailTo("new.member@summit.example", before);
    expect(text).toContain(`${LOCAL}/admin/invitation`);
    expect(text).not.toContain("evil.example");
  });

  it("a password reset's e-mailed link points to http://localhost:PORT", async () => {
    const { app } = await appWith({ TRUST_PROXY: trustProxy });
    const before = mail.smtp.received.length;
    const response = await app.app.inject({
      method: "POST",
      url: "/api/admin/password-reset",
      headers: FORGED,
      payload: { email: TEST_ADMIN.email },
    });
    expect(response.statusCode, response.body).toBe(202);
    const text = await nextMailTo(TEST_ADMIN.email, before);
    expect(text).toContain(`${LOCAL}/admin/reset-password`);
    expect(text).not.toContain("evil.example");
  });

  it("an address's confirmation link points to http://localhost:PORT, and Settings says SITE_ORIGIN is unset", async () => {
    const { app, cookie } = await appWith({ TRUST_PROXY: trustProxy });
    const before = mail.smtp.received.length;
    const response = await app.app.inject({
      method: "PUT",
      url: "/api/admin/settings/notifications",
      headers: { cookie, ...FORGED },
      payload: { addresses: ["leads@summit.example"] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<NotificationSettings>().links).toEqual({ origin: LOCAL, siteOriginSet: false });
    const text = await nextMailTo("leads@summit.example", before);
    expect(text).toContain(`${LOCAL}/notifications/confirm`);
    expect(text).not.toContain("evil.example");
  });
});

describe("SITE_ORIGIN set", () => {
  it("links use it, whatever the headers say, and Settings shows no warning", async () => {
    const { app, cookie } = await appWith({ TRUST_PROXY: "1", SITE_ORIGIN: "https://www.summit.example/" });
    const response = await app.app.inject({
      method: "POST",
      url: "/api/admin/invitations",
      headers: { cookie, ...FORGED },
      payload: { email: "other.member@summit.example", role: "member" },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TeamInvitation>().link).toMatch(/^https:\/\/www\.summit\.example\/admin\/invitation/);
    const settings = await app.app.inject({
      method: "GET",
      url: "/api/admin/settings/notifications",
      headers: { cookie, ...FORGED },
    });
    expect(settings.json<NotificationSettings>().links).toEqual({
      origin: "https://www.summit.example",
      siteOriginSet: true,
    });
  });
});
