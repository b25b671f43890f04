import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadDetail, LeadEvent, LeadKind } from "../../../contract/admin-leads.ts";
import type { CallAnswer } from "../../../contract/lead-calls.ts";
import {
  defaultReplyTemplate,
  type ReplyTemplate,
  type ReplyTemplatesAnswer,
} from "../../../contract/lead-messages.ts";
import { OWNER_ONLY_MESSAGE } from "../../../contract/user-roles.ts";
import { createLeadMessageOutbox } from "../../repositories/leads/messages.ts";
import { postLead } from "../../../tests/helpers/lead-posts.ts";
import { smtpServerForThisFile } from "../../../tests/helpers/smtp-fixture.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import {
  addTestUser,
  createTestApp,
  signIn,
  smtpDeliveryConfig,
  validInquiry,
  type TestApp,
} from "../../../tests/helpers/test-app.ts";
import { testClock, type TestClock } from "../../../tests/helpers/test-clock.ts";
import { MAIL_NOT_CONFIGURED } from "./admin-replies.ts";

// Answering a lead from its page (issue 33, points 3 and 5), on SQLite and PostgreSQL: the reply templates,
// replies sent through a real SMTP server (threaded, with the lead's reply address, retried), the credit
// of the first answer, logged calls and the timeline they make.

const mail = smtpServerForThisFile();

let t: TestApp;
let time: TestClock;
let ana: { id: string; cookie: string };
let ben: { id: string; cookie: string };

// Tuesday June 2, 2026, 10:00 AM in New York: the business is open.
const START = Date.UTC(2026, 5, 2, 14, 0);

beforeAll(async () => {
  time = testClock(START);
  t = await createTestApp(
    {
      // No owner notification: the SMTP server receives the replies only.
      delivery: smtpDeliveryConfig(mail.smtp.url, { notify: [] }),
      inbound: {
        imapUrl: "imap://replies:secret@127.0.0.1:1/INBOX",
        mailbox: "INBOX",
        replyAddress: "replies@inbox.summit.example",
        pollMs: 3_600_000,
      },
      siteOrigin: "https://summit.example",
    },
    undefined,
    { clock: time.clock },
  );
  const owner = await addTestUser(t.app, { email: "ana@summit.example", role: "owner", name: "Ana Ruiz" });
  const member = await addTestUser(t.app, { email: "ben@summit.example", role: "member", name: "Ben Cole" });
  ana = { id: owner.id, cookie: await signIn(t.app, owner) };
  ben = { id: member.id, cookie: await signIn(t.app, member) };
});
afterAll(async () => {
  await t.close();
});

const as = (who: { cookie: string }) => adminClient(t.app, { cookie: who.cookie });
const detail = async (kind: LeadKind, id: string) =>
  (await as(ana).get(`/api/admin/leads/${kind}/${id}`)).json<LeadDetail>();
const messageRow = (id: string) =>
  t.app.db.selectFrom("leadMessages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const reply = (
  who: { cookie: string },
  id: string,
  payload: object = { subject: "About your SEO plan", body: "Hi Marcus,\n\nThanks for writing.\n\nAna" },
) => as(who).post(`/api/admin/leads/inquiries/${id}/replies`, payload);
const sent = async () => {
  await t.app.leadReplies.settled();
};

