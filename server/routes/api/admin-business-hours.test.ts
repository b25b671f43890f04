import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadDetail } from "../../../contract/admin-leads.ts";
import { defaultBusinessHours, type BusinessHoursInput } from "../../../contract/business-hours.ts";
import { postLead } from "../../../tests/helpers/lead-posts.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { addTestUser, createTestApp, signIn, type TestApp } from "../../../tests/helpers/test-app.ts";

// The business hours (issue 33): GET for every signed-in user, PUT for owners; saving counts every waiting
// lead's deadline again; the start-up step gives leads stored before migration 0020 theirs. Both databases.

/** Friday 27 November 2026, 6:40 PM in New York. */
let clockMs = Date.UTC(2026, 10, 27, 23, 40);
const clock = () => new Date(clockMs);

let t: TestApp;
let owner: string;
let member: string;

const as = (cookie: string) => adminClient(t.app, { cookie });
const get = (cookie = owner) => as(cookie).get("/api/admin/settings/business-hours");
const put = (payload: unknown, cookie = owner) => as(cookie).put("/api/admin/settings/business-hours", payload);
const replyByOfLead = async (id: string) =>
  (await as(owner).get(`/api/admin/leads/contacts/${id}`)).json<LeadDetail>().replyBy;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  owner = await signIn(t.app);
  member = await signIn(t.app, await addTestUser(t.app, { email: "hours-member@example.com" }));
});
afterAll(async () => {
  await t.close();
});

