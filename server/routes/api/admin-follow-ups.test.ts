import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  TODAY_LIST_MAX,
  type LeadDetail,
  type LeadEvent,
  type LeadKind,
  type LeadPage,
  type LeadRow,
  type TodayQueue,
} from "../../../contract/admin-leads.ts";
import type { BulkResult, LeadCounts } from "../../../contract/lead-triage.ts";
import { deadlineKey, replyByOf, replyStateOf } from "../../../contract/reply-window.ts";
import { defaultBusinessHours } from "../../../contract/business-hours.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { seedLeads } from "../../db/seed-data.ts";
import { nowWindow } from "../../repositories/leads/today.ts";
import { postLead } from "../../../tests/helpers/lead-posts.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { createTestApp, signIn, TEST_ADMIN, testConfig, type TestApp } from "../../../tests/helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database.ts";

// Follow-ups on a lead (issue 20): setting and clearing them with the lead's PATCH, the timeline's events
// of every status and follow-up change, the followUp=due filter in the owner's day (OWNER_TIMEZONE
// America/Chicago here, on a test clock), and the dashboard's day (GET /api/admin/today). Run on SQLite
// and on PostgreSQL.

const OWNER_TIMEZONE = "America/Chicago";
const HOUR = 3_600_000;
/** The test clock: the real time unless a test fixes it. */
let clockMs: number | null = null;
const clock = () => new Date(clockMs ?? Date.now());

async function ownerApp(database: TestDatabase): Promise<TestApp> {
  const base = testConfig(database.database);
  return createTestApp({ delivery: { ...base.delivery, ownerTimeZone: OWNER_TIMEZONE } }, database, { clock });
}

let database: TestDatabase;
let t: TestApp;
let cookie: string;
const tag = `f${Date.now()}`;

const admin = adminClient(() => t.app, { cookie: () => cookie });
const { get } = admin;
const patch = (id: string, payload: unknown, kind: LeadKind = "contacts") =>
  admin.patch(`/api/admin/leads/${kind}/${id}`, payload);
const detail = async (id: string, kind: LeadKind = "contacts") =>
  (await get(`/api/admin/leads/${kind}/${id}`)).json<LeadDetail>();
