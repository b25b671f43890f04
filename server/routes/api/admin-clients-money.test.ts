import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadDetail, LeadKind, LeadPage } from "../../../contract/admin-leads.ts";
import { leadExportColumns } from "../../../contract/lead-export.ts";
import type { SourcesReport } from "../../../contract/reports.ts";
import type { SavedView, SavedViews } from "../../../contract/saved-views.ts";
import type { SpendSettings } from "../../../contract/spend.ts";
import { adminClient, signedInClient, type AdminClient } from "../../../tests/helpers/admin-client.ts";
import { postLead } from "../../../tests/helpers/lead-posts.ts";
import {
  addTestUser,
  createTestApp,
  signIn,
  TEST_ADMIN,
  testConfig,
  type TestApp,
} from "../../../tests/helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database.ts";
import { seedLeads } from "../../db/seed-data.ts";

// Issue 38 through the API, on SQLite and on PostgreSQL: a won lead's value, the spend, the sources
// report's outcomes and money (and its honest rates), each report cell against the lead list filtered the
// same way, the new list filters, the export's columns, notes found by the search, saved views; roles and
// bad input (400 with the field's message, nothing changed).

const OWNER_TIMEZONE = "America/Chicago";
let clockMs: number | null = null;
const clock = () => new Date(clockMs ?? Date.now());

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let member: AdminClient;
let memberId: string;
let serial = 0;

const owner = adminClient(() => t.app, { cookie: () => cookie });
const { get, patch, put, post } = owner;

/** 2026-03 in Chicago (CST = UTC-6 until March 8, CDT = UTC-5 after). */
const march = (day: number, hour = 12) => Date.UTC(2026, 2, day, hour + (day < 8 ? 6 : 5));
const PERIOD = "from=2026-03-01&to=2026-03-31";

async function leadAt(at: number, extra: Record<string, unknown> = {}, kind: LeadKind = "contacts"): Promise<string> {
  serial += 1;
  clockMs = at;
  try {
    return await postLead(t.app, kind, {
      email: `money${serial}@example.com`,
      phone: `(512) 555-${String(2000 + serial)}`,
      ...extra,
    });
  } finally {
    clockMs = null;
  }
}

