import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import type { LeadDetail } from "../../contract/admin-leads.ts";
import type { ServerConfig } from "../config.ts";
import { startSmtpTestServer, type SmtpTestServer } from "../../tests/helpers/smtp-test-server.ts";
import { postLead } from "../../tests/helpers/lead-posts.ts";
import { DAY_MS, runningClock } from "../../tests/helpers/test-clock.ts";
import { createTestApp, signIn, validContact, type TestApp } from "../../tests/helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-database.ts";
import { startWebhookReceiver } from "../../tests/helpers/webhook-receiver.ts";

// Lead delivery end to end, on the test project's database: a real SMTP server and a real HTTP receiver,
// the outbox worker of the app, and an injected clock for the retries (no sleeping for backoff).

const SECRET = `whsec_${Buffer.from("a test secret of thirty-two bytes").toString("base64")}`;
// The app's clock: real time plus what the test has moved it on by (leads are stamped and retries fall due by it).
const time = runningClock();
const clock = time.clock;

let sink: SmtpTestServer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const open: TestApp[] = [];

beforeAll(async () => {
  sink = await startSmtpTestServer();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await sink.stop();
  await receiver.close();
});
afterEach(async () => {
  // Newest first: an app opened on another's database must close before that database is dropped.
  for (const t of open.splice(0).reverse()) await t.close();
  time.reset();
  sink.received.length = 0;
  sink.refuse = null;
  sink.delayMs = 0;
  receiver.received.length = 0;
  receiver.statuses.splice(0, receiver.statuses.length, 200);
});

function deliveryConfig(overrides: Partial<ServerConfig["delivery"]> = {}): ServerConfig["delivery"] {
  return {
    mail: { transport: { kind: "smtp", url: sink.url }, from: "Summit Leads <leads@summit.example>" },
    notify: ["owner@summit.example"],
    autoReply: true,
    webhook: { url: receiver.url, secret: SECRET },
    ownerTimeZone: "America/New_York",
    business: { companyName: "Summit Lead Marketing", phone: "(512) 555-0186", phoneHref: "tel:+15125550186" },
    ...overrides,
  };
}

async function appWith(
  delivery: ServerConfig["delivery"],
  database?: TestDatabase,
  retentionDays: number | null = null,
): Promise<TestApp> {
  const t = await createTestApp(
    { delivery, leadRetentionDays: retentionDays, siteOrigin: "https://www.summit.example" },
    database,
    { clock },
  );
  open.push(t);
  return t;
}

/** Lets the worker finish the round that the post (or `wake`) started. */
async function settle(t: TestApp) {
  t.app.deliveryWorker.wake();
  await t.app.deliveryWorker.settled();
}

async function detail(t: TestApp, kind: "contacts" | "inquiries", id: string): Promise<LeadDetail> {
  const lead = await t.app.repositories.leads.find(kind, id);
  expect(lead).toBeDefined();
  return lead!;
}

