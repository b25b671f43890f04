import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ServerConfig } from "../config.ts";
import { claimAutoReply } from "../repositories/leads/deliveries.ts";
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from "../../tests/helpers/smtp-test-server.ts";
import { postLead } from "../../tests/helpers/lead-posts.ts";
import {
  createTestApp,
  humanSignals,
  signIn,
  validContact,
  validInquiry,
  type TestApp,
} from "../../tests/helpers/test-app.ts";
import { createTestDatabase } from "../../tests/helpers/test-database.ts";

// Issue 19 point 1, end to end: with AUTO_REPLY=true the form cannot be used to mail a third party. Leads
// naming one victim address get that address one auto-reply a day, whichever instance stores them, and it
// carries none of what the visitors typed; a lead judged spam gets none, not even when the owner rescues it.

const VICTIM = "victim@example.net";
let sink: SmtpTestServer;
const open: TestApp[] = [];

beforeAll(async () => {
  sink = await startSmtpTestServer();
});
afterAll(async () => {
  await sink.stop();
});
afterEach(async () => {
  for (const t of open.splice(0).reverse()) await t.close();
  sink.received.length = 0;
});

function deliveryConfig(): ServerConfig["delivery"] {
  return {
    mail: { transport: { kind: "smtp", url: sink.url }, from: "Summit Leads <leads@summit.example>" },
    notify: ["owner@summit.example"],
    autoReply: true,
    webhook: null,
    ownerTimeZone: "America/New_York",
    business: { companyName: "Summit Lead Marketing", phone: "(512) 555-0186", phoneHref: "tel:+15125550186" },
  };
}

async function appOn(database?: TestApp["testDatabase"]): Promise<TestApp> {
  const t = await createTestApp({ delivery: deliveryConfig(), siteOrigin: "https://www.summit.example" }, database);
  open.push(t);
  return t;
}

async function settle(...apps: TestApp[]) {
  for (const t of apps) t.app.deliveryWorker.wake();
  await Promise.all(apps.map((t) => t.app.deliveryWorker.settled()));
}

const autoReplies = (to = VICTIM) =>
  sink.received.filter((m) => m.envelopeTo.some((address) => address.toLowerCase() === to));
const ownerMails = () => sink.received.filter((m) => m.envelopeTo.includes("owner@summit.example"));
/** Everything a reader of the mail sees: headers as decoded, the text, the HTML and any attachment. */
const readable = (m: ReceivedMail) =>
  [
    m.parsed.subject,
    m.parsed.to &&
      [m.parsed.to]
        .flat()
        .map((a) => a.text)
        .join(),
    m.parsed.text,
    m.parsed.html || "",
    ...m.parsed.attachments.map((a) => a.content.toString("utf8")),
  ].join("\n");

/** What a relay abuser would put in the fields: a pitch, links and their own address, never a real name. */
const abusive = (i: number) => ({
  firstName: i % 2 === 0 ? `Buy cheap pills at pills${i}.example` : `WIN $${i}00 NOW`,
  lastName: `http://evil${i}.example/x`,
  company: `Visit evil${i}.example today`,
  phone: `(512) 555-01${String(i).padStart(2, "0")}`,
});