describe("reply templates", () => {
  it("are read by any user, with the default while there are none and the sender's facts", async () => {
    const answer = await as(ben).get("/api/admin/reply-templates");
    expect(answer.statusCode).toBe(200);
    expect(answer.json<ReplyTemplatesAnswer>()).toEqual({
      items: [],
      fallback: defaultReplyTemplate,
      sender: {
        senderName: "Ben Cole",
        companyName: "Summit Lead Marketing",
        phone: "(512) 555-0186",
        bookingLink: "https://summit.example/contact#schedule-call",
      },
    });
  });

  it("are written by owners only", async () => {
    const payload = { name: "Quick hello", subject: "Hello", body: "{{greeting}}" };
    const refused = await as(ben).post("/api/admin/reply-templates", payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: OWNER_ONLY_MESSAGE });
    expect((await as(ben).delete("/api/admin/reply-templates/00000000-0000-4000-8000-000000000000")).statusCode).toBe(
      403,
    );
  });

  it("refuse bad input with a message per field", async () => {
    const bad = await as(ana).post("/api/admin/reply-templates", {
      name: " ",
      subject: "x".repeat(201),
      body: "Dear {{frist}}",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: "Please check the template.",
      errors: {
        name: "Enter your template name.",
        subject: "Shorten your subject to 200 characters or fewer.",
        body: "Replace {{frist}}: the placeholders are {{greeting}}, {{firstName}}, {{fullName}}, {{service}}, {{bookingLink}}, {{senderName}}, {{signature}}, {{companyName}}.",
      },
    });
    expect(
      (await as(ana).put("/api/admin/reply-templates/not-an-id", { name: "a", subject: "b", body: "c" })).json(),
    ).toEqual({
      message: "Invalid template address.",
      errors: { id: "id must be a template id" },
    });
  });

  it("are added, changed and deleted, each once (404 after)", async () => {
    const created = await as(ana).post("/api/admin/reply-templates", {
      name: "Quick hello",
      subject: "Hello from {{companyName}}",
      body: "{{greeting}}\n\n{{signature}}",
    });
    expect(created.statusCode).toBe(201);
    const template = created.json<ReplyTemplate>();
    expect(template).toEqual({
      id: expect.any(String),
      name: "Quick hello",
      subject: "Hello from {{companyName}}",
      body: "{{greeting}}\n\n{{signature}}",
      updatedAt: new Date(START).toISOString(),
    });
    const changed = await as(ana).put(`/api/admin/reply-templates/${template.id}`, {
      name: "Quick hello",
      subject: "Hi from {{companyName}}",
      body: "{{greeting}}",
    });
    expect(changed.statusCode).toBe(200);
    expect((await as(ben).get("/api/admin/reply-templates")).json<ReplyTemplatesAnswer>().items).toEqual([
      { ...template, subject: "Hi from {{companyName}}", body: "{{greeting}}" },
    ]);
    expect((await as(ana).delete(`/api/admin/reply-templates/${template.id}`)).statusCode).toBe(204);
    const again = await as(ana).delete(`/api/admin/reply-templates/${template.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "There is no such reply template (it may have been deleted)." });
    expect(
      (await as(ana).put(`/api/admin/reply-templates/${template.id}`, { name: "a", subject: "b", body: "c" }))
        .statusCode,
    ).toBe(404);
  });
});

describe("a reply from the lead page", () => {
  let leadId: string;
  let firstMessageId: string;

  it("is queued (202), then sent from the user's name at MAIL_FROM's address, with the lead's reply address", async () => {
    leadId = await postLead(t.app, "inquiries");
    const answer = await reply(ana, leadId);
    expect(answer.statusCode, answer.body).toBe(202);
    const queued = answer.json<LeadEvent>();
    expect(queued).toEqual({
      id: expect.any(String),
      type: "email-out",
      at: new Date(START).toISOString(),
      subject: "About your SEO plan",
      body: "Hi Marcus,\n\nThanks for writing.\n\nAna",
      to: validInquiry.email,
      state: "queued",
      lastError: null,
      by: { id: ana.id, name: "Ana Ruiz" },
    });
    await sent();
    const [received] = await mail.smtp.waitFor(1);
    const row = await messageRow(queued.id);
    const { replyToken } = await t.app.db
      .selectFrom("serviceInquiries")
      .select("replyToken")
      .where("id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(replyToken).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(row).toMatchObject({
      state: "sent",
      attempts: 1,
      sentAt: new Date(START).toISOString(),
      messageId: expect.stringMatching(/^<[0-9a-f-]{36}@summit\.example>$/),
      inReplyTo: null,
    });
    expect(received!.envelopeTo).toEqual([validInquiry.email]);
    expect(received!.parsed.from!.value).toEqual([{ name: "Ana Ruiz", address: "leads@summit.example" }]);
    expect(received!.parsed.to).toMatchObject({ value: [{ address: validInquiry.email, name: "" }] });
    expect(received!.parsed.replyTo!.value).toEqual([
      { name: "", address: `replies+${replyToken}@inbox.summit.example` },
    ]);
    expect(received!.parsed.messageId).toBe(row.messageId);
    expect(received!.parsed.subject).toBe("About your SEO plan");
    expect(received!.parsed.text).toBe("Hi Marcus,\n\nThanks for writing.\n\nAna\n");
    firstMessageId = row.messageId;
  });

  it("answers the lead: contacted, answeredAt now, answeredBy the sender, with the status event by them", async () => {
    const lead = await detail("inquiries", leadId);
    expect(lead).toMatchObject({
      status: "contacted",
      answeredAt: new Date(START).toISOString(),
      answeredBy: ana.id,
      repliedAt: null,
    });
    expect(lead.events.map((event) => [event.type, event.by?.name])).toEqual([
      ["email-out", "Ana Ruiz"],
      ["status", "Ana Ruiz"],
    ]);
    expect(lead.events[0]).toMatchObject({ state: "sent" });
    expect(lead.events[1]).toMatchObject({ from: "new", to: "contacted" });
    const activity = await t.app.db
      .selectFrom("activity")
      .select(["kind", "summary", "actorName"])
      .where("leadId", "=", leadId)
      .orderBy("kind")
      .execute();
    expect(activity).toEqual([
      { kind: "reply", summary: "sent an e-mail to Marcus Reyes", actorName: "Ana Ruiz" },
      { kind: "status", summary: "changed Marcus Reyes from New to Contacted", actorName: "Ana Ruiz" },
    ]);
  });

  it("a second one, by another user, continues the thread and leaves the credit with the first", async () => {
    time.advance(60_000);
    const answer = await reply(ben, leadId, { subject: "Re: About your SEO plan", body: "Following up." });
    expect(answer.statusCode).toBe(202);
    await sent();
    const [second] = await mail.smtp.waitFor(1);
    expect(second!.parsed.inReplyTo).toBe(firstMessageId);
    expect(second!.parsed.references).toBe(firstMessageId);
    expect(second!.parsed.from!.value).toEqual([{ name: "Ben Cole", address: "leads@summit.example" }]);
    expect(await detail("inquiries", leadId)).toMatchObject({
      status: "contacted",
      answeredAt: new Date(START).toISOString(),
      answeredBy: ana.id,
    });
    const row = await messageRow(answer.json<LeadEvent>().id);
    expect(row).toMatchObject({ inReplyTo: firstMessageId, referencesHeader: firstMessageId, sentBy: ben.id });
  });

  it("a refused send stays queued with the server's answer, then goes once on the retry", async () => {
    mail.smtp.refuse = { at: "rcpt", code: 451, text: "4.3.0 try again later" };
    let id: string;
    try {
      const answer = await reply(ana, leadId, { subject: "Third", body: "Again." });
      id = answer.json<LeadEvent>().id;
      await sent();
      expect(await messageRow(id)).toMatchObject({
        state: "queued",
        attempts: 1,
        lastError: expect.stringContaining("451"),
      });
      const shown = (await detail("inquiries", leadId)).events.find((event) => event.id === id);
      expect(shown).toMatchObject({ state: "queued", lastError: expect.stringContaining("try again later") });
    } finally {
      mail.smtp.refuse = null;
    }
    time.advance(15_000);
    t.app.leadReplies.wake();
    await sent();
    expect(await messageRow(id)).toMatchObject({ state: "sent", attempts: 2, lastError: null });
    const received = await mail.smtp.waitFor(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.parsed.subject).toBe("Third");
  });

  it("a permanent refusal fails it with the error on the timeline; Send again queues it anew", async () => {
    mail.smtp.refuse = { at: "rcpt", code: 550, text: "5.1.1 mailbox unavailable" };
    let id: string;
    try {
      id = (await reply(ana, leadId, { subject: "Fourth", body: "Once more." })).json<LeadEvent>().id;
      await sent();
    } finally {
      mail.smtp.refuse = null;
    }
    const failed = (await detail("inquiries", leadId)).events.find((event) => event.id === id);
    expect(failed).toMatchObject({
      type: "email-out",
      state: "failed",
      lastError: expect.stringContaining("5.1.1 mailbox unavailable"),
    });
    const again = await as(ana).post(`/api/admin/leads/inquiries/${leadId}/replies/${id}/retry`);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ id, state: "queued" });
    await sent();
    expect(await messageRow(id)).toMatchObject({ state: "sent", attempts: 1 });
    expect((await mail.smtp.waitFor(1)).map((m) => m.parsed.subject)).toEqual(["Fourth"]);
    // Only a failed message can be sent again.
    const twice = await as(ana).post(`/api/admin/leads/inquiries/${leadId}/replies/${id}/retry`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({
      message: "There is no such unsent message on this lead (it may have been sent already).",
    });
  });

  it("a message leased by a worker that died is sent after its lease, once", async () => {
    // Queued without waking the app's worker, then claimed by a "worker" that never sends it.
    const outcome = await t.app.repositories.leadAnswers.reply(
      "inquiries",
      leadId,
      { subject: "Fifth", body: "Leased." },
      { actor: { userId: ana.id, name: "Ana Ruiz" }, fromAddress: "leads@summit.example" },
    );
    const claimed = await createLeadMessageOutbox(t.app.db).claimDue(time.clock(), time.offset(120_000), 8);
    expect(claimed.map((message) => message.id)).toEqual([outcome!.event.id]);
    t.app.leadReplies.wake();
    await sent();
    expect(mail.smtp.received).toHaveLength(0);
    time.advance(121_000);
    t.app.leadReplies.wake();
    await sent();
    expect(await messageRow(outcome!.event.id)).toMatchObject({ state: "sent", attempts: 2 });
    expect((await mail.smtp.waitFor(1)).map((m) => m.parsed.subject)).toEqual(["Fifth"]);
  });

  it("answers 404 for an unknown lead and 400 for a bad payload", async () => {
    const missing = await reply(ana, "00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "There is no such lead (it may have been deleted)" });
    const bad = await reply(ana, leadId, { subject: "", body: "x".repeat(20_001) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: "Please check the reply.",
      errors: { subject: "Enter your subject.", body: "Shorten your message to 20000 characters or fewer." },
    });
  });
});

describe("calls", () => {
  const call = (who: { cookie: string }, id: string, payload: object) =>
    as(who).post(`/api/admin/leads/contacts/${id}/calls`, payload);

  it("reached answers the lead and credits the caller", async () => {
    const id = await postLead(t.app, "contacts");
    const answer = await call(ben, id, { outcome: "reached", note: "Wants a quote by Friday" });
    expect(answer.statusCode).toBe(201);
    expect(answer.json<CallAnswer>()).toEqual({
      id: expect.any(String),
      type: "call",
      at: time.clock().toISOString(),
      outcome: "reached",
      note: "Wants a quote by Friday",
      by: { id: ben.id, name: "Ben Cole" },
    });
    const lead = await detail("contacts", id);
    expect(lead).toMatchObject({ status: "contacted", answeredAt: time.clock().toISOString(), answeredBy: ben.id });
    expect(lead.events.map((event) => event.type)).toEqual(["call", "status"]);
  });

  it("voicemail is logged but does not answer", async () => {
    const id = await postLead(t.app, "contacts");
    expect((await call(ana, id, { outcome: "voicemail" })).json()).toMatchObject({ outcome: "voicemail", note: null });
    expect(await detail("contacts", id)).toMatchObject({ status: "new", answeredAt: null, answeredBy: null });
  });

  it("no answer suggests the next follow-up within business hours", async () => {
    const id = await postLead(t.app, "contacts");
    // Friday June 5, 2026, 6:40 PM in New York: closed until Monday 9:00 AM.
    time.advance(Date.UTC(2026, 5, 5, 22, 40) - time.clock().getTime());
    const answer = await call(ana, id, { outcome: "no-answer", note: "" });
    expect(answer.statusCode).toBe(201);
    expect(answer.json<CallAnswer>()).toMatchObject({
      outcome: "no-answer",
      note: null,
      suggestedFollowUpAt: "2026-06-08T13:00:00.000Z",
    });
    expect(await detail("contacts", id)).toMatchObject({ status: "new", answeredAt: null });
  });

  it("answers 400 for a bad outcome or note and 404 for an unknown lead", async () => {
    const id = await postLead(t.app, "contacts");
    const bad = await call(ana, id, { outcome: "busy", note: "x".repeat(501) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: "Please check the call.",
      errors: {
        outcome: "Choose the call's outcome: reached, voicemail, no-answer.",
        note: "Shorten your note to 500 characters or fewer.",
      },
    });
    expect((await call(ana, "00000000-0000-4000-8000-000000000000", { outcome: "reached" })).statusCode).toBe(404);
  });
});

describe("the credit rule", () => {
  it("a status change out of new credits its user too, and a later reply does not take it", async () => {
    const id = await postLead(t.app, "contacts");
    const changed = await as(ben).patch(`/api/admin/leads/contacts/${id}`, { status: "qualified" });
    expect(changed.json()).toMatchObject({
      status: "qualified",
      answeredAt: time.clock().toISOString(),
      answeredBy: ben.id,
    });
    time.advance(60_000);
    await as(ana).post(`/api/admin/leads/contacts/${id}/calls`, { outcome: "reached" });
    expect(await detail("contacts", id)).toMatchObject({ status: "qualified", answeredBy: ben.id });
  });
});

describe("the timeline", () => {
  it("lists replies, calls and changes in time order", async () => {
    const id = await postLead(t.app, "inquiries");
    await as(ana).post(`/api/admin/leads/inquiries/${id}/calls`, { outcome: "no-answer" });
    time.advance(60_000);
    await reply(ana, id, { subject: "Missed you", body: "Tried to call." });
    await sent();
    time.advance(60_000);
    await as(ana).post(`/api/admin/leads/inquiries/${id}/calls`, { outcome: "reached" });
    const events = (await detail("inquiries", id)).events;
    expect(events.map((event) => event.type)).toEqual(["call", "email-out", "status", "call"]);
    expect(events.map((event) => event.at)).toEqual([...events.map((event) => event.at)].sort());
  });

  it("goes with the lead when it is deleted", async () => {
    const id = await postLead(t.app, "inquiries");
    await reply(ana, id, { subject: "Bye", body: "Bye." });
    await sent();
    expect((await as(ana).delete(`/api/admin/leads/inquiries/${id}`)).statusCode).toBe(204);
    expect(await t.app.db.selectFrom("leadMessages").select("id").where("leadId", "=", id).execute()).toEqual([]);
  });
});

describe("without mail configured", () => {
  it("a reply answers 409 and says which settings turn it on", async () => {
    const bare = await createTestApp();
    try {
      const cookie = await signIn(bare.app);
      const id = await postLead(bare.app, "contacts");
      const answer = await bare.app.inject({
        method: "POST",
        url: `/api/admin/leads/contacts/${id}/replies`,
        headers: { cookie },
        payload: { subject: "Hi", body: "Hello" },
      });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: MAIL_NOT_CONFIGURED });
      expect(MAIL_NOT_CONFIGURED).toContain("SMTP_URL");
      expect(
        (await bare.app.inject({ method: "GET", url: `/api/admin/leads/contacts/${id}`, headers: { cookie } })).json(),
      ).toMatchObject({ status: "new", answeredAt: null });
    } finally {
      await bare.close();
    }
  });
});