describe("a new lead", () => {
  it("reaches the owner by e-mail, the lead by auto-reply and the webhook, each once", async () => {
    const t = await appWith(deliveryConfig());
    const id = await postLead(t.app, "contacts", { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" });
    await settle(t);

    const messages = (await sink.waitFor(2)).map((m) => m.parsed);
    const owner = messages.find((m) => JSON.stringify(m.to).includes("owner@summit.example"))!;
    const reply = messages.find((m) => JSON.stringify(m.to).includes("ada@example.com"))!;
    expect(owner.subject).toContain("Ada Lovelace");
    expect(owner.replyTo?.value[0]?.address).toBe("ada@example.com");
    expect(owner.text).toContain(`https://www.summit.example/admin/leads/contacts/${id}`);
    expect(reply.from?.value[0]?.address).toBe("leads@summit.example");

    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0]!;
    // Verified by the standardwebhooks package: the receiver's own check of the signature.
    expect(new Webhook(SECRET).verify(hook.body, hook.headers as Record<string, string>)).toMatchObject({
      data: expect.objectContaining({ id }),
    });

    const lead = await detail(t, "contacts", id);
    expect(lead.deliveries.map((d) => [d.channel, d.state, d.attempts]).sort()).toEqual([
      ["auto-reply", "sent", 1],
      ["owner-email", "sent", 1],
      ["webhook", "sent", 1],
    ]);
    // Nothing more is sent later.
    time.advance(3_600_000);
    await settle(t);
    expect(sink.received).toHaveLength(2);
    expect(receiver.received).toHaveLength(1);
  });

  it("the auto-reply speaks with the site's published settings: its name, phone and the owner's own words (issue 37)", async () => {
    const t = await appWith(deliveryConfig({ notify: [], webhook: null }));
    const settings = {
      companyName: "Summit Roofing Marketing",
      phone: "(737) 555-0142",
      email: "hello@summit.example",
      hours: "Monday to Friday 9AM to 6PM EST",
      locality: "Austin",
      region: "TX",
      bookingUrl: "https://calendly.com/summit/30min",
      socialLinks: [],
      autoReplyText: "While you wait: our guide to storm-damage claims is on the blog.",
    };
    expect(await t.app.content.seed({ site: settings, posts: [] })).toBe(true);
    await postLead(t.app, "contacts", { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" });
    await settle(t);
    const [reply] = (await sink.waitFor(1)).map((m) => m.parsed);
    expect(reply!.subject).toBe("Summit Roofing Marketing: we received your request");
    expect(reply!.text).toContain("If it is urgent, call us at (737) 555-0142.");
    expect(reply!.text).toContain("While you wait: our guide to storm-damage claims is on the blog.");
    expect(reply!.html).toContain("<p>While you wait: our guide to storm-damage claims is on the blog.</p>");
  });

  it("without mail or webhook settings is stored and its delivery recorded as not configured", async () => {
    const t = await appWith(deliveryConfig({ mail: null, notify: [], autoReply: false, webhook: null }));
    const id = await postLead(t.app, "inquiries");
    await settle(t);
    expect((await detail(t, "inquiries", id)).deliveries.map((d) => [d.channel, d.state])).toEqual([
      ["owner-email", "not-configured"],
    ]);
    expect(sink.received).toHaveLength(0);
  });
});

describe("failures are retried until the lead is delivered, once", () => {
  it("an SMTP server that refuses, then accepts: the mail arrives once", async () => {
    const t = await appWith(deliveryConfig({ autoReply: false, webhook: null }));
    sink.refuse = { at: "rcpt", code: 451, text: "4.3.0 Mailbox temporarily unavailable" };
    const id = await postLead(t.app, "contacts");
    await settle(t);
    let [delivery] = (await detail(t, "contacts", id)).deliveries;
    expect(delivery).toMatchObject({ state: "pending", attempts: 1 });
    expect(delivery!.lastError).toContain("451");
    expect(sink.received).toHaveLength(0);

    // Not due yet: nothing is tried before the backoff (about 10 s) has passed.
    await settle(t);
    expect((await detail(t, "contacts", id)).deliveries[0]!.attempts).toBe(1);

    sink.refuse = null;
    time.advance(15_000);
    await settle(t);
    [delivery] = (await detail(t, "contacts", id)).deliveries;
    expect(delivery).toMatchObject({ state: "sent", attempts: 2, lastError: null });
    time.advance(86_400_000);
    await settle(t);
    expect(sink.received).toHaveLength(1);
  });

  it("an SMTP server that is down, then up: the mail arrives once", async () => {
    const down = await startSmtpTestServer();
    const port = Number(new URL(down.url).port);
    await down.stop();
    const t = await appWith(
      deliveryConfig({
        mail: { transport: { kind: "smtp", url: `smtp://127.0.0.1:${port}` }, from: "leads@summit.example" },
        autoReply: false,
        webhook: null,
      }),
    );
    const id = await postLead(t.app, "contacts");
    await settle(t);
    expect((await detail(t, "contacts", id)).deliveries[0]).toMatchObject({ state: "pending", attempts: 1 });

    const up = await startSmtpTestServer({ port });
    try {
      time.advance(15_000);
      await settle(t);
      expect((await up.waitFor(1))[0]!.parsed.subject).toContain(validContact.firstName);
      expect((await detail(t, "contacts", id)).deliveries[0]).toMatchObject({ state: "sent", attempts: 2 });
      time.advance(86_400_000);
      await settle(t);
      expect(up.received).toHaveLength(1);
    } finally {
      await up.stop();
    }
  });

  it("a webhook receiver answering 500, then 200: delivered once, with the same webhook-id", async () => {
    receiver.statuses.splice(0, receiver.statuses.length, 500, 200);
    const t = await appWith(deliveryConfig({ mail: null, notify: [], autoReply: false }));
    const id = await postLead(t.app, "inquiries");
    await settle(t);
    const webhook = () =>
      detail(t, "inquiries", id).then((lead) => lead.deliveries.find((d) => d.channel === "webhook")!);
    expect(await webhook()).toMatchObject({ state: "pending", attempts: 1 });
    expect((await webhook()).lastError).toContain("500");

    time.advance(15_000);
    await settle(t);
    expect(await webhook()).toMatchObject({ state: "sent", attempts: 2 });
    expect(receiver.received.map((r) => r.status)).toEqual([500, 200]);
    expect(receiver.received[0]!.headers["webhook-id"]).toBe(receiver.received[1]!.headers["webhook-id"]);
    time.advance(86_400_000);
    await settle(t);
    expect(receiver.received).toHaveLength(2);
  });

  it("gives up after two days of retries, and the owner's retry sends it again", async () => {
    const t = await appWith(deliveryConfig({ autoReply: false, webhook: null }));
    sink.refuse = { at: "rcpt", code: 550, text: "5.1.1 No such mailbox" };
    const id = await postLead(t.app, "contacts");
    await settle(t);
    for (let step = 0; step < 30; step += 1) {
      time.advance(2 * 3_600_000);
      await settle(t);
    }
    const [failed] = (await detail(t, "contacts", id)).deliveries;
    expect(failed).toMatchObject({ state: "failed", nextAttemptAt: null });
    expect(failed!.attempts).toBeGreaterThanOrEqual(10);
    expect(failed!.lastError).toContain("550");

    sink.refuse = null;
    const cookie = await signIn(t.app);
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/admin/deliveries/${failed!.id}/retry`,
      headers: { cookie },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    await settle(t);
    expect((await detail(t, "contacts", id)).deliveries[0]).toMatchObject({ state: "sent" });
    expect(sink.received).toHaveLength(1);
  });

  it("a delivery whose worker died mid-send (its lease ran out) is claimed again and sent", async () => {
    const t = await appWith(deliveryConfig({ autoReply: false, webhook: null }));
    // Another worker claims everything due and dies without a word.
    const db = t.app.repositories.leads.deliveries;
    sink.refuse = { at: "rcpt", code: 451, text: "4.3.0 busy" };
    await t.app.deliveryWorker.stop();
    const id = await postLead(t.app, "contacts");
    const claimed = await db.claimDue(clock(), time.offset(120_000), 10);
    expect(claimed.map((d) => d.leadId)).toEqual([id]);
    sink.refuse = null;

    const second = await appWith(deliveryConfig({ autoReply: false, webhook: null }), t.testDatabase);
    await settle(second);
    expect(sink.received).toHaveLength(0);
    time.advance(121_000);
    await settle(second);
    expect(sink.received).toHaveLength(1);
    expect((await detail(second, "contacts", id)).deliveries[0]).toMatchObject({ state: "sent", attempts: 2 });
  });
});

describe("stopping", () => {
  it("on close (SIGTERM) the send in flight finishes and is recorded before the database closes", async () => {
    const database = await createTestDatabase();
    try {
      const t = await appWith(deliveryConfig({ autoReply: false, webhook: null }), database);
      sink.delayMs = 700;
      const id = await postLead(t.app, "contacts");
      // Close once the worker is waiting for the slow SMTP server's answer to the message's data.
      await sink.waitFor(1);
      expect((await detail(t, "contacts", id)).deliveries[0]).toMatchObject({ state: "sending" });
      await t.close();
      open.splice(open.indexOf(t), 1);
      expect(sink.received).toHaveLength(1);
      const after = await appWith(
        deliveryConfig({ mail: null, notify: [], autoReply: false, webhook: null }),
        database,
      );
      expect((await detail(after, "contacts", id)).deliveries[0]).toMatchObject({ state: "sent", attempts: 1 });
    } finally {
      for (const t of open.splice(0).reverse()) await t.close();
      await database.drop();
    }
  });
});

describe("spam, rescue, erasure and retention", () => {
  it("a lead stored as spam sends nothing; rescuing it sends its deliveries then", async () => {
    const t = await appWith(deliveryConfig({ autoReply: false }));
    const id = await postLead(t.app, "contacts", { website: "https://spam.example" });
    await settle(t);
    expect((await detail(t, "contacts", id)).deliveries).toEqual([]);
    expect(sink.received).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);

    const cookie = await signIn(t.app);
    const rescued = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/leads/contacts/${id}`,
      headers: { cookie },
      payload: { status: "new" },
    });
    expect(rescued.statusCode, rescued.body).toBe(200);
    await settle(t);
    expect((await detail(t, "contacts", id)).deliveries.map((d) => d.state)).toEqual(["sent", "sent"]);
    expect(sink.received).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);

    // Marking it spam again and rescuing it again does not send a second time.
    for (const status of ["spam", "contacted"]) {
      await t.app.inject({
        method: "PATCH",
        url: `/api/admin/leads/contacts/${id}`,
        headers: { cookie },
        payload: { status },
      });
    }
    await settle(t);
    expect(sink.received).toHaveLength(1);
  });

  it("deleting a lead deletes its deliveries", async () => {
    const t = await appWith(deliveryConfig({ mail: null, notify: [], autoReply: false, webhook: null }));
    const id = await postLead(t.app, "inquiries");
    const cookie = await signIn(t.app);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/admin/leads/inquiries/${id}`, headers: { cookie } }))
        .statusCode,
    ).toBe(204);
    const left = await t.app.db.selectFrom("leadDeliveries").select("id").where("leadId", "=", id).execute();
    expect(left).toEqual([]);
  });

  it("retention deletes leads older than the cutoff with their notes and deliveries, and keeps the rest", async () => {
    const t = await appWith(deliveryConfig({ mail: null, notify: [], autoReply: false, webhook: null }));
    const old = await postLead(t.app, "contacts", { firstName: "Old" });
    const recent = await postLead(t.app, "contacts", { firstName: "Recent" });
    const cookie = await signIn(t.app);
    await t.app.inject({
      method: "POST",
      url: `/api/admin/leads/contacts/${old}/notes`,
      headers: { cookie },
      payload: { body: "Called" },
    });
    await t.app.db
      .updateTable("contactSubmissions")
      .set({ createdAt: time.offset(-40 * DAY_MS).toISOString() } as never)
      .where("id", "=", old)
      .execute();

    expect(await t.app.repositories.leads.deleteOlderThan(time.offset(-30 * DAY_MS))).toBe(1);
    expect(await t.app.repositories.leads.find("contacts", old)).toBeUndefined();
    expect(await t.app.db.selectFrom("leadDeliveries").select("id").where("leadId", "=", old).execute()).toEqual([]);
    expect(await t.app.db.selectFrom("leadNotes").select("id").where("leadId", "=", old).execute()).toEqual([]);
    expect((await detail(t, "contacts", recent)).deliveries).toHaveLength(1);
  });
});

describe("two instances on one database", () => {
  it("200 leads posted across both give exactly 200 owner e-mails, none twice", async () => {
    const database = await createTestDatabase();
    try {
      const config = deliveryConfig({ autoReply: false, webhook: null });
      const [a, b] = [await appWith(config, database), await appWith(config, database)];
      const ids = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          postLead((i % 2 === 0 ? a : b).app, "contacts", { lastName: `Lead${i}` }),
        ),
      );
      await Promise.all([settle(a), settle(b)]);
      await sink.waitFor(200, 30_000);
      time.advance(3_600_000);
      await Promise.all([settle(a), settle(b)]);
      expect(sink.received).toHaveLength(200);
      expect(new Set(sink.received.map((m) => m.parsed.messageId)).size).toBe(200);
      expect(new Set(ids).size).toBe(200);
    } finally {
      for (const t of open.splice(0)) await t.close();
      await database.drop();
    }
  }, 60_000);
});
