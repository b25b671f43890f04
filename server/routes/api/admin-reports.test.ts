import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadDetail, LeadKind } from "../../../contract/admin-leads.ts";
import type { RelatedLeads, SourcesReport, SpeedReport } from "../../../contract/reports.ts";
import { postLead } from "../../../tests/helpers/lead-posts.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import {
  addTestUser,
  createTestApp,
  signIn,
  TEST_ADMIN,
  testConfig,
  type TestApp,
} from "../../../tests/helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database.ts";

// The owner's numbers (issue 24) through the API, on SQLite and on PostgreSQL: the sources report by
// channel, campaign, landing page, form and week in the owner's time zone (America/Chicago, across both
// daylight-saving changes of 2026), spam left out, people counted once, CSV; speed to lead; a lead's
// related leads; and the page-view beacon (validation, GPC and DNT, bots, admins, the per-address limit).

const OWNER_TIMEZONE = "America/Chicago";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let clockMs: number | null = null;
const clock = () => new Date(clockMs ?? Date.now());

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let clientDir: string;
let serial = 0;

/** A built client with three pages: the beacon counts only the site's own pages. */
function fakeClient(): string {
  const dir = mkdtempSync(join(tmpdir(), "reports-client-"));
  for (const page of ["", "contact", "home-services", "admin"]) {
    mkdirSync(join(dir, page), { recursive: true });
    writeFileSync(join(dir, page, "index.html"), "<!doctype html><title>page</title>");
  }
  return dir;
}

async function ownerApp(db: TestDatabase, rateLimited = false): Promise<TestApp> {
  const base = testConfig(db.database);
  return createTestApp(
    {
      clientDir,
      delivery: { ...base.delivery, ownerTimeZone: OWNER_TIMEZONE },
      rateLimit: { ...base.rateLimit, enabled: rateLimited },
    },
    db,
    { clock },
  );
}

