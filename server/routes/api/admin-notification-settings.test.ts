import { afterEach, describe, expect, it } from "vitest";
import type { DeliveryHealth, DeliveryList, SendUnsentResult, TestEmailResult } from "../../../contract/deliveries.ts";
import type { LeadDetail } from "../../../contract/admin-leads.ts";
import type { NotificationSettings } from "../../../contract/notification-settings.ts";
import type { ServerConfig } from "../../config.ts";
import { smtpServerForThisFile } from "../../../tests/helpers/smtp-fixture.ts";
import { postLead } from "../../../tests/helpers/lead-posts.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { runningClock } from "../../../tests/helpers/test-clock.ts";
import { createTestApp, signIn, smtpDeliveryConfig, type TestApp } from "../../../tests/helpers/test-app.ts";

// The owner's notification settings (issue 20), on the test project's database with a real SMTP server:
// addresses confirmed by a single-use link before any lead goes to them, NOTIFY_EMAIL as the default, the
// auto-reply switch, the delivery health that says whether anything reaches the owner, and the owner's
// e-mails recorded as not configured, sent later.

const SITE = "https://www.summit.example";
const SECRET = `whsec_${Buffer.from("a test secret of thirty-two bytes").toString("base64")}`;
const mail = smtpServerForThisFile();
// Real time plus what a test moved it on by: links expire by this clock.
const time = runningClock();
const clock = time.clock;
const open: TestApp[] = [];

afterEach(async () => {
  for (const t of open.splice(0).reverse()) await t.close();
  time.reset();
  mail.smtp.refuse = null;
});

function deliveryConfig(overrides: Partial<ServerConfig["delivery"]> = {}): ServerConfig["delivery"] {
  return smtpDeliveryConfig(mail.smtp.url, overrides);
}

type Admin = TestApp & { cookie: string };

async function appWith(
  delivery: Partial<ServerConfig["delivery"]> = {},
  siteOrigin: string | null = SITE,
): Promise<Admin> {
  const t = await createTestApp({ delivery: deliveryConfig(delivery), siteOrigin }, undefined, { clock });
  open.push(t);
  return { ...t, cookie: await signIn(t.app) };
}

const settingsUrl = "/api/admin/settings/notifications";

async function settings(t: Admin): Promise<NotificationSettings> {
  const response = await adminClient(t.app, { cookie: t.cookie }).get(settingsUrl);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationSettings>();
}

function put(t: Admin, payload: unknown) {
  return adminClient(t.app, { cookie: t.cookie, headers: { origin: SITE } }).put(settingsUrl, payload);
}

/** Adds the addresses (as the whole list) and answers each one's confirmation link from its e-mail. */
async function add(t: Admin, addresses: string[]): Promise<Map<string, string>> {
  const before = mail.smtp.received.length;
  const response = await put(t, { addresses });
  expect(response.statusCode, response.body).toBe(200);
  const known = new Set(response.json<NotificationSettings>().addresses.map((a) => a.address));
  for (const address of addresses) expect(known.has(address.toLowerCase())).toBe(true);
  const links = new Map<string, string>();
  for (const message of mail.smtp.received.slice(before)) {
    const link = /https?:\/\/\S+\/notifications\/confirm\?token=[A-Za-z0-9_-]+/.exec(message.parsed.text ?? "")?.[0];
    expect(link, message.parsed.text).toBeDefined();
    links.set(message.envelopeTo[0]!, link!);
  }
  return links;
}

