import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminPulse, LeadKind, LeadRow, TodayQueue } from "../../../contract/admin-leads.ts";
import { postLead } from "../../../tests/helpers/lead-posts.ts";
import { createInboundMessages } from "../../repositories/leads/inbound-messages.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { addTestUser, createTestApp, signIn, type TestApp } from "../../../tests/helpers/test-app.ts";

// "Now" (issue 33): GET /api/admin/today's answerNow (the leads still waiting that arrived since the last
// business day began, newest first), dueSoon (older waiting leads due by the end of the business hours
// ahead, earliest first) and overdue (the older ones past their reply time, a count), under the default
// business hours (Monday to Friday 9AM to 6PM, New York); assignee=me; and the pulse. On SQLite and PostgreSQL.

/** New York is UTC-5 in late November. */
const et = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour + 5, minute);

let clockMs = et(30, 10);
const clock = () => new Date(clockMs);

let t: TestApp;
let owner: string;
const asOwner = adminClient(() => t.app, { cookie: () => owner });
let memberCookie: string;
let memberId: string;
const ids: Record<string, { kind: LeadKind; id: string }> = {};

/** Posts a lead named `firstName` at `at` (New York time) from `formName` (contact-page: 24 hours; home-services-audit: 4). */
async function leadAt(firstName: string, at: number, formName: string, kind: LeadKind = "contacts") {
  clockMs = at;
  ids[firstName] = { kind, id: await postLead(t.app, kind, { firstName, formName }) };
}

async function patch(name: string, payload: object) {
  const { kind, id } = ids[name]!;
  const response = await asOwner.patch(`/api/admin/leads/${kind}/${id}`, payload);
  expect(response.statusCode, response.body).toBe(200);
}