const eventRows = async (id: string) =>
  Number(
    (
      await t.app.db
        .selectFrom("leadEvents")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("leadId", "=", id)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  t = await ownerApp(database);
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

describe("a follow-up on a lead", () => {
  it("is set with the PATCH, shown in every answer and recorded on the timeline at the clock's time", async () => {
    const id = await postLead(t.app, "contacts", { formName: `${tag}-set` });
    expect(await detail(id)).toMatchObject({ followUpAt: null, followUpNote: null, events: [] });
    clockMs = Date.UTC(2026, 0, 12, 15, 0);
    try {
      const response = await patch(id, { followUpAt: "2026-01-20T15:00:00-06:00" });
      expect(response.statusCode, response.body).toBe(200);
      const lead = response.json<LeadDetail>();
      expect(lead).toMatchObject({ followUpAt: "2026-01-20T21:00:00.000Z", followUpNote: null });
      expect(lead.events).toEqual([
        {
          id: expect.any(String),
          type: "follow-up",
          at: "2026-01-12T15:00:00.000Z",
          followUpAt: "2026-01-20T21:00:00.000Z",
          note: null,
          by: { id: expect.any(String), name: TEST_ADMIN.email },
        },
      ]);
    } finally {
      clockMs = null;
    }
    const listed = (await get(`/api/admin/leads/contacts?form=${tag}-set`)).json<LeadPage>().items[0]!;
    expect(listed).toMatchObject({ id, followUpAt: "2026-01-20T21:00:00.000Z", followUpNote: null });
    expect(listed).not.toHaveProperty("deadlineKey");
  });

  it("refuses a note when the lead has no follow-up time (none sent, none stored), and changes nothing", async () => {
    const id = await postLead(t.app, "contacts");
    const response = await patch(id, { followUpNote: "Call back Tuesday" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Set a follow-up time first.",
      errors: { followUpNote: "Set a follow-up time first." },
    });
    expect(await detail(id)).toMatchObject({ followUpAt: null, followUpNote: null, events: [] });
    // With a status in the same PATCH, the status is not changed either (one transaction).
    expect((await patch(id, { status: "contacted", followUpNote: "Call back Tuesday" })).statusCode).toBe(400);
    expect(await detail(id)).toMatchObject({ status: "new", events: [] });
  });

  it("takes a note with the time, or alone once the lead has a time; null clears the time and its note", async () => {
    const id = await postLead(t.app, "contacts");
    expect(
      (await patch(id, { followUpAt: "2026-02-03T09:00:00Z", followUpNote: "Send the proposal" })).json(),
    ).toMatchObject({ followUpAt: "2026-02-03T09:00:00.000Z", followUpNote: "Send the proposal" });
    expect((await patch(id, { followUpNote: "Call back Tuesday" })).json()).toMatchObject({
      followUpAt: "2026-02-03T09:00:00.000Z",
      followUpNote: "Call back Tuesday",
    });
    // A blank note clears the note alone.
    expect((await patch(id, { followUpNote: "  " })).json()).toMatchObject({
      followUpAt: "2026-02-03T09:00:00.000Z",
      followUpNote: null,
    });
    expect((await patch(id, { followUpNote: "Ask about the budget" })).statusCode).toBe(200);
    const cleared = (await patch(id, { followUpAt: null })).json<LeadDetail>();
    expect(cleared).toMatchObject({ followUpAt: null, followUpNote: null });
    expect(
      cleared.events.map((event) => (event.type === "follow-up" ? [event.followUpAt, event.note] : event.type)),
    ).toEqual([
      ["2026-02-03T09:00:00.000Z", "Send the proposal"],
      ["2026-02-03T09:00:00.000Z", "Call back Tuesday"],
      ["2026-02-03T09:00:00.000Z", null],
      ["2026-02-03T09:00:00.000Z", "Ask about the budget"],
      [null, null],
    ]);
  });

  it("records nothing when the follow-up is set to what it already is", async () => {
    const id = await postLead(t.app, "contacts");
    await patch(id, { followUpAt: "2026-02-03T09:00:00Z", followUpNote: "Once" });
    await patch(id, { followUpAt: "2026-02-03T10:00:00+01:00", followUpNote: "Once" });
    expect((await detail(id)).events).toHaveLength(1);
  });

  it.each([
    [
      "a date and time without an offset",
      { followUpAt: "2026-01-20T15:00:00" },
      "followUpAt",
      "followUpAt must be a date and time (ISO 8601 with an offset) or null",
    ],
    [
      "a word for a time",
      { followUpAt: "tomorrow" },
      "followUpAt",
      "followUpAt must be a date and time (ISO 8601 with an offset) or null",
    ],
    [
      "a number for a time",
      { followUpAt: 1768000000000 },
      "followUpAt",
      "followUpAt must be a date and time (ISO 8601 with an offset) or null",
    ],
    [
      "a note with a cleared time",
      { followUpAt: null, followUpNote: "Call back" },
      "followUpNote",
      "a follow-up note needs a follow-up time",
    ],
    [
      "a note over 200 characters",
      { followUpAt: "2026-01-20T15:00:00Z", followUpNote: "x".repeat(201) },
      "followUpNote",
      undefined,
    ],
    ["an unknown field", { followUpAt: "2026-01-20T15:00:00Z", followUpWhen: "soon" }, "body", undefined],
  ])("refuses %s with 400 naming the field", async (_case, payload, field, message) => {
    const id = await postLead(t.app, "contacts");
    const response = await patch(id, payload);
    expect(response.statusCode, response.body).toBe(400);
    const errors = response.json<{ errors: Record<string, string> }>().errors;
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toBe(message);
    expect(await detail(id)).toMatchObject({ followUpAt: null, followUpNote: null, events: [] });
  });
});

describe("the timeline's events", () => {
  it("records a status change and a follow-up of one PATCH at the same time, the status first", async () => {
    const id = await postLead(t.app, "inquiries");
    clockMs = Date.UTC(2026, 0, 12, 16, 30);
    try {
      const lead = (
        await patch(
          id,
          { status: "contacted", followUpAt: "2026-01-14T15:00:00Z", followUpNote: "Call back Wednesday" },
          "inquiries",
        )
      ).json<LeadDetail>();
      const at = "2026-01-12T16:30:00.000Z";
      expect(lead.events).toEqual([
        {
          id: expect.any(String),
          type: "status",
          at,
          from: "new",
          to: "contacted",
          by: { id: expect.any(String), name: TEST_ADMIN.email },
        },
        {
          id: expect.any(String),
          type: "follow-up",
          at,
          followUpAt: "2026-01-14T15:00:00.000Z",
          note: "Call back Wednesday",
          by: { id: expect.any(String), name: TEST_ADMIN.email },
        },
      ]);
    } finally {
      clockMs = null;
    }
    // A PATCH that leaves the status as it is records no status event.
    expect((await patch(id, { status: "contacted", read: true }, "inquiries")).json<LeadDetail>().events).toHaveLength(
      2,
    );
  });

  it("records each lead's status change of a bulk action, and its Undo's, oldest first", async () => {
    const form = `${tag}-bulk-events`;
    const fresh = await postLead(t.app, "contacts", { formName: form });
    const contacted = await postLead(t.app, "contacts", { formName: form });
    await patch(contacted, { status: "contacted" });
    const bulk = await admin.post("/api/admin/leads/contacts/bulk", {
      action: "setStatus",
      status: "contacted",
      ids: [fresh, contacted],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const statusEvents = async (id: string) =>
      (await detail(id)).events.map((event: LeadEvent) =>
        event.type === "status" ? `${event.from}>${event.to}` : event.type,
      );
    expect(await statusEvents(fresh)).toEqual(["new>contacted"]);
    expect(await statusEvents(contacted)).toEqual(["new>contacted"]);
    const undo = await admin.post("/api/admin/leads/contacts/bulk", {
      action: "restore",
      items: bulk.json<BulkResult>().previous,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await statusEvents(fresh)).toEqual(["new>contacted", "contacted>new"]);
    expect(await statusEvents(contacted)).toEqual(["new>contacted"]);
  });

  it("are erased with their lead", async () => {
    const id = await postLead(t.app, "contacts");
    await patch(id, { status: "qualified", followUpAt: "2026-03-01T12:00:00Z" });
    expect(await eventRows(id)).toBe(2);
    expect((await admin.delete(`/api/admin/leads/contacts/${id}`)).statusCode).toBe(204);
    expect(await eventRows(id)).toBe(0);
  });
});

describe("deadline keys and reply deadlines", () => {
  it("gives each new lead its form's promise and keeps the stored key in step with the status", async () => {
    const fast = await postLead(t.app, "contacts", { formName: "home-services-audit" });
    const slow = await postLead(t.app, "inquiries", { formName: "website-audit" });
    const stored = async (kind: LeadKind, id: string) => {
      const table = kind === "contacts" ? "contactSubmissions" : "serviceInquiries";
      return t.app.db
        .selectFrom(table)
        .select(["deadlineKey", "status", "createdAt", "formName", "replyBy"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    };
    for (const [kind, id, hours] of [
      ["contacts", fast, 4],
      ["inquiries", slow, 24],
    ] as const) {
      const lead = await detail(id, kind);
      // Counted in the business hours (the default: Monday to Friday 9 to 6 in New York).
      expect(lead.replyBy).toBe(replyByOf(lead.createdAt, lead.formName, defaultBusinessHours));
      expect(Date.parse(lead.replyBy) - Date.parse(lead.createdAt)).toBeGreaterThanOrEqual(hours * HOUR);
      const row = await stored(kind, id);
      expect(row.deadlineKey).toBe(`0|${lead.replyBy}`);
      for (const status of ["contacted", "spam", "new", "won"] as const) {
        await patch(id, { status }, kind);
        const after = await stored(kind, id);
        expect(after.deadlineKey).toBe(deadlineKey({ status, createdAt: after.createdAt, replyBy: after.replyBy! }));
      }
    }
  });
});

describe("followUp=due: today and overdue in the owner's day", () => {
  // 17:00 on 15 January in Chicago (23:00 UTC): the owner's day ends at 06:00 UTC on the 16th.
  const NOW = Date.UTC(2026, 0, 15, 23, 0);
  const form = `${tag}-due`;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const followUps = {
      // 23:30 in Chicago on the 15th: today there, although the 16th in UTC.
      lateToday: "2026-01-16T05:30:00.000Z",
      // 00:30 in Chicago on the 16th: tomorrow.
      tomorrow: "2026-01-16T06:30:00.000Z",
      overdue: "2026-01-10T12:00:00.000Z",
    } as const;
    for (const [name, at] of Object.entries(followUps)) {
      ids[name] = await postLead(t.app, "contacts", { formName: form, firstName: name });
      expect((await patch(ids[name]!, { followUpAt: at })).statusCode).toBe(200);
    }
    ids.none = await postLead(t.app, "contacts", { formName: form, firstName: "none" });
    ids.spam = await postLead(t.app, "contacts", { formName: form, firstName: "spam", website: "http://spam.example" });
    await patch(ids.spam, { followUpAt: followUps.overdue });
    ids.inquiry = await postLead(t.app, "inquiries", { formName: form, firstName: "inquiry" });
    await patch(ids.inquiry, { followUpAt: "2026-01-15T20:00:00.000Z" }, "inquiries");
    clockMs = NOW;
  });
  afterAll(() => {
    clockMs = null;
  });

  const idsOf = (page: LeadPage) => page.items.map((lead) => lead.id).sort();

  it("lists the follow-ups due by the end of the owner's day, not tomorrow's, not spam (inbox view)", async () => {
    const page = (await get(`/api/admin/leads/contacts?form=${form}&followUp=due`)).json<LeadPage>();
    expect(idsOf(page)).toEqual([ids.lateToday, ids.overdue].sort());
    expect(page.total).toBe(2);
    expect(
      idsOf((await get(`/api/admin/leads/contacts?form=${form}&followUp=due&view=spam`)).json<LeadPage>()),
    ).toEqual([ids.spam]);
  });

  it("moves with the clock: an hour later in Chicago's day the 00:30 follow-up is still tomorrow, at 00:00 it is today", async () => {
    clockMs = NOW + 6 * HOUR + 59 * 60_000; // 23:59 in Chicago
    try {
      expect(idsOf((await get(`/api/admin/leads/contacts?form=${form}&followUp=due`)).json<LeadPage>())).toEqual(
        [ids.lateToday, ids.overdue].sort(),
      );
      clockMs = NOW + 7 * HOUR; // 00:00 on the 16th in Chicago
      expect(idsOf((await get(`/api/admin/leads/contacts?form=${form}&followUp=due`)).json<LeadPage>())).toEqual(
        [ids.lateToday, ids.overdue, ids.tomorrow].sort(),
      );
    } finally {
      clockMs = NOW;
    }
  });

  it("applies to the counts, the export, the combined list and its counts", async () => {
    const counts = (await get(`/api/admin/leads/contacts/counts?form=${form}&followUp=due`)).json<LeadCounts>();
    expect(counts).toMatchObject({ inbox: 2, spam: 1, unread: 2, byStatus: { new: 2 } });
    const csv = (await get(`/api/admin/leads/contacts/export.csv?form=${form}&followUp=due`)).rawPayload.toString(
      "utf8",
    );
    const lines = csv.slice(1).split("\r\n").filter(Boolean);
    expect(
      lines
        .slice(1)
        .map((line) => line.slice(0, 36))
        .sort(),
    ).toEqual([ids.lateToday, ids.overdue].sort());
    const all = (await get(`/api/admin/leads/all?form=${form}&followUp=due`)).json<LeadPage<LeadRow>>();
    expect(all.items.map((row) => `${row.kind}:${row.id}`).sort()).toEqual(
      [`contacts:${ids.lateToday}`, `contacts:${ids.overdue}`, `inquiries:${ids.inquiry}`].sort(),
    );
    expect(all.total).toBe(3);
    expect((await get(`/api/admin/leads/all/counts?form=${form}&followUp=due`)).json<LeadCounts>()).toMatchObject({
      inbox: 3,
      spam: 1,
    });
  });

  it("applies to the neighbours and to a bulk action by filters", async () => {
    // Newest first under the filter: overdue's lead was posted after lateToday's, tomorrow's between them is skipped.
    const order = (await get(`/api/admin/leads/contacts?form=${form}&followUp=due&sort=oldest`))
      .json<LeadPage>()
      .items.map((lead) => lead.id);
    expect(order).toEqual([ids.lateToday, ids.overdue]);
    const neighbours = (
      await get(`/api/admin/leads/contacts/${ids.lateToday}/neighbours?form=${form}&followUp=due&sort=oldest`)
    ).json();
    expect(neighbours).toEqual({ previous: null, next: ids.overdue });
    const allNeighbours = (
      await get(`/api/admin/leads/all/${ids.overdue}/neighbours?form=${form}&followUp=due&sort=oldest`)
    ).json();
    expect(allNeighbours).toEqual({
      previous: { kind: "contacts", id: ids.lateToday },
      next: { kind: "inquiries", id: ids.inquiry },
    });

    const bulk = await admin.post("/api/admin/leads/all/bulk", {
      action: "markRead",
      filters: { form, followUp: "due" },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(
      bulk
        .json<BulkResult>()
        .previous.map((lead) => lead.id)
        .sort(),
    ).toEqual([ids.lateToday, ids.overdue, ids.inquiry].sort());
    const undo = await admin.post("/api/admin/leads/all/bulk", {
      action: "restore",
      items: bulk.json<BulkResult>().previous,
    });
    expect(undo.json<BulkResult>().affected).toBe(3);
  });

  it.each([
    ["/api/admin/leads/contacts?followUp=today"],
    ["/api/admin/leads/contacts/counts?followUp=overdue"],
    ["/api/admin/leads/contacts/export.csv?followUp=1"],
    ["/api/admin/leads/all?followUp=due,tomorrow"],
    ["/api/admin/leads/all/counts?followUp="],
  ])("refuses %s with 400 saying what followUp takes", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ followUp: "followUp must be due" });
  });
});

describe("the dashboard's day (GET /api/admin/today)", () => {
  let day: TestApp;
  let dayDatabase: TestDatabase;
  let dayCookie: string;
  beforeAll(async () => {
    dayDatabase = await createTestDatabase();
    day = await ownerApp(dayDatabase);
    dayCookie = await signIn(day.app);
  });
  afterAll(async () => {
    clockMs = null;
    await day.close();
    await dayDatabase.drop();
  });
  const today = async () => {
    const response = await day.app.inject({ method: "GET", url: "/api/admin/today", headers: { cookie: dayCookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TodayQueue>();
  };
  const refs = (rows: LeadRow[]) => rows.map((row) => `${row.kind}:${row.firstName}`);

  it("needs the admin", async () => {
    expect((await day.app.inject({ method: "GET", url: "/api/admin/today" })).statusCode).toBe(401);
  });

  it("lists new leads past or near their promise, the earliest deadline first, and follow-ups due today, earliest first", async () => {
    // Monday 8 June 2026, 10:00 AM in New York (the default business hours' zone).
    clockMs = Date.UTC(2026, 5, 8, 14, 0);
    const slow = await postLead(day.app, "contacts", { firstName: "Slow", formName: "contact-page" });
    const fast = await postLead(day.app, "inquiries", { firstName: "Fast", formName: "personal-injury-audit" });
    const answered = await postLead(day.app, "contacts", { firstName: "Answered", formName: "home-services-audit" });
    await postLead(day.app, "contacts", {
      firstName: "Spam",
      formName: "home-services-audit",
      website: "http://spam.example",
    });
    const patchDay = (kind: LeadKind, id: string, payload: object) =>
      day.app.inject({
        method: "PATCH",
        url: `/api/admin/leads/${kind}/${id}`,
        headers: { cookie: dayCookie },
        payload,
      });
    await patchDay("contacts", answered, { status: "contacted" });
    const posted = clockMs!;

    expect(await today()).toMatchObject({
      ownerTimeZone: OWNER_TIMEZONE,
      needsReply: { items: [], total: 0 },
      followUps: { items: [], total: 0 },
    });

    // 3.5 hours on: the 4-hour promise is due soon (its last hour), the 24-hour one is not.
    clockMs = posted + 3.5 * HOUR;
    let queue = await today();
    expect(queue.now).toBe(new Date(clockMs).toISOString());
    expect(refs(queue.needsReply.items)).toEqual(["inquiries:Fast"]);
    expect(queue.needsReply.items[0]).toMatchObject({ id: fast, kind: "inquiries", status: "new" });

    // Wednesday 11:00 AM: the 24-hour promise (8 h Monday, 9 h Tuesday, 7 h Wednesday: 4:00 PM) is due soon
    // too; the older lead comes second, its deadline is later.
    clockMs = posted + 49 * HOUR;
    queue = await today();
    expect(refs(queue.needsReply.items)).toEqual(["inquiries:Fast", "contacts:Slow"]);
    expect(queue.needsReply.total).toBe(2);
    for (const lead of queue.needsReply.items) expect(["overdue", "due-soon"]).toContain(replyStateOf(lead, clockMs));

    // Follow-ups: overdue, later today in Chicago, tomorrow there; a spam lead's is left out.
    clockMs = Date.UTC(2026, 5, 10, 22, 0); // 17:00 in Chicago (CDT)
    await patchDay("contacts", slow, { followUpAt: "2026-06-11T04:30:00Z" }); // 23:30 in Chicago
    await patchDay("inquiries", fast, { followUpAt: "2026-06-01T09:00:00Z" });
    await patchDay("contacts", answered, { followUpAt: "2026-06-11T05:30:00Z" }); // 00:30 tomorrow in Chicago
    queue = await today();
    expect(refs(queue.followUps.items)).toEqual(["inquiries:Fast", "contacts:Slow"]);
    expect(queue.followUps.total).toBe(2);
    expect(queue.followUps.items[0]).toMatchObject({ followUpAt: "2026-06-01T09:00:00.000Z" });
  });

  it("counts every lead it cannot list, and lists the first TODAY_LIST_MAX of both kinds in their order", async () => {
    const now = Date.now();
    clockMs = now;
    await seedLeads(day.app.db, { contacts: 150, inquiries: 150 }, 7, now);
    // Follow-ups two hours ago on every contacted or qualified lead (more than the list holds), none on the others.
    for (const table of ["contactSubmissions", "serviceInquiries"] as const) {
      await day.app.db.updateTable(table).set({ followUpAt: null }).execute();
      await day.app.db
        .updateTable(table)
        .set({ followUpAt: new Date(now - 2 * HOUR).toISOString() })
        .where("status", "in", ["contacted", "qualified", "spam"])
        .execute();
    }
    const queue = await today();

    type Stored = {
      id: string;
      status: LeadStatus;
      createdAt: string;
      formName: string | null;
      replyBy: string;
      followUpAt: string | null;
      firstName: string;
    };
    const stored: (Stored & { kind: LeadKind })[] = [];
    for (const [kind, table] of [
      ["contacts", "contactSubmissions"],
      ["inquiries", "serviceInquiries"],
    ] as const) {
      const rows = (await day.app.db
        .selectFrom(table)
        .select(["id", "status", "createdAt", "formName", "replyBy", "followUpAt", "firstName"])
        .execute()) as Stored[];
      stored.push(...rows.map((row) => ({ ...row, kind })));
    }
    const byKeyThenId = (key: (row: Stored) => string) => (a: Stored, b: Stored) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1;
    const waiting = stored
      .filter((row) => ["overdue", "due-soon"].includes(replyStateOf(row, now)))
      .sort(byKeyThenId((row) => deadlineKey(row)));
    const due = stored
      .filter((row) => row.status !== "spam" && row.followUpAt !== null)
      .sort(byKeyThenId((row) => row.followUpAt!));

    expect(waiting.length).toBeGreaterThan(TODAY_LIST_MAX);
    expect(queue.needsReply.total).toBe(waiting.length);
    expect(queue.needsReply.items.map((row) => row.id)).toEqual(waiting.slice(0, TODAY_LIST_MAX).map((row) => row.id));
    expect(new Set(queue.needsReply.items.map((row) => row.kind))).toEqual(new Set(["contacts", "inquiries"]));
    expect(due.length).toBeGreaterThan(TODAY_LIST_MAX);
    expect(queue.followUps.total).toBe(due.length);
    expect(queue.followUps.items.map((row) => row.id)).toEqual(due.slice(0, TODAY_LIST_MAX).map((row) => row.id));
  });

  it("answers the repository's today() for the clock and OWNER_TIMEZONE (what the morning e-mail reads)", async () => {
    clockMs = Date.now();
    const now = new Date(clockMs);
    const window = nowWindow(now, await day.app.repositories.businessHours.get());
    expect(await today()).toEqual(
      JSON.parse(JSON.stringify(await day.app.repositories.leads.today(now, OWNER_TIMEZONE, window))),
    );
  });
});

describe("retention", () => {
  it("deletes old leads' events with them", async () => {
    const id = await postLead(t.app, "contacts");
    await patch(id, { status: "won" });
    expect(await eventRows(id)).toBe(1);
    await t.app.repositories.leads.deleteOlderThan(new Date(Date.now() + 60_000));
    expect(await eventRows(id)).toBe(0);
    expect(
      Number(
        (
          await t.app.db
            .selectFrom("leadEvents")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });
});