/** The link's path and query, as the browser would ask for it. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

function confirm(t: TestApp, token: string, origin = SITE) {
  return t.app.inject({
    method: "POST",
    url: "/notifications/confirm",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    payload: new URLSearchParams({ token }).toString(),
  });
}

async function settle(t: TestApp) {
  t.app.deliveryWorker.wake();
  await t.app.deliveryWorker.settled();
}

async function deliveriesOf(t: TestApp, id: string) {
  const lead = (await t.app.repositories.leads.find("inquiries", id)) as LeadDetail | undefined;
  expect(lead).toBeDefined();
  return lead!.deliveries;
}

async function health(t: Admin): Promise<DeliveryHealth> {
  const response = await adminClient(t.app, { cookie: t.cookie }).get("/api/admin/deliveries/health");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeliveryHealth>();
}

describe("the settings", () => {
  it("start from the environment: NOTIFY_EMAIL in use, auto-reply as AUTO_REPLY, no morning e-mail", async () => {
    const t = await appWith({ autoReply: true });
    expect(await settings(t)).toEqual({
      mailConfigured: true,
      addresses: [],
      environmentAddresses: ["owner@summit.example"],
      addressesInUse: ["owner@summit.example"],
      autoReply: { enabled: true, setHere: false },
      morningEmail: { enabled: false, hour: 7 },
      ownerTimeZone: "America/Chicago",
      links: { origin: SITE, siteOriginSet: true },
    } satisfies NotificationSettings);
  });

  it("are the admin's only: no session gets 401, another site's write 403, and answers are never cached", async () => {
    const t = await appWith();
    expect((await t.app.inject({ method: "GET", url: settingsUrl })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PUT", url: settingsUrl, payload: { autoReply: true } })).statusCode).toBe(
      401,
    );
    const foreign = await t.app.inject({
      method: "PUT",
      url: settingsUrl,
      headers: { cookie: t.cookie, origin: "https://evil.example" },
      payload: { autoReply: true },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await settings(t)).autoReply.setHere).toBe(false);
    const answer = await t.app.inject({ method: "GET", url: settingsUrl, headers: { cookie: t.cookie } });
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it.each([
    [{}, "addresses", "send addresses, autoReply or morningEmail"],
    [{ addresses: "owner@summit.example" }, "addresses", "addresses must be a list of e-mail addresses"],
    [{ addresses: ["not-an-address"] }, "addresses.0", "valid email"],
    [
      { addresses: ["a@x.example", "b@x.example", "c@x.example", "d@x.example", "e@x.example", "f@x.example"] },
      "addresses",
      "at most 5 addresses",
    ],
    [{ autoReply: "yes" }, "autoReply", "autoReply must be true or false"],
    [{ morningEmail: { enabled: true, hour: 24 } }, "morningEmail.hour", "morningEmail.hour must be 0 to 23"],
    [{ morningEmail: { enabled: true, hour: 7.5 } }, "morningEmail.hour", "morningEmail.hour must be a whole hour"],
    [
      { morningEmail: { enabled: "on", hour: 7 } },
      "morningEmail.enabled",
      "morningEmail.enabled must be true or false",
    ],
    [{ morningEmail: { enabled: true } }, "morningEmail.hour", "morningEmail.hour must be a number"],
    [{ autoReply: true, colour: "blue" }, "body", "colour"],
  ])("PUT %j is refused with 400 naming %s", async (payload, field, message) => {
    const t = await appWith();
    const response = await put(t, payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ message: string; errors: Record<string, string> }>();
    expect(body.message).toBe("Invalid notification settings.");
    expect(body.errors[field], JSON.stringify(body.errors)).toContain(message);
    expect(mail.smtp.received).toHaveLength(0);
  });

  it("stores the auto-reply switch and the morning e-mail for every instance, and a duplicate address once", async () => {
    const t = await appWith();
    const response = await put(t, {
      autoReply: true,
      morningEmail: { enabled: true, hour: 6 },
      addresses: ["Sales@Summit.example", "sales@summit.example"],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<NotificationSettings>()).toMatchObject({
      autoReply: { enabled: true, setHere: true },
      morningEmail: { enabled: true, hour: 6 },
      addresses: [{ address: "sales@summit.example", state: "waiting", confirmedAt: null }],
    });
    expect(mail.smtp.received.map((m) => m.envelopeTo)).toEqual([["sales@summit.example"]]);
    // A second instance on the same database reads the same.
    const other = await createTestApp({ delivery: deliveryConfig(), siteOrigin: SITE }, t.testDatabase, { clock });
    open.push(other);
    expect(await settings({ ...other, cookie: await signIn(other.app) })).toMatchObject({
      autoReply: { enabled: true, setHere: true },
      morningEmail: { enabled: true, hour: 6 },
    });
  });
});

describe("a confirmation link", () => {
  it("shows the address and a Confirm button on GET (which confirms nothing), confirms once on POST", async () => {
    const t = await appWith();
    const link = (await add(t, ["assistant@summit.example"])).get("assistant@summit.example")!;
    expect(link.startsWith(`${SITE}/notifications/confirm?token=`)).toBe(true);
    const [sent] = mail.smtp.received;
    expect(sent!.parsed.subject).toBe("Confirm this address for new leads from Summit Lead Marketing");

    const page = await t.app.inject({ method: "GET", url: pathOf(link) });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Summit Lead Marketing");
    expect(page.body).toContain("assistant@summit.example");
    expect(page.body).toMatch(/<form method="post" action="\/notifications\/confirm">/);
    expect(page.body).toContain(`name="token" value="${tokenOf(link)}"`);
    expect(page.body).not.toContain("<script");
    // The page's own style element is allowed by its hash; nothing inline besides.
    const policy = String(page.headers["content-security-policy"]);
    expect(policy).toMatch(/style-src-elem 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).toContain("script-src 'self'");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["cache-control"]).toBe("no-store");
    // A mail scanner's GET, even twice, confirms nothing.
    await t.app.inject({ method: "GET", url: pathOf(link) });
    expect((await settings(t)).addresses).toMatchObject([{ address: "assistant@summit.example", state: "waiting" }]);
    expect((await settings(t)).addressesInUse).toEqual(["owner@summit.example"]);

    const confirmed = await confirm(t, tokenOf(link));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain("Confirmed: new leads will be e-mailed to assistant@summit.example.");
    const after = await settings(t);
    expect(after.addresses).toMatchObject([{ address: "assistant@summit.example", state: "confirmed" }]);
    expect(after.addresses[0]!.confirmedAt).not.toBeNull();
    expect(after.addressesInUse).toEqual(["assistant@summit.example"]);

    // Single use: the same link again, by POST or GET, says it was used.
    for (const again of [await confirm(t, tokenOf(link)), await t.app.inject({ method: "GET", url: pathOf(link) })]) {
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain("This link was already used");
      expect(again.body).not.toContain("<form");
    }
  });

  it("expires after 48 hours: the expired page, the address stays unconfirmed, and a new link works", async () => {
    const t = await appWith();
    const old = (await add(t, ["late@summit.example"])).get("late@summit.example")!;
    time.advance(48 * 3_600_000 + 60_000);
    const page = await t.app.inject({ method: "GET", url: pathOf(old) });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain("This link has expired");
    expect(page.body).toContain("Ask for a new link in the admin&#39;s Settings.");
    const posted = await confirm(t, tokenOf(old));
    expect(posted.statusCode).toBe(410);
    expect(posted.body).toContain("This link has expired");
    expect((await settings(t)).addresses).toMatchObject([
      { address: "late@summit.example", state: "expired", confirmedAt: null },
    ]);
    expect((await settings(t)).addressesInUse).toEqual(["owner@summit.example"]);

    mail.smtp.received.length = 0;
    const resent = await t.app.inject({
      method: "POST",
      url: `${settingsUrl}/resend`,
      headers: { cookie: t.cookie, origin: SITE },
      payload: { address: "LATE@summit.example" },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<NotificationSettings>().addresses).toMatchObject([
      { address: "late@summit.example", state: "waiting" },
    ]);
    const fresh = /token=([A-Za-z0-9_-]+)/.exec(mail.smtp.received[0]!.parsed.text ?? "")![1]!;
    // The old link was replaced by the new one.
    expect((await confirm(t, tokenOf(old))).statusCode).toBe(404);
    expect((await confirm(t, fresh)).statusCode).toBe(200);
    expect((await settings(t)).addresses).toMatchObject([{ state: "confirmed" }]);
  });

  it("of a removed address no longer works, and unknown or malformed links get the 404 page", async () => {
    const t = await appWith();
    const link = (await add(t, ["gone@summit.example"])).get("gone@summit.example")!;
    expect((await put(t, { addresses: [] })).statusCode).toBe(200);
    for (const response of [
      await t.app.inject({ method: "GET", url: pathOf(link) }),
      await confirm(t, tokenOf(link)),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain("This link does not work");
      expect(response.body).toContain("Ask for a new link in the admin&#39;s Settings.");
    }
    for (const url of [
      "/notifications/confirm",
      "/notifications/confirm?token=x",
      `/notifications/confirm?token=${"A".repeat(43)}`,
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
    }
    expect((await settings(t)).addresses).toEqual([]);
  });

  it("is not confirmed from another site (403 page) nor by a body it cannot read", async () => {
    const t = await appWith();
    const link = (await add(t, ["target@summit.example"])).get("target@summit.example")!;
    const foreign = await confirm(t, tokenOf(link), "https://evil.example");
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toContain("This confirmation came from another website");
    const json = await t.app.inject({
      method: "POST",
      url: "/notifications/confirm",
      headers: { origin: SITE },
      payload: { token: tokenOf(link) },
    });
    expect(json.statusCode).toBe(400);
    expect(json.headers["content-type"]).toContain("text/html");
    expect((await settings(t)).addresses).toMatchObject([{ state: "waiting" }]);
  });

  it("points to http://localhost:PORT without SITE_ORIGIN, and the mail server's refusal is said (the address waits)", async () => {
    const t = await appWith({}, null);
    const dev = { cookie: t.cookie, host: "localhost:3000", origin: "http://localhost:3000" };
    const added = await t.app.inject({
      method: "PUT",
      url: settingsUrl,
      headers: dev,
      payload: { addresses: ["dev@summit.example"] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(mail.smtp.received[0]!.parsed.text).toMatch(
      /http:\/\/localhost:3000\/notifications\/confirm\?token=[A-Za-z0-9_-]{43}\n/,
    );

    mail.smtp.refuse = { at: "rcpt", code: 550, text: "5.1.1 No such mailbox" };
    const refused = await t.app.inject({
      method: "PUT",
      url: settingsUrl,
      headers: dev,
      payload: { addresses: ["dev@summit.example", "nobody@summit.example"] },
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ message: string }>().message).toContain("nobody@summit.example");
    expect(refused.json<{ message: string }>().message).toContain("550");
    expect((await settings(t)).addresses.map((a) => [a.address, a.state])).toEqual([
      ["dev@summit.example", "waiting"],
      ["nobody@summit.example", "waiting"],
    ]);
  });
});

describe("without mail on the server", () => {
  it("refuses what needs mail with 409 and a clear message, and allows the rest", async () => {
    const t = await appWith({ mail: null, notify: [] });
    const added = await put(t, { addresses: ["owner@summit.example"] });
    expect(added.statusCode).toBe(409);
    expect(added.json<{ message: string }>().message).toBe(
      "E-mail is not configured on the server (SMTP_URL or MAIL_TRANSPORT=files, and MAIL_FROM), so no confirmation link can be sent to owner@summit.example.",
    );
    expect((await put(t, { autoReply: true })).statusCode).toBe(409);
    expect((await put(t, { morningEmail: { enabled: true, hour: 7 } })).statusCode).toBe(409);
    const off = await put(t, { autoReply: false, morningEmail: { enabled: false, hour: 8 }, addresses: [] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<NotificationSettings>()).toMatchObject({
      mailConfigured: false,
      addressesInUse: [],
      autoReply: { enabled: false, setHere: true },
      morningEmail: { enabled: false, hour: 8 },
    });
    const resend = await t.app.inject({
      method: "POST",
      url: `${settingsUrl}/resend`,
      headers: { cookie: t.cookie },
      payload: { address: "owner@summit.example" },
    });
    expect(resend.statusCode).toBe(409);
    const test = await t.app.inject({ method: "POST", url: `${settingsUrl}/test`, headers: { cookie: t.cookie } });
    expect(test.statusCode).toBe(409);
    expect(test.json<{ message: string }>().message).toContain("E-mail is not configured on the server");
  });
});

describe("where new leads go", () => {
  it("to NOTIFY_EMAIL until an address is confirmed, then to the confirmed ones only (not to those waiting)", async () => {
    const t = await appWith();
    const links = await add(t, ["first@summit.example", "second@summit.example"]);
    mail.smtp.received.length = 0;
    const before = await postLead(t.app, "inquiries");
    await settle(t);
    expect((await deliveriesOf(t, before)).map((d) => [d.channel, d.recipient, d.state])).toEqual([
      ["owner-email", "owner@summit.example", "sent"],
    ]);
    expect(mail.smtp.received.map((m) => m.envelopeTo)).toEqual([["owner@summit.example"]]);

    expect((await confirm(t, tokenOf(links.get("first@summit.example")!))).statusCode).toBe(200);
    mail.smtp.received.length = 0;
    const after = await postLead(t.app, "inquiries", { email: "next@example.com" });
    await settle(t);
    expect((await deliveriesOf(t, after)).map((d) => [d.recipient, d.state])).toEqual([
      ["first@summit.example", "sent"],
    ]);
    expect(mail.smtp.received.map((m) => m.envelopeTo)).toEqual([["first@summit.example"]]);
    expect(mail.smtp.received[0]!.parsed.subject).toContain("New lead");
  });

  it("follows the auto-reply switch over AUTO_REPLY, both ways", async () => {
    const t = await appWith({ autoReply: false });
    expect((await put(t, { autoReply: true })).statusCode).toBe(200);
    const on = await postLead(t.app, "inquiries", { email: "on@example.com" });
    expect((await deliveriesOf(t, on)).map((d) => d.channel).sort()).toEqual(["auto-reply", "owner-email"]);

    const u = await appWith({ autoReply: true });
    expect((await put(u, { autoReply: false })).statusCode).toBe(200);
    const off = await postLead(u.app, "inquiries", { email: "off@example.com" });
    expect((await deliveriesOf(u, off)).map((d) => d.channel)).toEqual(["owner-email"]);
    expect((await settings(u)).autoReply).toEqual({ enabled: false, setHere: true });
  });
});

describe("the delivery health", () => {
  it.each([
    ["no mail, no webhook", { mail: null, notify: [] }, { ownerEmail: false, webhook: false }, false, "no-mail"],
    ["mail without any address", { notify: [] }, { ownerEmail: false, webhook: false }, false, "no-address"],
    ["mail and NOTIFY_EMAIL", {}, { ownerEmail: true, webhook: false }, true, null],
    [
      "the webhook alone",
      { mail: null, notify: [], webhook: { url: "https://hooks.summit.example/leads", secret: SECRET } },
      { ownerEmail: false, webhook: true },
      true,
      "no-mail",
    ],
  ] as const)("with %s", async (_name, delivery, configured, reachesOwner, problem) => {
    const t = await appWith(delivery as Partial<ServerConfig["delivery"]>);
    expect(await health(t)).toMatchObject({ configured, reachesOwner, ownerEmailProblem: problem, notConfigured: 0 });
  });

  it("reaches the owner once an address is confirmed, and counts the owner's e-mails recorded as not configured", async () => {
    const t = await appWith({ notify: [] });
    await postLead(t.app, "inquiries");
    await postLead(t.app, "inquiries", { email: "two@example.com" });
    expect(await health(t)).toMatchObject({
      reachesOwner: false,
      ownerEmailProblem: "no-address",
      notConfigured: 2,
      failed: 0,
      pending: 0,
    });
    const link = (await add(t, ["owner@summit.example"])).get("owner@summit.example")!;
    expect((await health(t)).reachesOwner).toBe(false);
    await confirm(t, tokenOf(link));
    expect(await health(t)).toMatchObject({
      configured: { ownerEmail: true },
      reachesOwner: true,
      ownerEmailProblem: null,
      notConfigured: 2,
    });
  });
});

describe("the owner's e-mails recorded as not configured", () => {
  it("are listed, refused while no channel works (409), then sent to the addresses in use, each once", async () => {
    const t = await appWith({ notify: [] });
    const [a, b] = [
      await postLead(t.app, "inquiries", { firstName: "Ann" }),
      await postLead(t.app, "inquiries", { firstName: "Ben", email: "ben@example.com" }),
    ];
    await settle(t);
    expect(mail.smtp.received).toHaveLength(0);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/admin/deliveries?state=not-configured",
      headers: { cookie: t.cookie },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json<DeliveryList>()
        .items.map((d) => [d.leadName, d.state, d.recipient])
        .sort(),
    ).toEqual([
      ["Ann Reyes", "not-configured", ""],
      ["Ben Reyes", "not-configured", ""],
    ]);
    // Not in the attention view (failed and waiting), which stays what it was.
    expect(
      (
        await t.app.inject({ method: "GET", url: "/api/admin/deliveries", headers: { cookie: t.cookie } })
      ).json<DeliveryList>().items,
    ).toEqual([]);

    const early = await t.app.inject({
      method: "POST",
      url: "/api/admin/deliveries/send-unsent",
      headers: { cookie: t.cookie },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toContain("No address receives new leads yet");
    const [first] = await deliveriesOf(t, a);
    const retryEarly = await t.app.inject({
      method: "POST",
      url: `/api/admin/deliveries/${first!.id}/retry`,
      headers: { cookie: t.cookie },
    });
    expect(retryEarly.statusCode).toBe(409);

    const link = (await add(t, ["owner@summit.example"])).get("owner@summit.example")!;
    await confirm(t, tokenOf(link));
    mail.smtp.received.length = 0;

    // One by its retry button, the rest with "send unsent".
    const retried = await t.app.inject({
      method: "POST",
      url: `/api/admin/deliveries/${first!.id}/retry`,
      headers: { cookie: t.cookie },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ state: "pending", recipient: "owner@summit.example" });
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/admin/deliveries/send-unsent",
      headers: { cookie: t.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<SendUnsentResult>()).toEqual({ queued: 1, to: ["owner@summit.example"] });
    await settle(t);
    expect((await deliveriesOf(t, a))[0]).toMatchObject({ state: "sent", recipient: "owner@summit.example" });
    expect((await deliveriesOf(t, b))[0]).toMatchObject({ state: "sent", recipient: "owner@summit.example" });
    expect(mail.smtp.received.map((m) => m.envelopeTo)).toEqual([["owner@summit.example"], ["owner@summit.example"]]);

    // Nothing is left to send, and pressing again sends nothing twice.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/admin/deliveries/send-unsent",
      headers: { cookie: t.cookie },
    });
    expect(again.json<SendUnsentResult>().queued).toBe(0);
    await settle(t);
    expect(mail.smtp.received).toHaveLength(2);
    expect((await health(t)).notConfigured).toBe(0);
  });
});

describe("the test e-mail", () => {
  it("goes to the addresses in use, at both of its addresses", async () => {
    const t = await appWith();
    for (const url of [`${settingsUrl}/test`, "/api/admin/deliveries/test-email"]) {
      mail.smtp.received.length = 0;
      const response = await t.app.inject({ method: "POST", url, headers: { cookie: t.cookie } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TestEmailResult>().to).toEqual(["owner@summit.example"]);
      expect(mail.smtp.received.map((m) => [m.envelopeTo, m.parsed.subject])).toEqual([
        [["owner@summit.example"], "Test e-mail from your website"],
      ]);
    }
    const none = await appWith({ notify: [] });
    const refused = await none.app.inject({
      method: "POST",
      url: "/api/admin/deliveries/test-email",
      headers: { cookie: none.cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain("No address receives new leads yet");
  });
});