const admin = adminClient(() => t.app, { cookie: () => cookie });
const { get } = admin;
const sources = async (query: string) => {
  const response = await get(`/api/admin/reports/sources?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SourcesReport>();
};
const speed = async (query: string) => {
  const response = await get(`/api/admin/reports/speed?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SpeedReport>();
};

/** A lead from a new person (its own e-mail and phone) at `at`, with `extra` fields. */
async function leadAt(at: number, extra: Record<string, unknown> = {}, kind: LeadKind = "contacts"): Promise<string> {
  serial += 1;
  clockMs = at;
  try {
    return await postLead(t.app, kind, {
      email: `person${serial}@example.com`,
      phone: `(512) 555-${String(1000 + serial)}`,
      ...extra,
    });
  } finally {
    clockMs = null;
  }
}

async function setStatus(kind: LeadKind, id: string, status: string, at: number) {
  clockMs = at;
  try {
    const response = await admin.patch(`/api/admin/leads/${kind}/${id}`, { status });
    expect(response.statusCode, response.body).toBe(200);
  } finally {
    clockMs = null;
  }
}

beforeAll(async () => {
  clientDir = fakeClient();
  database = await createTestDatabase();
  t = await ownerApp(database);
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
  await database.drop();
  rmSync(clientDir, { recursive: true, force: true });
});

describe("the sources report", () => {
  it("groups a period's leads by channel against the period before, leaves spam out and counts people once", async () => {
    // 2025-06: this period June 11-20, the one before June 1-10 (Chicago, CDT = UTC-5).
    const june = (day: number, hour = 12) => Date.UTC(2025, 5, day, hour + 5);
    await leadAt(june(12), {
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "summer-plumbing",
      landingPath: "/home-services",
    });
    await leadAt(june(13), { clickId: "gclid", landingPath: "/home-services" });
    await leadAt(june(14), { referrer: "https://www.google.com/", landingPath: "/contact" });
    await leadAt(june(15), { referrer: "https://l.facebook.com/", landingPath: "/contact" }, "inquiries");
    // The same person twice: the e-mail in another case, then the same phone written another way.
    await leadAt(june(16), {
      email: "Repeat@Example.com",
      phone: "512-555-9000",
      utmMedium: "email",
      utmSource: "newsletter",
    });
    await leadAt(june(17), {
      email: "repeat@example.com",
      phone: "(512) 555 9001",
      utmMedium: "email",
      utmSource: "newsletter",
    });
    await leadAt(june(18), { email: "other@example.com", phone: "+1 (512) 555-9000" }, "inquiries");
    // Spam (the honeypot) is never counted.
    await leadAt(june(19), { website: "https://spam.example", utmSource: "google", utmMedium: "cpc" });
    // The period before.
    await leadAt(june(2), { utmSource: "google", utmMedium: "cpc", utmCampaign: "summer-plumbing" });
    await leadAt(june(3));

    const report = await sources("from=2025-06-11&to=2025-06-20&by=channel");
    expect(report).toMatchObject({
      from: "2025-06-11",
      to: "2025-06-20",
      timeZone: OWNER_TIMEZONE,
      previousPeriod: { from: "2025-06-01", to: "2025-06-10" },
      by: "channel",
    });
    const row = (key: string) => report.rows.find((r) => r.key === key)!;
    expect(report.rows.map((r) => r.key).sort()).toEqual([
      "direct",
      "email",
      "organic-search",
      "organic-social",
      "paid-search",
      "paid-social",
      "referral",
    ]);
    expect(row("paid-search")).toMatchObject({
      label: "Paid search",
      current: { leads: 2, people: 2 },
      previous: { leads: 1, people: 1 },
    });
    expect(row("organic-search").current).toMatchObject({ leads: 1, people: 1 });
    expect(row("organic-social").current).toMatchObject({ leads: 1, people: 1 });
    // Two leads, one person (same e-mail). The inquiry with that person's phone is direct, and the same
    // person: counted once, where their first lead of the period came from (e-mail), so groups add up.
    expect(row("email").current).toMatchObject({ leads: 2, people: 1 });
    expect(row("direct")).toMatchObject({ current: { leads: 1, people: 0 }, previous: { leads: 1, people: 1 } });
    expect(report.totals.current).toMatchObject({ leads: 7, people: 5 });
    expect(report.totals.previous).toMatchObject({ leads: 2, people: 2 });
    // The rows are in order of leads.
    expect(report.rows[0]!.current.leads).toBeGreaterThanOrEqual(report.rows[1]!.current.leads);

    const campaigns = await sources("from=2025-06-11&to=2025-06-20&by=campaign");
    expect(campaigns.rows.find((r) => r.key === "summer-plumbing")).toMatchObject({
      label: "summer-plumbing",
      current: { leads: 1 },
      previous: { leads: 1 },
    });
    expect(campaigns.rows.find((r) => r.key === null)).toMatchObject({ label: "(no campaign)", current: { leads: 6 } });

    const landing = await sources("from=2025-06-11&to=2025-06-20&by=landing");
    expect(landing.rows.find((r) => r.key === "/home-services")?.current.leads).toBe(2);
    expect(landing.rows.find((r) => r.key === "/contact")?.current.leads).toBe(2);
  });

  it("cuts periods at the owner's midnight, across both daylight-saving changes", async () => {
    // 2026-03-08 is 23 hours long in Chicago (clocks go 2:00 -> 3:00); it starts at 06:00 UTC, the 9th at 05:00 UTC.
    await leadAt(Date.UTC(2026, 2, 8, 5, 59)); // 23:59 on the 7th: not the 8th
    await leadAt(Date.UTC(2026, 2, 8, 6, 0)); // 00:00 on the 8th
    await leadAt(Date.UTC(2026, 2, 9, 4, 59)); // 23:59 on the 8th (CDT)
    await leadAt(Date.UTC(2026, 2, 9, 5, 0)); // 00:00 on the 9th
    expect((await sources("from=2026-03-08&to=2026-03-08")).totals.current.leads).toBe(2);
    const ninth = await sources("from=2026-03-09&to=2026-03-09");
    expect(ninth.totals).toMatchObject({ current: { leads: 1 }, previous: { leads: 2 } });
    // 2026-11-01 is 25 hours long (2:00 -> 1:00): it starts at 05:00 UTC and ends at 06:00 UTC on the 2nd.
    await leadAt(Date.UTC(2026, 10, 1, 4, 59)); // 23:59 on October 31
    await leadAt(Date.UTC(2026, 10, 1, 5, 0));
    await leadAt(Date.UTC(2026, 10, 2, 5, 59)); // 23:59 on November 1 (CST)
    await leadAt(Date.UTC(2026, 10, 2, 6, 0)); // 00:00 on November 2
    expect((await sources("from=2026-11-01&to=2026-11-01")).totals.current.leads).toBe(2);
    // By week: Monday to Sunday in Chicago; the period's first week starts with the period.
    const weeks = await sources("from=2026-10-28&to=2026-11-03&by=week");
    expect(weeks.rows.map((row) => [row.key, row.label, row.current.leads, row.previous])).toEqual([
      ["2026-10-26", "Week of Oct 26, 2026", 3, null],
      ["2026-11-02", "Week of Nov 2, 2026", 1, null],
    ]);
  });

  it("gives conversion rates from the page views of a landing page, a form's pages and a week", async () => {
    // Views counted through the beacon on 2024-02-05 (a Monday) in Chicago.
    clockMs = Date.UTC(2024, 1, 5, 18);
    try {
      for (let i = 0; i < 10; i++) await beacon({ path: "/home-services", ref: "www.google.com" });
      for (let i = 0; i < 4; i++) await beacon({ path: "/contact", ref: "localhost" });
      await t.app.repositories.pageViews.flush();
    } finally {
      clockMs = null;
    }
    await leadAt(Date.UTC(2024, 1, 5, 19), {
      landingPath: "/home-services",
      pagePath: "/home-services",
      formName: "home-services-audit",
    });
    await leadAt(Date.UTC(2024, 1, 5, 20), {
      landingPath: "/home-services",
      pagePath: "/home-services",
      formName: "home-services-audit",
    });
    await leadAt(Date.UTC(2024, 1, 5, 21), {
      landingPath: "/home-services",
      pagePath: "/contact",
      formName: "contact-page",
    });
    const landing = await sources("from=2024-02-05&to=2024-02-05&by=landing");
    // Fewer than 30 views: the counts, no rate (issue 38: "9400%" from 1 view); the rates themselves are
    // tested with enough views in admin-reports-outcomes.test.ts.
    const fewViews = { conversionRate: null, conversionNote: "few-views" };
    expect(landing.rows.find((r) => r.key === "/home-services")?.current).toMatchObject({
      leads: 3,
      people: 3,
      views: 10,
      ...fewViews,
    });
    const forms = await sources("from=2024-02-05&to=2024-02-05&by=form");
    expect(forms.rows.find((r) => r.key === "contact-page")?.current).toMatchObject({
      leads: 1,
      people: 1,
      views: 4,
      ...fewViews,
    });
    expect(forms.rows.find((r) => r.key === "home-services-audit")?.current).toMatchObject({
      leads: 2,
      views: 10,
      ...fewViews,
    });
    expect(forms.totals.current).toMatchObject({ leads: 3, people: 3, views: 14, ...fewViews });
    const week = await sources("from=2024-02-05&to=2024-02-11&by=week");
    expect(week.rows).toMatchObject([
      {
        key: "2024-02-05",
        label: "Week of Feb 5, 2024",
        current: { leads: 3, people: 3, views: 14, ...fewViews },
        previous: null,
        listQuery: "view=inbox&from=2024-02-05&to=2024-02-11",
      },
    ]);
    // Channels have no views of their own.
    expect((await sources("from=2024-02-05&to=2024-02-05")).rows.every((row) => row.current.views === null)).toBe(true);
    // Entrances: the views from elsewhere (google), not the ones from this site (localhost).
    const stored = await t.app.db
      .selectFrom("pageViews")
      .selectAll()
      .where("day", "=", "2024-02-05")
      .orderBy("path")
      .execute();
    expect(stored).toEqual([
      { day: "2024-02-05", path: "/contact", views: 4, entrances: 0 },
      { day: "2024-02-05", path: "/home-services", views: 10, entrances: 10 },
    ]);
  });

  it("exports every table as CSV", async () => {
    const response = await get("/api/admin/reports/sources?from=2025-06-11&to=2025-06-20&by=channel&format=csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="sources-by-channel-2025-06-11-to-2025-06-20.csv"',
    );
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    const figures =
      "Leads,People,Views,Conversion,Qualified,Won,Won value (USD),Lead to client,Spend (USD),Cost per lead (USD),Cost per client (USD),Return on spend";
    const previous = figures
      .split(",")
      .map((header) => `Previous ${header[0]!.toLowerCase()}${header.slice(1)}`)
      .join(",");
    expect(lines[0]).toBe(`Channel,${figures},${previous}`);
    // No views and no spend for a channel: empty cells ("—" on the page), never 0.
    expect(lines).toContain("Paid search,2,2,,,0,0,,0.0%,,,,,1,1,,,0,0,,0.0%,,,,");
    expect(lines.at(-1)).toMatch(/^Total,7,5,/);
    const speedCsv = await get("/api/admin/reports/speed?from=2025-06-11&to=2025-06-20&format=csv");
    expect(speedCsv.statusCode).toBe(200);
    expect(speedCsv.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Group,Leads,Answered,Median minutes,90th percentile minutes,Due,Within promise,Share within promise",
    );
  });

  it("answers a clear 400 for a bad period or grouping, and the last 30 days by default", async () => {
    for (const [query, field] of [
      ["from=2025-06-11", "to"],
      ["from=2025-06-20&to=2025-06-11", "to"],
      ["from=2023-01-01&to=2025-06-11", "from"],
      ["from=yesterday&to=2025-06-11", "from"],
      ["by=referrer", "by"],
      ["format=xlsx", "format"],
      ["from=2025-02-30&to=2025-03-01", "from"],
      ["from=%00&to=%00", "from"],
      [`by=${"x".repeat(5000)}`, "by"],
      ["period=7d&period=30d", "period"],
    ] as const) {
      const response = await get(`/api/admin/reports/sources?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({
        message: "Invalid report parameters.",
        errors: { [field]: expect.any(String) },
      });
    }
    clockMs = Date.UTC(2025, 6, 1, 12);
    try {
      expect(await sources("")).toMatchObject({
        from: "2025-06-02",
        to: "2025-07-01",
        previousPeriod: { from: "2025-05-03", to: "2025-06-01" },
      });
    } finally {
      clockMs = null;
    }
    // Named periods, in the owner's calendar: on 2025-07-02 (a Wednesday) at 04:30 UTC it is still July 1 in Chicago.
    clockMs = Date.UTC(2025, 6, 2, 4, 30);
    try {
      const named = async (period: string) => {
        const report = await sources(`period=${period}`);
        return [report.from, report.to, report.previousPeriod.from, report.previousPeriod.to];
      };
      expect(await named("7d")).toEqual(["2025-06-25", "2025-07-01", "2025-06-18", "2025-06-24"]);
      expect(await named("90d")).toEqual(["2025-04-03", "2025-07-01", "2025-01-03", "2025-04-02"]);
      expect(await named("month")).toEqual(["2025-07-01", "2025-07-01", "2025-06-30", "2025-06-30"]);
      // This week so far against the same days of last week.
      expect(await named("week")).toEqual(["2025-06-30", "2025-07-01", "2025-06-23", "2025-06-24"]);
    } finally {
      clockMs = null;
    }
    const both = await get("/api/admin/reports/sources?period=7d&from=2025-06-01&to=2025-06-02");
    expect(both.statusCode).toBe(400);
    expect((await get("/api/admin/reports/speed?period=fortnight")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/reports/sources" })).statusCode).toBe(401);
  });
});

describe("speed to lead", () => {
  it("measures arrival to first answer: median, 90th percentile and the share within each form's promise, by week and by assignee", async () => {
    // 2023-05: Monday the 1st and Monday the 8th, Chicago.
    const at = (day: number, hour: number) => Date.UTC(2023, 4, day, hour + 5);
    const minutesLater = [10, 20, 30, 40, 50, 60, 70, 80, 90, 600];
    const ids: string[] = [];
    for (const [i, minutes] of minutesLater.entries()) {
      const id = await leadAt(at(1 + (i % 2) * 7, 9));
      ids.push(id);
      await setStatus("contacts", id, "contacted", at(1 + (i % 2) * 7, 9) + minutes * MINUTE);
    }
    // A 4-hour promise answered in 5 hours (late), two 24-hour ones not answered and past due, one too recent
    // to judge (due and not yet due are both counted, so a reversed comparison with now cannot pass).
    const late = await leadAt(at(2, 9), { formName: "home-services-audit" });
    await setStatus("contacts", late, "qualified", at(2, 14));
    await leadAt(at(3, 9), { formName: "lead-audit" });
    await leadAt(at(4, 9), { formName: "lead-audit" });
    const now = at(12, 9);
    await leadAt(now - HOUR, { formName: "lead-audit" });
    // Spam never counts; a status change back to new and on again keeps the first answer.
    await leadAt(at(2, 10), { website: "https://spam.example" });
    await setStatus("contacts", ids[0]!, "new", at(4, 9));
    await setStatus("contacts", ids[0]!, "won", at(5, 9));

    clockMs = now;
    let report: SpeedReport;
    try {
      report = await speed("from=2023-05-01&to=2023-05-14");
    } finally {
      clockMs = null;
    }
    expect(report.current).toEqual({
      leads: 14,
      answered: 11,
      medianMinutes: 60,
      p90Minutes: 300,
      due: 13,
      withinPromise: 10,
      shareWithinPromise: 10 / 13,
    });
    expect(report.byWeek.map((week) => [week.weekStart, week.leads, week.answered])).toEqual([
      ["2023-05-01", 8, 6],
      ["2023-05-08", 6, 5],
    ]);
    // One user: no table by assignee.
    expect(report.byAssignee).toEqual([]);
    const detail = (await get(`/api/admin/leads/contacts/${ids[0]}`)).json<LeadDetail>();
    expect(detail.answeredAt).toBe(new Date(at(1, 9) + 10 * MINUTE).toISOString());

    // With a second user, by who answered first (issue 33): a lead the owner answered stays the owner's
    // after it is assigned to the member; the member's own first answer is theirs; a lead not answered yet
    // is credited to whoever holds it (here nobody: "Unassigned").
    const member = await addTestUser(t.app, { email: `member${Date.now()}@example.com`, name: "Mia Member" });
    const memberCookie = await signIn(t.app, member);
    const assign = await admin.patch(`/api/admin/leads/contacts/${ids[1]}`, { assigneeId: member.id });
    expect(assign.statusCode).toBe(200);
    const memberLead = await leadAt(at(9, 9));
    clockMs = at(9, 9) + 15 * MINUTE;
    try {
      const answered = await t.app.inject({
        method: "PATCH",
        url: `/api/admin/leads/contacts/${memberLead}`,
        headers: { cookie: memberCookie },
        payload: { status: "contacted", assigneeId: member.id },
      });
      expect(answered.statusCode, answered.body).toBe(200);
    } finally {
      clockMs = null;
    }
    clockMs = now;
    try {
      report = await speed("from=2023-05-01&to=2023-05-14");
    } finally {
      clockMs = null;
    }
    expect(report.byAssignee.find((row) => row.assigneeId === member.id)).toMatchObject({
      name: "Mia Member",
      leads: 1,
      answered: 1,
      medianMinutes: 15,
    });
    expect(report.byAssignee.find((row) => row.name === TEST_ADMIN.email)).toMatchObject({ leads: 11, answered: 11 });
    expect(report.byAssignee.find((row) => row.assigneeId === null)).toMatchObject({
      name: "Unassigned",
      leads: 3,
      answered: 0,
    });
  });
});

describe("the same person twice", () => {
  it("links leads with the same e-mail (any case) or the same phone digits, across both kinds, and merges nothing", async () => {
    const first = await leadAt(Date.UTC(2022, 0, 3, 15), { email: "Jo.Smith@Example.com", phone: "(312) 555-0101" });
    const byEmail = await leadAt(
      Date.UTC(2022, 0, 4, 15),
      { email: "jo.smith@example.com ", phone: "(312) 555-0199" },
      "inquiries",
    );
    const byPhone = await leadAt(Date.UTC(2022, 0, 5, 15), { email: "jo@work.example", phone: "+1 312.555.0101" });
    const stranger = await leadAt(Date.UTC(2022, 0, 6, 15), { email: "someone@else.example", phone: "(312) 555-0102" });
    const related = async (kind: LeadKind, id: string) => {
      const response = await get(`/api/admin/leads/${kind}/${id}/related`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RelatedLeads>().items;
    };
    const firstRelated = await related("contacts", first);
    expect(firstRelated.map((lead) => [lead.kind, lead.id])).toEqual([
      ["contacts", byPhone],
      ["inquiries", byEmail],
    ]);
    expect(firstRelated[0]).toMatchObject({
      firstName: "Dana",
      formName: null,
      status: "new",
      createdAt: new Date(Date.UTC(2022, 0, 5, 15)).toISOString(),
    });
    expect((await related("inquiries", byEmail)).map((lead) => lead.id).sort()).toEqual([first, byPhone].sort());
    expect(await related("contacts", stranger)).toEqual([]);
    // Nothing merged: each lead is still there on its own.
    for (const [kind, id] of [
      ["contacts", first],
      ["inquiries", byEmail],
      ["contacts", byPhone],
    ] as const)
      expect((await get(`/api/admin/leads/${kind}/${id}`)).statusCode).toBe(200);
    // The inbox's "one row per person": the newest lead of each person, in both kinds' lists and their counts.
    const grouped = (
      await get("/api/admin/leads/all?group=person&from=2022-01-03&to=2022-01-06&view=all&limit=100")
    ).json<{ items: { id: string }[]; total: number }>();
    expect(grouped.items.map((lead) => lead.id)).toEqual([stranger, byPhone]);
    expect(grouped.total).toBe(2);
    const contactsGrouped = (
      await get("/api/admin/leads/contacts/counts?group=person&from=2022-01-03&to=2022-01-06")
    ).json<{ inbox: number }>();
    expect(contactsGrouped.inbox).toBe(2);
    expect((await get("/api/admin/leads/all?group=people")).statusCode).toBe(400);
    expect((await get("/api/admin/leads/contacts/00000000-0000-4000-8000-000000000000/related")).statusCode).toBe(404);
    expect((await get("/api/admin/leads/contacts/not-an-id/related")).statusCode).toBe(400);
  });

  it("gives leads stored before the person keys existed their person, oldest first", async () => {
    const older = await leadAt(Date.UTC(2021, 0, 3, 15), { email: "legacy@example.com", phone: "(312) 555-0777" });
    const newer = await leadAt(Date.UTC(2021, 0, 4, 15), { email: "LEGACY@example.com", phone: "(312) 555-0778" });
    // As an instance older than migration 0017 would have stored them; the start-up step keys them (reads never write).
    await t.app.db
      .updateTable("contactSubmissions")
      .set({ personId: null, emailKey: null, phoneKey: null, channel: null })
      .where("id", "in", [older, newer])
      .execute();
    await t.app.repositories.leads.backfillDerivedColumns();
    const items = (await get(`/api/admin/leads/contacts/${newer}/related`)).json<RelatedLeads>().items;
    expect(items.map((lead) => lead.id)).toEqual([older]);
    const rows = await t.app.db
      .selectFrom("contactSubmissions")
      .select(["id", "personId", "channel"])
      .where("id", "in", [older, newer])
      .execute();
    expect(rows.every((row) => row.personId === older && row.channel === "direct")).toBe(true);
  });
});

/** Sends one beacon as navigator.sendBeacon does (text/plain), with `headers`. */
function beacon(body: unknown, headers: Record<string, string> = {}, app = t.app) {
  return app.inject({
    method: "POST",
    url: "/api/views",
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
      ...headers,
    },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("the page-view beacon", () => {
  const viewsOn = async (day: string, path: string) => {
    await t.app.repositories.pageViews.flush();
    const row = await t.app.db
      .selectFrom("pageViews")
      .select("views")
      .where("day", "=", day)
      .where("path", "=", path)
      .executeTakeFirst();
    return row?.views ?? 0;
  };
  const dayOf = (ms: number) => new Date(ms - 6 * HOUR).toISOString().slice(0, 10);

  it("counts a view per path and day, and not with GPC or DNT, from a bot, an admin, a prefetch or a path off the site", async () => {
    clockMs = Date.UTC(2020, 0, 15, 18);
    try {
      const day = dayOf(clockMs);
      expect((await beacon({ path: "/contact", ref: "www.bing.com" })).statusCode).toBe(204);
      expect((await beacon({ path: "/contact/" })).statusCode).toBe(204);
      expect(await viewsOn(day, "/contact")).toBe(2);
      const uncounted: Record<string, string>[] = [
        { "sec-gpc": "1" },
        { dnt: "1" },
        { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
        { "user-agent": "" },
        { cookie: `agency_session=${"a".repeat(43)}` },
        { "sec-purpose": "prefetch" },
      ];
      for (const headers of uncounted) {
        const response = await beacon({ path: "/contact" }, headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(204);
      }
      for (const path of ["/admin", "/admin/leads", "/api/contact", "/no-such-page"])
        expect((await beacon({ path })).statusCode).toBe(204);
      expect(await viewsOn(day, "/contact")).toBe(2);
      const paths = await t.app.db.selectFrom("pageViews").select("path").where("day", "=", day).execute();
      expect(paths.map((row) => row.path)).toEqual(["/contact"]);
      // JSON from fetch counts the same.
      const json = await t.app.inject({
        method: "POST",
        url: "/api/views",
        headers: { "user-agent": "Mozilla/5.0 Firefox/133.0" },
        payload: { path: "/" },
      });
      expect(json.statusCode).toBe(204);
      expect(await viewsOn(day, "/")).toBe(1);
      // No cookie is set, nothing about the visitor is stored.
      expect(json.headers["set-cookie"]).toBeUndefined();
    } finally {
      clockMs = null;
    }
  });

  it("refuses what is not a page view with a clear 4xx, never a 5xx, and stores nothing", async () => {
    const before = await t.app.db
      .selectFrom("pageViews")
      .select((eb) => eb.fn.sum<number>("views").as("n"))
      .executeTakeFirstOrThrow();
    const cases: [unknown, number][] = [
      ["not json", 400],
      ["", 400],
      ["null", 400],
      ["[]", 400],
      [{}, 400],
      [{ path: 42 }, 400],
      [{ path: "contact" }, 400],
      [{ path: "/a b" }, 400],
      [{ path: "/<script>" }, 400],
      [{ path: "/x", ref: "https://evil.example/path?q=1" }, 400],
      [{ path: `/${"a".repeat(600)}` }, 400],
      [{ path: "/", filler: "x".repeat(2000) }, 413],
    ];
    for (const [body, status] of cases) {
      const response = await beacon(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    const form = await t.app.inject({
      method: "POST",
      url: "/api/views",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "path=/",
    });
    expect(form.statusCode).toBe(415);
    await t.app.repositories.pageViews.flush();
    const after = await t.app.db
      .selectFrom("pageViews")
      .select((eb) => eb.fn.sum<number>("views").as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("limits each address to 120 views a minute (429 with Retry-After), when limits are on", async () => {
    const limited = await ownerApp(database, true);
    try {
      clockMs = Date.UTC(2020, 1, 3, 18);
      const statuses: number[] = [];
      for (let i = 0; i < 125; i++)
        statuses.push((await beacon({ path: "/" }, { "x-test": String(i) }, limited.app)).statusCode);
      expect(statuses.filter((status) => status === 204)).toHaveLength(120);
      const refused = await beacon({ path: "/" }, {}, limited.app);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({
        message: expect.stringMatching(/^Too many page views\. Please try again in \d+ seconds\.$/),
      });
      clockMs += 61_000;
      expect((await beacon({ path: "/" }, {}, limited.app)).statusCode).toBe(204);
      await limited.app.repositories.pageViews.flush();
      const row = await limited.app.db
        .selectFrom("pageViews")
        .select("views")
        .where("day", "=", "2020-02-03")
        .where("path", "=", "/")
        .executeTakeFirst();
      expect(row?.views).toBe(121);
    } finally {
      clockMs = null;
      await limited.app.close();
    }
  });

  it("keeps the counts 25 months", async () => {
    await t.app.db
      .insertInto("pageViews")
      .values([
        { day: "2019-10-27", path: "/old", views: 5, entrances: 1 },
        { day: "2019-10-28", path: "/kept", views: 5, entrances: 1 },
      ])
      .execute();
    const removed = await t.app.repositories.pageViews.deleteExpired(new Date(Date.UTC(2021, 10, 28, 18)));
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await t.app.db.selectFrom("pageViews").select("path").where("path", "in", ["/old", "/kept"]).execute();
    expect(left.map((row) => row.path)).toEqual(["/kept"]);
  });
});