const sources = async (query: string) => {
  const response = await get(`/api/admin/reports/sources?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SourcesReport>();
};
const listTotal = async (query: string) => {
  const response = await get(`/api/admin/leads/all?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LeadPage>().total;
};
const detail = async (kind: LeadKind, id: string) => (await get(`/api/admin/leads/${kind}/${id}`)).json<LeadDetail>();

/** RFC 4180 as the export writes it: quoted cells with doubled quotes and line breaks, CRLF between lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}
const exportRows = async (url: string, client: AdminClient = owner) => {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.body.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(response.body.slice(1));
  return rows.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]])));
};

// The March leads: paid search (a campaign), organic search, e-mail, direct; their outcomes set below.
const ids: Record<string, { kind: LeadKind; id: string }> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const base = testConfig(database.database);
  t = await createTestApp({ delivery: { ...base.delivery, ownerTimeZone: OWNER_TIMEZONE } }, database, { clock });
  cookie = await signIn(t.app);
  const user = await addTestUser(t.app, { email: "member@example.com", name: "Mia Member" });
  memberId = user.id;
  member = await signedInClient(t.app, user);

  const paid = { utmSource: "google", utmMedium: "cpc", utmCampaign: "spring-roofs", landingPath: "/home-services" };
  ids.paidWon = { kind: "contacts", id: await leadAt(march(3), { ...paid, firstName: "Wanda" }) };
  ids.paidWon2 = { kind: "inquiries", id: await leadAt(march(10), { ...paid, firstName: "Will" }, "inquiries") };
  ids.paidQualified = { kind: "contacts", id: await leadAt(march(12), paid) };
  ids.paidLost = { kind: "contacts", id: await leadAt(march(20), paid) };
  ids.organicWon = {
    kind: "contacts",
    id: await leadAt(march(5), { referrer: "https://www.google.com/", landingPath: "/seo", formName: "contact-page" }),
  };
  ids.organicNew = { kind: "contacts", id: await leadAt(march(6), { referrer: "https://www.google.com/" }) };
  ids.email = {
    kind: "inquiries",
    id: await leadAt(march(25), { utmSource: "newsletter", utmMedium: "email" }, "inquiries"),
  };
  // The last minute of March 31 in Chicago (05:59 UTC on April 1): March's by the owner's calendar.
  ids.lateDirect = { kind: "contacts", id: await leadAt(Date.UTC(2026, 3, 1, 4, 59)) };
  // April 1 in Chicago: not March's.
  await leadAt(Date.UTC(2026, 3, 1, 6, 0));
  // Spam is never counted.
  await leadAt(march(15), { ...paid, website: "https://spam.example" });

  for (const [name, status, value] of [
    ["paidWon", "won", 1200],
    ["paidWon2", "won", 800.5],
    ["paidQualified", "qualified", undefined],
    ["paidLost", "lost", undefined],
    ["organicWon", "won", undefined],
  ] as const) {
    const { kind, id } = ids[name]!;
    const response = await patch(`/api/admin/leads/${kind}/${id}`, { status, ...(value ? { value } : {}) });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

describe("a won lead's value", () => {
  it("is stored with the change to won, shown on the lead and in its history", async () => {
    const { kind, id } = ids.paidWon!;
    const lead = await detail(kind, id);
    expect(lead.status).toBe("won");
    expect(lead.value).toBe(1200);
    expect(lead.events.find((event) => event.type === "status")).toMatchObject({ from: "new", to: "won", value: 1200 });
    const activity = await t.app.db
      .selectFrom("activity")
      .select("summary")
      .where("leadId", "=", id)
      .where("kind", "=", "status")
      .execute();
    expect(activity.map((row) => row.summary)).toContain(
      "changed Wanda Lead from New to Won ($1,200.00)".replace("Wanda Lead", `Wanda ${lead.lastName}`),
    );
  });

  it("is changed on a won lead alone, as a value event", async () => {
    const id = await leadAt(march(14));
    expect((await patch(`/api/admin/leads/contacts/${id}`, { status: "won" })).statusCode).toBe(200);
    expect((await detail("contacts", id)).value).toBeNull();
    const changed = await member.patch(`/api/admin/leads/contacts/${id}`, { value: 99.99 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<LeadDetail>().value).toBe(99.99);
    expect(changed.json<LeadDetail>().events.at(-1)).toMatchObject({
      type: "value",
      value: 99.99,
      by: { id: memberId },
    });
    // Leaving won drops the value; coming back without one keeps none.
    expect(
      (await patch(`/api/admin/leads/contacts/${id}`, { status: "qualified" })).json<LeadDetail>().value,
    ).toBeNull();
    expect((await patch(`/api/admin/leads/contacts/${id}`, { status: "won" })).json<LeadDetail>().value).toBeNull();
    await patch(`/api/admin/leads/contacts/${id}`, { status: "spam" });
  });

  it("is refused with another status, on a lead that is not won, or when it is not an amount (nothing changes)", async () => {
    const { kind, id } = ids.paidQualified!;
    const before = await detail(kind, id);
    for (const [body, field, message] of [
      [{ status: "lost", value: 10 }, "value", "A value can only be given to a won lead: send it with status won."],
      [{ value: 10 }, "value", "A value can only be given to a won lead: send it with status won."],
      [{ status: "won", value: -1 }, "value", "value must not be negative"],
      [{ status: "won", value: 1.234 }, "value", "value has at most two decimals (cents)"],
      [{ status: "won", value: "12" }, "value", "value must be a number (an amount in USD)"],
      [{ status: "won", value: 20_000_000 }, "value", "value must be at most 10,000,000"],
    ] as const) {
      const response = await patch(`/api/admin/leads/${kind}/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[field]).toBe(message);
    }
    const after = await detail(kind, id);
    expect([after.status, after.value, after.events.length]).toEqual([
      before.status,
      before.value,
      before.events.length,
    ]);
  });
});

describe("spend", () => {
  it("is empty, then replaced as a whole by an owner, and read by every user", async () => {
    expect((await get("/api/admin/settings/spend")).json<SpendSettings>()).toEqual({ currency: "USD", lines: [] });
    const lines = [
      { month: "2026-03", channel: "paid-search", amount: 600 },
      { month: "2026-03", channel: "paid-search", campaign: "spring-roofs", amount: 400 },
      { month: "2026-02", channel: "paid-search", amount: 280 },
      { month: "2026-03", channel: "email", campaign: "", amount: 0 },
    ];
    const saved = await put("/api/admin/settings/spend", lines);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      currency: "USD",
      lines: [
        { month: "2026-03", channel: "email", campaign: null, amount: 0 },
        { month: "2026-03", channel: "paid-search", campaign: null, amount: 600 },
        { month: "2026-03", channel: "paid-search", campaign: "spring-roofs", amount: 400 },
        { month: "2026-02", channel: "paid-search", campaign: null, amount: 280 },
      ],
    };
    expect(saved.json()).toEqual(expected);
    expect((await member.get("/api/admin/settings/spend")).json()).toEqual(expected);
  });

  it("refuses a member, and bad lines with the field's message, changing nothing", async () => {
    const before = (await get("/api/admin/settings/spend")).json<SpendSettings>();
    const refused = await member.put("/api/admin/settings/spend", []);
    expect(refused.statusCode).toBe(403);
    for (const [body, field, message] of [
      [
        [{ month: "2026-13", channel: "paid-search", amount: 1 }],
        "0.month",
        "month must be YYYY-MM (2000-01 to 2100-12)",
      ],
      [
        [{ month: "2026-03", channel: "tv", amount: 1 }],
        "0.channel",
        "channel must be one of: organic-search, paid-search, paid-social, organic-social, email, referral, direct",
      ],
      [[{ month: "2026-03", channel: "direct", amount: -5 }], "0.amount", "amount must not be negative"],
      [[{ month: "2026-03", channel: "direct" }], "0.amount", "amount must be a number (an amount in USD)"],
      [
        [
          { month: "2026-03", channel: "direct", amount: 1 },
          { month: "2026-03", channel: "direct", campaign: null, amount: 2 },
        ],
        "1.month",
        "2026-03 direct is listed twice",
      ],
      [{ month: "2026-03" }, "body", "Expected a JSON array"],
    ] as const) {
      const response = await put("/api/admin/settings/spend", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[field]).toBe(message);
    }
    expect((await get("/api/admin/settings/spend")).json()).toEqual(before);
  });
});

describe("the sources report's outcomes and money", () => {
  it("gives qualified, won, won value, the client rate, spend and its ratios per channel; null where there is no spend", async () => {
    const report = await sources(`${PERIOD}&by=channel`);
    const row = (key: string) => report.rows.find((r) => r.key === key)!;
    expect(report.currency).toBe("USD");
    // Paid search: 4 leads, 3 qualified (2 won + 1 qualified), 2 won worth 2,000.50; spend 600 + 400 (March, whole).
    expect(row("paid-search").current).toMatchObject({
      leads: 4,
      qualified: 3,
      won: 2,
      wonValue: 2000.5,
      clientRate: 0.5,
      spend: 1000,
      costPerLead: 250,
      costPerClient: 500,
      returnOnSpend: 2000.5 / 1000,
    });
    // Organic search: a won lead without a value; no spend: every money figure null, never 0.
    expect(row("organic-search").current).toMatchObject({
      leads: 2,
      won: 1,
      wonValue: null,
      clientRate: 0.5,
      spend: null,
      costPerLead: null,
      costPerClient: null,
      returnOnSpend: null,
    });
    // E-mail cost 0: a cost per lead of 0 is true; no client: no cost per client; no value: no return.
    expect(row("email").current).toMatchObject({
      leads: 1,
      won: 0,
      spend: 0,
      costPerLead: 0,
      costPerClient: null,
      returnOnSpend: null,
    });
    expect(row("direct").current).toMatchObject({ leads: 1, spend: null, costPerLead: null });
    expect(report.totals.current).toMatchObject({ leads: 8, qualified: 4, won: 3, wonValue: 2000.5, spend: 1000 });
    expect(report.funnel).toEqual({ views: 0, leads: 8, qualified: 4, won: 3 });
    // February's spend belongs to the period before (February 1-28 for March 1-31): 280 in all.
    expect(row("paid-search").previous).toMatchObject({ leads: 0, spend: 280, costPerLead: null });
  });

  it("spreads a month's spend over its days and gives campaigns their own spend", async () => {
    // March 1-10 carries 10/31 of March's 1,000 of paid search.
    const part = await sources("from=2026-03-01&to=2026-03-10&by=channel");
    expect(part.rows.find((r) => r.key === "paid-search")!.current.spend).toBeCloseTo((1000 * 10) / 31, 2);
    const campaigns = await sources(`${PERIOD}&by=campaign`);
    expect(campaigns.rows.find((r) => r.key === "spring-roofs")!.current).toMatchObject({
      leads: 4,
      won: 2,
      spend: 400,
      costPerLead: 100,
      costPerClient: 200,
    });
    expect(campaigns.rows.find((r) => r.key === null)!.current).toMatchObject({ leads: 4, spend: null });
    // Rows by landing page, form and week have no spend.
    for (const by of ["landing", "form", "week"])
      expect((await sources(`${PERIOD}&by=${by}`)).rows.every((r) => r.current.spend === null)).toBe(true);
  });

  it("gives a conversion rate only from 30 views on, and says why one is above 100 %", async () => {
    await t.app.db
      .insertInto("pageViews")
      .values([
        { day: "2026-03-04", path: "/home-services", views: 2, entrances: 2 },
        { day: "2026-03-05", path: "/seo", views: 40, entrances: 40 },
      ])
      .execute();
    const landing = await sources(`${PERIOD}&by=landing`);
    // 4 leads from 2 views: no rate (not "200%"), the counts are there.
    expect(landing.rows.find((r) => r.key === "/home-services")!.current).toMatchObject({
      leads: 4,
      views: 2,
      conversionRate: null,
      conversionNote: "few-views",
    });
    expect(landing.rows.find((r) => r.key === "/seo")!.current).toMatchObject({
      leads: 1,
      views: 40,
      conversionRate: 1 / 40,
      conversionNote: null,
    });
    // 42 views in all, 8 leads.
    expect(landing.totals.current).toMatchObject({ views: 42, conversionRate: 8 / 42, conversionNote: null });
    expect(landing.funnel).toEqual({ views: 42, leads: 8, qualified: 4, won: 3 });
    const weeks = await sources(`${PERIOD}&by=week`);
    for (const row of weeks.rows) {
      const rate = row.current.conversionRate;
      if (rate !== null && rate > 1) expect(row.current.conversionNote).toBe("more-leads-than-views");
      if (row.current.views !== null && row.current.views < 30) expect(rate).toBeNull();
    }
  });

  it("gives each week's leads and clients by channel for the stacked chart", async () => {
    const weeks = await sources(`${PERIOD}&by=week`);
    const week = weeks.rows.find((row) => row.key === "2026-03-09")!;
    expect(week.listQuery).toBe("view=inbox&from=2026-03-09&to=2026-03-15");
    expect(week.byChannel?.find((c) => c.channel === "paid-search")).toEqual({
      channel: "paid-search",
      leads: 2,
      won: 1,
    });
    for (const row of weeks.rows) {
      expect(row.byChannel?.reduce((sum, c) => sum + c.leads, 0)).toBe(row.current.leads);
      expect(row.byChannel?.reduce((sum, c) => sum + c.won, 0)).toBe(row.current.won);
    }
  });
});

describe("every report figure opens its leads", () => {
  it("the lead list filtered by a row's listQuery (and outcome) counts what the cell says, by every grouping", async () => {
    let checked = 0;
    for (const by of ["channel", "campaign", "landing", "form", "week"]) {
      const report = await sources(`${PERIOD}&by=${by}`);
      for (const row of report.rows) {
        expect(await listTotal(row.listQuery), `${by} ${row.key} leads`).toBe(row.current.leads);
        if (row.current.leads === 0) continue;
        expect(await listTotal(`${row.listQuery}&outcome=qualified`), `${by} ${row.key} qualified`).toBe(
          row.current.qualified,
        );
        expect(await listTotal(`${row.listQuery}&outcome=won`), `${by} ${row.key} won`).toBe(row.current.won);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it("filters by channel, campaign, landing page and outcome, and refuses unknown values", async () => {
    expect(await listTotal(`${PERIOD}&channel=paid-search`)).toBe(4);
    expect(await listTotal(`${PERIOD}&channel=paid-search&outcome=lost`)).toBe(1);
    expect(await listTotal(`${PERIOD}&campaign=spring-roofs&outcome=won`)).toBe(2);
    expect(await listTotal(`${PERIOD}&campaign=(none)`)).toBe(4);
    expect(await listTotal(`${PERIOD}&landingPath=/seo`)).toBe(1);
    // From/to are the owner's days: the lead at 23:59 on March 31 in Chicago is March's.
    expect(await listTotal("from=2026-03-31&to=2026-03-31")).toBe(1);
    expect(await listTotal("from=2026-04-01&to=2026-04-01")).toBe(1);
    const kind = await get(`/api/admin/leads/contacts?${PERIOD}&channel=organic-search&outcome=won`);
    expect(kind.json<LeadPage>().items.map((lead) => lead.id)).toEqual([ids.organicWon!.id]);
    for (const [query, field, message] of [
      [
        "channel=tv",
        "channel",
        "channel must be one of: organic-search, paid-search, paid-social, organic-social, email, referral, direct",
      ],
      ["outcome=maybe", "outcome", "outcome must be one of: qualified, won, lost"],
      [
        `landingPath=${"/x".repeat(300)}`,
        "landingPath",
        "Shorten your landing page filter to 512 characters or fewer.",
      ],
    ] as const) {
      const response = await get(`/api/admin/leads/all?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[field]).toBe(message);
    }
  });
});

describe("the export", () => {
  it("carries assignee, status, value, notes, follow-up, channel, campaign and landing page, in the owner's time", async () => {
    const { kind, id } = ids.paidWon!;
    await patch(`/api/admin/leads/${kind}/${id}`, {
      assigneeId: memberId,
      followUpAt: "2026-03-20T15:00:00Z",
      followUpNote: "=call back",
    });
    clockMs = Date.UTC(2026, 2, 4, 14, 15);
    try {
      expect(
        (await post(`/api/admin/leads/${kind}/${id}/notes`, { body: 'Quoted, "roof"\nsecond line' })).statusCode,
      ).toBe(201);
    } finally {
      clockMs = null;
    }
    const rows = await exportRows(`/api/admin/leads/all/export.csv?${PERIOD}`);
    expect(Object.keys(rows[0]!)).toEqual([...leadExportColumns]);
    expect(rows).toHaveLength(8);
    // Newest first, both kinds merged.
    expect(rows.map((row) => row.receivedAt)).toEqual([...rows.map((row) => row.receivedAt)].sort().reverse());
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(["contacts", "inquiries"]));
    const won = rows.find((row) => row.id === id)!;
    expect(won).toMatchObject({
      kind: "contacts",
      status: "won",
      value: "1200.00",
      assignee: "Mia Member",
      channel: "paid-search",
      campaign: "spring-roofs",
      landingPage: "/home-services",
      // March 3 12:00 in Chicago (CST) and March 20 10:00 (CDT): the offsets change with the date.
      receivedAt: "2026-03-03T12:00:00-06:00",
      followUpAt: "2026-03-20T10:00:00-05:00",
      // A formula-like cell is neutralised, as every cell of the export.
      followUpNote: "'=call back",
      // Each note: its time, its author (the owner has no name: their e-mail), its words.
      notes: `2026-03-04T08:15:00-06:00 ${TEST_ADMIN.email}: Quoted, "roof"\nsecond line`,
    });
    expect(rows.find((row) => row.id === ids.organicWon!.id)).toMatchObject({
      value: "",
      assignee: "",
      landingPage: "/seo",
    });
    // The last minute of March 31 in Chicago.
    expect(rows.find((row) => row.id === ids.lateDirect!.id)!.receivedAt).toBe("2026-03-31T23:59:00-05:00");
  });

  it("exports every change at once: status, value, assignee and their name, read, follow-up, notes, the owner's zone", async () => {
    const id = await leadAt(march(18, 9), { firstName: "Fresh", lastName: "Export", company: "Fresh Roofs" });
    const line = async (client: AdminClient = owner) => {
      const rows = await exportRows(`/api/admin/leads/contacts/export.csv?q=fresh%20roofs`, client);
      expect(rows.map((row) => row.id)).toEqual([id]);
      return rows[0]!;
    };
    expect(await line()).toMatchObject({
      status: "new",
      value: "",
      assignee: "",
      readAt: "",
      followUpAt: "",
      notes: "",
      receivedAt: "2026-03-18T09:00:00-05:00",
      firstName: "Fresh",
      company: "Fresh Roofs",
    });
    expect((await patch(`/api/admin/leads/contacts/${id}`, { status: "won", value: 310 })).statusCode).toBe(200);
    expect(await line()).toMatchObject({
      status: "won",
      value: "310.00",
      answeredAt: expect.stringMatching(/^2\d{3}-/),
    });
    expect((await patch(`/api/admin/leads/contacts/${id}`, { value: 42.5, assigneeId: memberId })).statusCode).toBe(
      200,
    );
    expect(await line()).toMatchObject({ value: "42.50", assignee: "Mia Member" });
    expect((await member.put("/api/admin/account/name", { name: "Mia Renamed" })).statusCode).toBe(200);
    clockMs = Date.UTC(2026, 2, 19, 14, 0);
    try {
      expect((await member.post(`/api/admin/leads/contacts/${id}/notes`, { body: "Sent the quote" })).statusCode).toBe(
        201,
      );
    } finally {
      clockMs = null;
    }
    expect(
      (
        await patch(`/api/admin/leads/contacts/${id}`, {
          read: true,
          followUpAt: "2026-03-25T15:00:00Z",
          followUpNote: "ring",
        })
      ).statusCode,
    ).toBe(200);
    const changed = await line();
    expect(changed).toMatchObject({
      assignee: "Mia Renamed",
      notes: "2026-03-19T09:00:00-05:00 Mia Renamed: Sent the quote",
      followUpAt: "2026-03-25T10:00:00-05:00",
      followUpNote: "ring",
      readAt: expect.stringMatching(/^2\d{3}-/),
    });
    expect((await patch(`/api/admin/leads/contacts/${id}`, { status: "lost", followUpAt: null })).statusCode).toBe(200);
    expect(await line()).toMatchObject({ status: "lost", value: "", followUpAt: "", followUpNote: "" });
    expect((await member.put("/api/admin/account/name", { name: "Mia Member" })).statusCode).toBe(200);

    // Another owner's zone (the server restarted with another OWNER_TIMEZONE): every time in it.
    const base = testConfig(database.database);
    const kolkata = await createTestApp({ delivery: { ...base.delivery, ownerTimeZone: "Asia/Kolkata" } }, database);
    try {
      const kolkataCookie = await signIn(kolkata.app);
      const there = await line(adminClient(() => kolkata.app, { cookie: () => kolkataCookie }));
      expect(there).toMatchObject({
        receivedAt: "2026-03-18T19:30:00+05:30",
        notes: "2026-03-19T19:30:00+05:30 Mia Member: Sent the quote",
        firstName: "Fresh",
      });
    } finally {
      await kolkata.close();
    }
  });

  it("gives each kind's export the same columns and filters, and only to owners", async () => {
    const inquiries = await exportRows(`/api/admin/leads/inquiries/export.csv?${PERIOD}&outcome=won`);
    expect(inquiries.map((row) => row.id)).toEqual([ids.paidWon2!.id]);
    expect(inquiries[0]).toMatchObject({ value: "800.50", serviceType: expect.any(String) });
    expect((await member.get("/api/admin/leads/all/export.csv")).statusCode).toBe(403);
    expect((await member.get("/api/admin/leads/contacts/export.csv")).statusCode).toBe(403);
    const bad = await get("/api/admin/leads/all/export.csv?outcome=maybe");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.outcome).toBe("outcome must be one of: qualified, won, lost");
    const header = await get(`/api/admin/leads/all/export.csv?q=nobody-matches-this`);
    expect(parseCsv(header.body.slice(1))).toEqual([[...leadExportColumns]]);
  });
});

describe("the export of many leads", () => {
  it("gives every lead of both kinds once, newest first, across its batches of 1,000", async () => {
    // 2019 in the owner's zone: a year no other test of this file uses. Both kinds span several batches,
    // and their batches end at different leads, so the merge meets every batch boundary.
    await seedLeads(t.app.db, { contacts: 2_345, inquiries: 1_678 }, 7, Date.UTC(2019, 11, 31));
    const period = "from=2018-12-31&to=2019-12-31";
    const rows = await exportRows(`/api/admin/leads/all/export.csv?view=all&${period}`);
    expect(rows.length).toBe(await listTotal(`view=all&${period}`));
    expect(rows.length).toBeGreaterThan(3_000);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const kinds = { contacts: 0, inquiries: 0 };
    for (const row of rows) kinds[row.kind as LeadKind] += 1;
    for (const kind of ["contacts", "inquiries"] as const) {
      expect(kinds[kind]).toBeGreaterThan(1_000);
      const each = (await get(`/api/admin/leads/${kind}?view=all&${period}`)).json<LeadPage>().total;
      expect(kinds[kind]).toBe(each);
    }
    const out = rows.findIndex((row, i) => i > 0 && Date.parse(row.receivedAt!) > Date.parse(rows[i - 1]!.receivedAt!));
    expect(out, `line ${out + 2} is newer than the one before it`).toBe(-1);
  });
});

describe("search", () => {
  it("finds a lead by its note, message, company and service", async () => {
    const id = await leadAt(march(16), { company: "Gutter Kings" });
    const inquiry = await leadAt(
      march(17),
      { message: "Our site needs hail-proofing copy", serviceType: "web-design" },
      "inquiries",
    );
    const found = async (q: string) =>
      (await get(`/api/admin/leads/all?view=all&q=${encodeURIComponent(q)}`))
        .json<LeadPage>()
        .items.map((lead) => lead.id);
    expect(await found("storm-damage")).toEqual([]);
    expect(
      (await post(`/api/admin/leads/contacts/${id}/notes`, { body: "Roof has Storm-Damage on the north side" }))
        .statusCode,
    ).toBe(201);
    expect(await found("storm-damage")).toEqual([id]);
    expect(await found("gutter kings")).toEqual([id]);
    expect(await found("hail-proofing")).toEqual([inquiry]);
    expect(await found("website design & development")).toContain(inquiry);
  });
});

describe("saved views", () => {
  it("are each user's own: made, listed and deleted by them alone", async () => {
    const made = await post("/api/admin/saved-views", {
      name: "Paid search this month",
      query: "?channel=paid-search&from=2026-03-01&to=2026-03-31",
    });
    expect(made.statusCode, made.body).toBe(201);
    const view = made.json<SavedView>();
    expect(view).toMatchObject({
      name: "Paid search this month",
      list: "all",
      query: "channel=paid-search&from=2026-03-01&to=2026-03-31",
    });
    const mine = await member.post("/api/admin/saved-views", {
      name: "My overdue",
      list: "all",
      query: "assignee=me&followUp=due",
    });
    expect(mine.statusCode).toBe(201);
    expect((await get("/api/admin/saved-views")).json<SavedViews>().items.map((v) => v.name)).toEqual([
      "Paid search this month",
    ]);
    expect((await member.get("/api/admin/saved-views")).json<SavedViews>().items.map((v) => v.name)).toEqual([
      "My overdue",
    ]);
    // Another user's view is not there for them.
    expect((await member.delete(`/api/admin/saved-views/${view.id}`)).statusCode).toBe(404);
    expect((await get("/api/admin/saved-views")).json<SavedViews>().items).toHaveLength(1);
    expect((await owner.delete(`/api/admin/saved-views/${view.id}`)).statusCode).toBe(204);
    expect((await get("/api/admin/saved-views")).json<SavedViews>().items).toEqual([]);
  });

  it("refuses bad input with the field's message, saving nothing", async () => {
    await post("/api/admin/saved-views", { name: "Won", query: "outcome=won" });
    for (const [body, field, message] of [
      [{ name: "", query: "" }, "name", "Enter your view name."],
      [{ name: "x".repeat(61), query: "" }, "name", "Shorten your view name to 60 characters or fewer."],
      [
        { name: "Bad", query: "channel=tv" },
        "query",
        "query: channel must be one of: organic-search, paid-search, paid-social, organic-social, email, referral, direct",
      ],
      [{ name: "Bad", query: "password=1" }, "query", "query has an unknown filter: password"],
      [{ name: "Bad", list: "spam", query: "" }, "list", "list must be one of: all, contacts, inquiries"],
      [{ name: "Won", query: "" }, "name", 'You already have a view named "Won". Choose another name.'],
    ] as const) {
      const response = await post("/api/admin/saved-views", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[field]).toBe(message);
    }
    expect((await get("/api/admin/saved-views")).json<SavedViews>().items.map((v) => v.name)).toEqual(["Won"]);
    expect((await get("/api/admin/saved-views/not-an-id")).statusCode).toBe(404);
    expect((await owner.delete("/api/admin/saved-views/not-an-id")).statusCode).toBe(400);
  });

  it("move a named period on with the calendar, in the owner's time zone; saved dates stay fixed", async () => {
    // Chicago is UTC-6 in winter: 23:30 on January 31 there is already February 1 in UTC.
    const paid = { utmSource: "google", utmMedium: "cpc", utmCampaign: "month-rollover" };
    const january = await leadAt(Date.UTC(2026, 1, 1, 5, 30), paid);
    const february = await leadAt(Date.UTC(2026, 1, 1, 6, 30), paid);
    const save = async (name: string, query: string) => {
      const response = await post("/api/admin/saved-views", { name, query });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<SavedView>();
    };
    const thisMonth = await save("Paid search this month", "channel=paid-search&campaign=month-rollover&period=month");
    expect(thisMonth.query).toBe("channel=paid-search&campaign=month-rollover&period=month");
    // A view saved with dates (as every view was before named periods) keeps them.
    const january31 = await save(
      "Paid search in January",
      "channel=paid-search&campaign=month-rollover&from=2026-01-01&to=2026-01-31",
    );
    const open = async (view: SavedView, at: number) => {
      clockMs = at;
      try {
        const response = await get(`/api/admin/leads/${view.list}?${view.query}`);
        expect(response.statusCode, response.body).toBe(200);
        const exported = await exportRows(`/api/admin/leads/${view.list}/export.csv?${view.query}`);
        const ids = response.json<LeadPage>().items.map((lead) => lead.id);
        expect(exported.map((row) => row["id"])).toEqual(ids);
        return ids;
      } finally {
        clockMs = null;
      }
    };
    // Late on January 31 in Chicago (February 1 in UTC): still January's lead.
    expect(await open(thisMonth, Date.UTC(2026, 1, 1, 5, 45))).toEqual([january]);
    // The next morning the same view shows February.
    expect(await open(thisMonth, Date.UTC(2026, 1, 1, 15))).toEqual([february]);
    expect(await open(january31, Date.UTC(2026, 1, 1, 15))).toEqual([january]);
    for (const [query, message] of [
      ["period=month&from=2026-01-01", "query: send a period or dates, not both"],
      ["period=year", "query: period must be one of: 7d, 30d, 90d, month, week"],
    ]) {
      const response = await post("/api/admin/saved-views", { name: "Bad period", query });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors.query).toBe(message);
    }
    expect((await get("/api/admin/leads/all?period=month&to=2026-01-31")).statusCode).toBe(400);
  });
});