describe("GET and PUT /api/admin/settings/business-hours", () => {
  it("answers the spec's default until an owner saves other hours, to members too", async () => {
    expect((await get()).json()).toEqual(defaultBusinessHours);
    expect((await get(member)).json()).toEqual(defaultBusinessHours);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/settings/business-hours" })).statusCode).toBe(401);
  });

  it("counts a new lead's promise in them: 4 hours from 6:40 PM Friday is 1:00 PM Monday", async () => {
    const id = await postLead(t.app, "contacts", { formName: "home-services-audit" });
    expect(await replyByOfLead(id)).toBe("2026-11-30T18:00:00.000Z");
  });

  it("saves new hours and counts every waiting lead's deadline again; answered leads keep theirs", async () => {
    const waiting = await postLead(t.app, "contacts", { formName: "home-services-audit" });
    const answered = await postLead(t.app, "contacts", { formName: "home-services-audit" });
    await as(owner).patch(`/api/admin/leads/contacts/${answered}`, { status: "contacted" });
    const answeredBefore = await replyByOfLead(answered);
    // Open Saturdays 10 to 2, and closed on Monday 30 November.
    const hours: BusinessHoursInput = {
      ...defaultBusinessHours,
      week: [...defaultBusinessHours.week, { day: 6, open: "10:00", close: "14:00" }],
      closedDates: ["2026-11-30"],
    };
    const response = await put(hours);
    expect(response.statusCode, response.body).toBe(200);
    expect((await get(member)).json()).toEqual(hours);
    // Saturday 10:00 to 14:00 is the 4 hours.
    expect(await replyByOfLead(waiting)).toBe("2026-11-28T19:00:00.000Z");
    expect(await replyByOfLead(answered)).toBe(answeredBefore);
    const activity = (await as(owner).get("/api/admin/activity?kind=settings")).json<{
      items: { summary: string }[];
    }>();
    expect(activity.items[0]!.summary).toBe(
      "set the business hours to Monday 9AM to 6PM, Tuesday 9AM to 6PM, Wednesday 9AM to 6PM, Thursday 9AM to 6PM, Friday 9AM to 6PM, Saturday 10AM to 2PM (America/New_York); closed on 1 date",
    );
    await put(defaultBusinessHours);
  });

  const weekdays = (open: string, close: string) => [1, 2, 3, 4, 5].map((day) => ({ day, open, close }));
  it.each([
    [
      "an evening: Monday 4:00 PM + 4 h is Tuesday 11:00 AM",
      defaultBusinessHours,
      "2026-11-30T21:00:00Z",
      "home-services-audit",
      "2026-12-01T16:00:00.000Z",
    ],
    [
      "a weekend: Thursday 9:00 AM + 24 h is Monday 3:00 PM",
      defaultBusinessHours,
      "2026-11-26T14:00:00Z",
      "contact-page",
      "2026-11-30T20:00:00.000Z",
    ],
    [
      "a holiday: Wednesday 4:00 PM + 4 h, closed Thursday and Friday, is Monday 11:00 AM",
      { ...defaultBusinessHours, closedDates: ["2026-11-26", "2026-11-27"] },
      "2026-11-25T21:00:00Z",
      "home-services-audit",
      "2026-11-30T16:00:00.000Z",
    ],
    [
      "Sydney, 9 to 5: Friday 4:00 PM there + 4 h is Monday 12:00 PM there",
      { timeZone: "Australia/Sydney", week: weekdays("09:00", "17:00"), closedDates: [] },
      "2026-11-27T05:00:00Z",
      "home-services-audit",
      "2026-11-30T01:00:00.000Z",
    ],
    [
      "the spring change: Friday 5:00 PM EST + 4 h is Monday 12:00 PM EDT",
      defaultBusinessHours,
      "2026-03-06T22:00:00Z",
      "home-services-audit",
      "2026-03-09T16:00:00.000Z",
    ],
    [
      "the autumn change: Friday 5:00 PM EDT + 4 h is Monday 12:00 PM EST",
      defaultBusinessHours,
      "2026-10-30T21:00:00Z",
      "home-services-audit",
      "2026-11-02T17:00:00.000Z",
    ],
    [
      "open through the autumn change: Saturday 11:00 PM EDT + 4 h is 2:00 AM EST",
      {
        timeZone: "America/New_York",
        week: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: "00:00", close: "24:00" })),
        closedDates: [],
      },
      "2026-11-01T03:00:00Z",
      "home-services-audit",
      "2026-11-01T07:00:00.000Z",
    ],
  ] as const)("stores a new lead's replyBy in them: %s", async (_name, hours, sentAt, formName, replyBy) => {
    expect((await put(hours)).statusCode).toBe(200);
    const saved = clockMs;
    clockMs = Date.parse(sentAt);
    try {
      const id = await postLead(t.app, "contacts", { formName });
      expect(await replyByOfLead(id)).toBe(replyBy);
    } finally {
      clockMs = saved;
      await put(defaultBusinessHours);
    }
  });

  it.each([
    [
      { ...defaultBusinessHours, timeZone: "Nowhere/Else" },
      "timeZone",
      "timeZone must be an IANA time zone such as America/New_York",
    ],
    [{ ...defaultBusinessHours, week: [] }, "week", "Open at least one day of the week"],
    [
      { ...defaultBusinessHours, week: [{ day: 1, open: "18:00", close: "09:00" }] },
      "week.0.close",
      "A day's opening time must be before its closing time",
    ],
    [{ ...defaultBusinessHours, closedDates: ["tomorrow"] }, "closedDates.0", "Closed dates are YYYY-MM-DD"],
    [{ ...defaultBusinessHours, extra: true }, "", ""],
    [[1, 2], "", ""],
  ])("refuses bad hours with 400 and keeps the stored ones (%#)", async (payload, field, message) => {
    const before = (await get()).json();
    const response = await put(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Please correct the business hours.");
    if (field) expect(response.json().errors[field]).toBe(message);
    expect((await get()).json()).toEqual(before);
  });

  it("lets only owners change them", async () => {
    const response = await put(defaultBusinessHours, member);
    expect(response.statusCode).toBe(403);
  });
});

describe("the start-up step", () => {
  it("gives a lead stored without a deadline (before migration 0020) its deadline once, under the stored hours", async () => {
    const id = await postLead(t.app, "contacts", { formName: "contact-page" });
    await t.app.db.updateTable("contactSubmissions").set({ replyBy: null }).where("id", "=", id).execute();
    expect(await t.app.repositories.leads.backfillReplyBy()).toBe(1);
    const row = await t.app.db
      .selectFrom("contactSubmissions")
      .select(["replyBy", "deadlineKey"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // 24 hours from 6:40 PM Friday: Monday 9 h, Tuesday 9 h, Wednesday 6 h.
    expect(row).toEqual({ replyBy: "2026-12-02T20:00:00.000Z", deadlineKey: "0|2026-12-02T20:00:00.000Z" });
    expect(await t.app.repositories.leads.backfillReplyBy()).toBe(0);
  });
});