describe("the auto-reply is not a relay", () => {
  it("many leads to one address, on two instances at once: one auto-reply in 24 hours, with none of their text", async () => {
    const database = await createTestDatabase();
    try {
      const [a, b] = [await appOn(database), await appOn(database)];
      const N = 12;
      const posted = await Promise.all(
        Array.from({ length: N }, (_, i) => {
          const kind = i % 3 === 0 ? "inquiries" : "contacts";
          const fields = {
            ...abusive(i),
            email: i % 2 === 0 ? VICTIM : VICTIM.toUpperCase(),
            ...(kind === "inquiries" && { message: `Click http://evil${i}.example/win and reply to claim ${i}` }),
          };
          return postLead((i % 2 === 0 ? a : b).app, kind, fields).then((id) => ({ id, kind, fields }));
        }),
      );
      await settle(a, b);
      await sink.waitFor(N + 1);
      await settle(a, b);

      expect(ownerMails()).toHaveLength(N);
      const replies = autoReplies();
      expect(replies).toHaveLength(1);
      const [reply] = replies;
      const seen = readable(reply!);
      // Every field they typed but the address it went to.
      for (const { fields } of posted) {
        for (const [name, value] of Object.entries(fields)) if (name !== "email") expect(seen).not.toContain(value);
      }
      for (const fragment of ["evil", "pills", "WIN", "http", "Click"]) expect(seen).not.toContain(fragment);
      expect(reply!.parsed.subject).toBe("Summit Lead Marketing: we received your request");
      expect(reply!.parsed.text).toMatch(/^Hello,\n/);
      // No name passes the name rule: the bare address.
      expect([reply!.parsed.to].flat()[0]!.value).toEqual([
        { address: expect.stringMatching(/^victim@example\.net$/i), name: "" },
      ]);

      // The outbox agrees: one auto-reply delivery in all those leads, every owner e-mail.
      const deliveries = await a.app.db.selectFrom("leadDeliveries").select(["channel"]).execute();
      expect(deliveries.filter((d) => d.channel === "auto-reply")).toHaveLength(1);
      expect(deliveries.filter((d) => d.channel === "owner-email")).toHaveLength(N);

      // A day later the address may get one again (the stored time is moved back instead of the clock).
      await a.app.db
        .updateTable("autoReplyRecipients")
        .set({ lastSentAt: new Date(Date.now() - 25 * 3_600_000).toISOString() })
        .execute();
      await postLead(b.app, "contacts", { ...abusive(99), email: VICTIM });
      await postLead(a.app, "contacts", { ...abusive(98), email: VICTIM });
      await settle(a, b);
      await sink.waitFor(N + 1 + 3);
      await settle(a, b);
      expect(autoReplies()).toHaveLength(replies.length + 1);
      expect(ownerMails()).toHaveLength(N + 2);
    } finally {
      for (const t of open.splice(0)) await t.close();
      await database.drop();
    }
  }, 60_000);

  it("a person with a real name is greeted by it, and a second address gets its own auto-reply", async () => {
    const t = await appOn();
    await postLead(t.app, "contacts", { firstName: "José", lastName: "O'Brien-Núñez", email: "jose@example.org" });
    await postLead(t.app, "inquiries", { firstName: "Ana", lastName: "Ruiz", email: "ana@example.org" });
    await settle(t);
    await sink.waitFor(4);
    const [jose] = autoReplies("jose@example.org");
    expect(jose!.parsed.text).toMatch(/^Hello José,\n/);
    expect([jose!.parsed.to].flat()[0]!.value).toEqual([{ address: "jose@example.org", name: "José O'Brien-Núñez" }]);
    expect(jose!.parsed.text).not.toContain(validContact.company);
    expect(jose!.parsed.text).not.toContain(validContact.phone);
    const [ana] = autoReplies("ana@example.org");
    expect(ana!.parsed.text).toContain("Service: Search Engine Optimization");
    expect(ana!.parsed.text).not.toContain(validInquiry.message);
  });

  it("a lead judged spam gets no auto-reply, not even when the owner rescues it (the owner's mail goes then)", async () => {
    const t = await appOn();
    const id = await postLead(t.app, "contacts", { email: VICTIM, website: "https://spam.example" });
    await settle(t);
    expect(sink.received).toHaveLength(0);
    expect((await t.app.repositories.leads.find("contacts", id))!.deliveries).toEqual([]);
    // Nothing was claimed for the address either: a real person may still get their one reply today.
    expect(await t.app.db.selectFrom("autoReplyRecipients").selectAll().execute()).toEqual([]);

    const cookie = await signIn(t.app);
    const rescued = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/leads/contacts/${id}`,
      headers: { cookie },
      payload: { status: "new" },
    });
    expect(rescued.statusCode, rescued.body).toBe(200);
    await settle(t);
    await sink.waitFor(1);
    await settle(t);
    expect(ownerMails()).toHaveLength(1);
    expect(autoReplies()).toHaveLength(0);
    expect((await t.app.repositories.leads.find("contacts", id))!.deliveries.map((d) => d.channel)).toEqual([
      "owner-email",
    ]);
  });
  it("a lead on a replayed form token is spam: no auto-reply to its address, which stays free", async () => {
    const t = await appOn();
    const { formToken, elapsedMs } = await humanSignals(t.app);
    const url = "/api/contact";
    const first = await t.app.inject({
      method: "POST",
      url,
      payload: { ...validContact, formToken, elapsedMs, email: "first@example.org" },
    });
    const replayed = await t.app.inject({
      method: "POST",
      url,
      payload: { ...validContact, formToken, elapsedMs, email: VICTIM },
    });
    expect([first.statusCode, replayed.statusCode]).toEqual([201, 201]);
    await settle(t);
    await sink.waitFor(2);
    await settle(t);
    const lead = await t.app.repositories.leads.find("contacts", replayed.json<{ id: string }>().id);
    expect(lead).toMatchObject({ status: "spam", deliveries: [] });
    expect(autoReplies()).toHaveLength(0);
    expect(autoReplies("first@example.org")).toHaveLength(1);
    expect(
      (await t.app.db.selectFrom("autoReplyRecipients").select("address").execute()).map((r) => r.address),
    ).toEqual(["first@example.org"]);
  });
});

describe("the per-address limit (auto_reply_recipients)", () => {
  it("claims an address once a day, case-insensitively, one winner among racing transactions, and the sweep removes only old rows", async () => {
    const t = await appOn();
    const db = t.app.db;
    const at = new Date("2026-11-23T12:00:00.000Z");
    const hours = (h: number) => new Date(at.getTime() + h * 3_600_000);
    const claim = (address: string, now: Date) => db.transaction().execute((trx) => claimAutoReply(trx, address, now));

    // Twenty transactions race for one address: exactly one wins.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claim(i % 2 ? "Race@Example.org" : "race@example.org", at)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await claim("RACE@example.org", hours(23.9))).toBe(false);
    expect(await claim("race@example.org", hours(24))).toBe(true);
    expect(await claim("race@example.org", hours(25))).toBe(false);
    // A transaction that rolls back (the lead was not stored) takes nothing.
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await claimAutoReply(trx, "rolled@example.org", at)).toBe(true);
        throw new Error("the lead's insert failed");
      }),
    ).rejects.toThrow("the lead's insert failed");
    expect(await claim("rolled@example.org", at)).toBe(true);

    expect(await t.app.repositories.leads.deliveries.deleteExpiredAutoReplyRecipients(hours(24))).toBe(1);
    expect((await db.selectFrom("autoReplyRecipients").select("address").execute()).map((r) => r.address)).toEqual([
      "race@example.org",
    ]);
  });

  it("is swept when the app starts (then hourly): rows older than a day go", async () => {
    const database = await createTestDatabase();
    try {
      const first = await appOn(database);
      const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
      await first.app.db
        .insertInto("autoReplyRecipients")
        .values([
          { address: "old@example.org", lastSentAt: old },
          { address: "new@example.org", lastSentAt: new Date().toISOString() },
        ])
        .execute();
      const second = await appOn(database);
      expect(
        (await second.app.db.selectFrom("autoReplyRecipients").select("address").execute()).map((r) => r.address),
      ).toEqual(["new@example.org"]);
    } finally {
      for (const t of open.splice(0).reverse()) await t.close();
      await database.drop();
    }
  });
});