async function today(cookie = owner, query = ""): Promise<TodayQueue> {
  const response = await adminClient(t.app, { cookie }).get(`/api/admin/today${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TodayQueue>();
}

const names = (rows: LeadRow[]) => rows.map((row) => row.firstName);

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  owner = await signIn(t.app);
  const member = await addTestUser(t.app, { email: "member-now@example.com", name: "Mia Member" });
  memberId = member.id;
  memberCookie = await signIn(t.app, member);

  // Thursday 26 November, 9:00: a 24-hour promise is due Monday 30th at 3:00 PM (9 h Thursday, 9 h Friday, 6 h Monday).
  await leadAt("DueMonday", et(26, 9), "contact-page");
  // Friday 10:00: a 4-hour promise, due Friday 2:00 PM: overdue by Monday.
  await leadAt("OverdueFast", et(27, 10), "home-services-audit", "inquiries");
  // Friday 6:40 PM, after hours: a 4-hour promise counts from Monday 9:00, due 1:00 PM (the example).
  await leadAt("FridayEvening", et(27, 18, 40), "home-services-audit");
  // Saturday: counts from Monday 9:00 too; a 24-hour promise is due Wednesday noon.
  await leadAt("Weekend", et(28, 11), "contact-page");
  // Monday morning.
  await leadAt("MondayEarly", et(30, 9, 30), "contact-page");
  await leadAt("MondayLater", et(30, 9, 50), "contact-page", "inquiries");
  await leadAt("Answered", et(30, 9, 40), "contact-page");
  await leadAt("Spam", et(30, 9, 45), "contact-page");
  await patch("Answered", { status: "contacted" });
  await patch("Spam", { status: "spam" });
  await patch("MondayEarly", { assigneeId: memberId });
  await patch("MondayLater", { assigneeId: (await t.app.repositories.users.findByUsername("owner@example.com"))!.id });
  clockMs = et(30, 10);
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/admin/today: Now (issue 33)", () => {
  it("puts the leads since the last business day began on top, newest first, with their reply-by times in business hours", async () => {
    const queue = await today();
    // Since Monday 9:00: Monday's and the weekend's and Friday evening's leads (they arrived after Friday's
    // business day had begun, and it is the last one before Monday's) — newest first.
    expect(queue.window).toEqual({
      since: new Date(et(30, 9)).toISOString(),
      dueBy: new Date(et(30, 18)).toISOString(),
    });
    expect(names(queue.answerNow)).toEqual(["MondayLater", "MondayEarly"]);
    // 24 business hours from Monday 9:50: 8 h 10 min Monday, 9 h Tuesday, 6 h 50 min Wednesday (2 December).
    expect(queue.answerNow[0]).toMatchObject({
      kind: "inquiries",
      id: ids.MondayLater!.id,
      replyBy: new Date(et(32, 15, 50)).toISOString(),
    });
  });

  it("lists the older leads due within the business hours ahead, and counts the overdue ones", async () => {
    const queue = await today();
    expect(names(queue.dueSoon)).toEqual(["FridayEvening", "DueMonday"]);
    expect(queue.dueSoon.map((row) => row.replyBy)).toEqual([
      new Date(et(30, 13)).toISOString(),
      new Date(et(30, 15)).toISOString(),
    ]);
    expect(queue.overdue).toEqual({ count: 1 });
  });

  it("moves a lead from due soon to overdue when its time passes, and drops it once answered", async () => {
    clockMs = et(30, 13, 30);
    let queue = await today();
    expect(names(queue.dueSoon)).toEqual(["DueMonday"]);
    expect(queue.overdue).toEqual({ count: 2 });
    await patch("FridayEvening", { status: "contacted" });
    queue = await today();
    expect(queue.overdue).toEqual({ count: 1 });
    clockMs = et(30, 10);
  });

  it("gives a member their day: their leads and the unassigned ones", async () => {
    const mine = await today(memberCookie, "?assignee=me");
    expect(names(mine.answerNow)).toEqual(["MondayEarly"]);
    expect(names(mine.dueSoon)).toEqual(["DueMonday"]);
    expect(mine.overdue).toEqual({ count: 1 });
    const team = await today(memberCookie);
    expect(names(team.answerNow)).toEqual(["MondayLater", "MondayEarly"]);
  });

  it("refuses an unknown assignee value with 400, and needs a session", async () => {
    const response = await asOwner.get("/api/admin/today?assignee=everyone");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Invalid parameters.");
    expect((await t.app.inject({ method: "GET", url: "/api/admin/today" })).statusCode).toBe(401);
  });

  it("on a Saturday, keeps Friday's arrivals on top (the last business day is Friday), and nothing not yet arrived", async () => {
    clockMs = et(28, 15);
    const queue = await today();
    expect(queue.window.since).toBe(new Date(et(27, 9)).toISOString());
    // FridayEvening was answered above; Monday's leads are in this test's future.
    expect(names(queue.answerNow)).toEqual(["Weekend", "OverdueFast"]);
    clockMs = et(30, 10);
  });
});

describe("GET /api/admin/pulse (issue 33)", () => {
  it("answers when the newest lead arrived, and moves with a new one", async () => {
    const before = (await asOwner.get("/api/admin/pulse")).json<AdminPulse>();
    expect(before.newestLeadAt).toBe(new Date(et(30, 9, 50)).toISOString());
    await leadAt("Fresh", et(30, 10, 5), "contact-page");
    const after = (await asOwner.get("/api/admin/pulse")).json<AdminPulse>();
    expect(after.newestLeadAt).toBe(new Date(et(30, 10, 5)).toISOString());
    expect(names((await today()).answerNow)[0]).toBe("Fresh");
    expect((await t.app.inject({ method: "GET", url: "/api/admin/pulse" })).statusCode).toBe(401);
  });

  it("moves when a lead's reply is stored, so a lead's open page shows it", async () => {
    const pulse = async () => (await asOwner.get("/api/admin/pulse")).json<AdminPulse>();
    expect((await pulse()).newestReplyAt).toBeNull();
    const { kind, id } = ids.MondayEarly!;
    const at = new Date(et(30, 10, 30));
    const stored = await createInboundMessages(t.app.db).storeReceived(
      {
        lead: { kind, id },
        messageId: "<reply-1@example.com>",
        inReplyTo: null,
        references: null,
        fromAddress: "lead@example.com",
        fromName: null,
        toAddress: "replies+x@agency.example",
        subject: "Re: hello",
        body: "Tuesday works.",
        quoted: null,
      },
      at,
    );
    expect(stored).toBe(true);
    expect(await pulse()).toEqual({
      newestLeadAt: new Date(et(30, 10, 5)).toISOString(),
      newestReplyAt: at.toISOString(),
    });
  });
});

describe("GET /api/admin/today with more recent leads than Now lists (issue 33)", () => {
  it("still counts only the older overdue leads, for the team and for a member", async () => {
    let atMs = et(27, 10);
    const busy = await createTestApp({}, undefined, { clock: () => new Date(atMs) });
    try {
      const cookie = await signIn(busy.app);
      const memberOf = await signIn(busy.app, await addTestUser(busy.app, { email: "busy-member@example.com" }));
      // Two from Friday morning (4-hour promise: overdue by Monday), then 55 on Monday from 9:00, a minute apart.
      for (const hour of [10, 11]) {
        atMs = et(27, hour);
        await postLead(busy.app, "contacts", { formName: "home-services-audit" });
      }
      for (let i = 0; i < 55; i++) {
        atMs = et(30, 9, i);
        await postLead(busy.app, "inquiries", { formName: "personal-injury-audit" });
      }
      // Monday 2:00 PM: the 55 are overdue too (due 1:00 to 1:54 PM), but they are Now's, not the backlog's.
      atMs = et(30, 14);
      for (const [who, query] of [
        [cookie, ""],
        [memberOf, "?assignee=me"],
      ] as const) {
        const queue = (
          await busy.app.inject({ method: "GET", url: `/api/admin/today${query}`, headers: { cookie: who } })
        ).json<TodayQueue>();
        expect(queue.answerNow).toHaveLength(50);
        expect(queue.overdue).toEqual({ count: 2 });
      }
    } finally {
      await busy.close();
    }
  });
});
