import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadKind, LeadPage, LeadRow } from "../../../contract/admin-leads.ts";
import { encodeLeadCursor } from "../../../contract/lead-cursor.ts";
import { leadSorts, type LeadSort } from "../../../contract/lead-filters.ts";
import { BULK_LIMIT, type AllLeadNeighbours, type BulkResult, type LeadCounts } from "../../../contract/lead-triage.ts";
import { defaultBusinessHours } from "../../../contract/business-hours.ts";
import { deadlineKey, replyByOf } from "../../../contract/reply-window.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { dateIn } from "../../../contract/time-zones.ts";
import { seedLeads } from "../../db/seed-data.ts";
import { postLead } from "../../../tests/helpers/lead-posts.ts";
import { createTestApp, signIn, type TestApp } from "../../../tests/helpers/test-app.ts";

// The combined list of contacts and inquiries (issue 20): GET /api/admin/leads/all in each order, paged
// by cursor across both kinds, under every filter; its counts, bulk actions over both kinds with Undo,
// and neighbours; the reply-deadline order. Every expectation is worked out here from the stored rows.
// Run on SQLite and on PostgreSQL, on a database of this file's own.

let t: TestApp;
let cookie: string;

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const bulk = (payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/admin/leads/all/bulk", headers: { cookie }, payload: payload as object });
const patch = (kind: LeadKind, id: string, payload: object) =>
  t.app.inject({ method: "PATCH", url: `/api/admin/leads/${kind}/${id}`, headers: { cookie }, payload });

type Seed = {
  kind: LeadKind;
  first: string;
  last: string;
  form: string;
  status?: LeadStatus;
  read?: boolean;
  spam?: boolean;
  utm?: string;
  products?: string[];
  serviceType?: string;
};
const SEEDS: Seed[] = [
  { kind: "contacts", first: "Alice", last: "Zephyr", form: "contact-page", products: ["SEO Services"], utm: "google" },
  { kind: "inquiries", first: "Hank", last: "Tate", form: "contact-page", serviceType: "seo" },
  { kind: "contacts", first: "bob", last: "young", form: "home-services-audit", products: ["Website Design"] },
  { kind: "inquiries", first: "Ivy", last: "Stone", form: "home-services-audit", serviceType: "paid-ads", read: true },
  {
    kind: "contacts",
    first: "Carol",
    last: "Xu",
    form: "personal-injury-audit",
    products: ["SEO Services", "Website Design"],
    utm: "newsletter",
  },
  { kind: "contacts", first: "Dave", last: "West", form: "contact-page", status: "contacted" },
  {
    kind: "inquiries",
    first: "Jack",
    last: "Rowe",
    form: "website-audit",
    serviceType: "web-design",
    status: "qualified",
  },
  { kind: "contacts", first: "Eve", last: "Vance", form: "contact-page", spam: true },
  { kind: "inquiries", first: "Kim", last: "Quinn", form: "contact-page", serviceType: "seo", spam: true },
  { kind: "contacts", first: "Frank", last: "Upton", form: "contact-page", read: true },
  {
    kind: "inquiries",
    first: "Liam",
    last: "Page",
    form: "personal-injury-audit",
    serviceType: "social-media",
    utm: "google",
    status: "contacted",
  },
  { kind: "contacts", first: "Grace", last: "Kowalski", form: "marketing-coaching", status: "won" },
  // The same name as the first contact, in lower case: a tie of the name key, ordered by id.
  { kind: "inquiries", first: "alice", last: "zephyr", form: "contact-page", serviceType: "seo" },
];

type Stored = {
  kind: LeadKind;
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  createdAt: string;
  status: LeadStatus;
  readAt: string | null;
  formName: string | null;
  replyBy: string;
  utmSource: string | null;
  products?: string;
  serviceType?: string;
  message?: string;
};

async function storedRows(): Promise<Stored[]> {
  const columns = [
    "id",
    "firstName",
    "lastName",
    "email",
    "company",
    "createdAt",
    "status",
    "readAt",
    "formName",
    "replyBy",
    "utmSource",
  ] as const;
  const contacts = await t.app.db
    .selectFrom("contactSubmissions")
    .select([...columns, "products"])
    .execute();
  const inquiries = await t.app.db
    .selectFrom("serviceInquiries")
    .select([...columns, "serviceType", "message"])
    .execute();
  return [
    ...contacts.map((row) => ({ ...row, kind: "contacts" as const })),
    ...inquiries.map((row) => ({ ...row, kind: "inquiries" as const })),
  ] as Stored[];
}

const bytes = (text: string) => Buffer.from(text, "utf8");
const keyOf: Record<LeadSort, (row: Stored) => string> = {
  newest: (row) => row.createdAt,
  oldest: (row) => row.createdAt,
  name: (row) => `${row.firstName} ${row.lastName}`.toLowerCase(),
  deadline: (row) => deadlineKey(row),
};
function compare(sort: LeadSort) {
  const direction = sort === "newest" ? -1 : 1;
  return (a: Stored, b: Stored) => {
    const byKey = Buffer.compare(bytes(keyOf[sort](a)), bytes(keyOf[sort](b)));
    return direction * (byKey !== 0 ? byKey : a.id < b.id ? -1 : 1);
  };
}
const ref = (row: { kind: LeadKind; id: string }) => `${row.kind}:${row.id}`;

/** Every page of the combined list for a query, `limit` at a time, following the cursors. */
async function walkAll(query: string, limit = 3): Promise<{ rows: LeadRow[]; totals: number[] }> {
  const rows: LeadRow[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages += 1) {
    const response = await get(`/api/admin/leads/all?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<LeadPage<LeadRow>>();
    rows.push(...page.items);
    totals.push(page.total);
    cursor = page.nextCursor;
    if (!cursor) return { rows, totals };
  }
  throw new Error("more than 50 pages");
}

const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
  for (const seed of SEEDS) {
    const extra: Record<string, unknown> = {
      firstName: seed.first,
      lastName: seed.last,
      formName: seed.form,
      email: `${seed.first.toLowerCase()}.${seed.last.toLowerCase()}.${seed.kind}@example.com`,
    };
    if (seed.utm) extra.utmSource = seed.utm;
    if (seed.products) extra.products = seed.products;
    if (seed.serviceType) extra.serviceType = seed.serviceType;
    if (seed.spam) extra.website = "http://spam.example";
    const id = await postLead(t.app, seed.kind, extra);
    if (seed.status || seed.read)
      expect((await patch(seed.kind, id, { status: seed.status, read: seed.read })).statusCode).toBe(200);
    ids[`${seed.first} ${seed.last}`] = id;
  }
});
afterAll(async () => {
  await t.close();
});

describe("the combined list's routes", () => {
  it("are the combined list's, not a kind called all", async () => {
    const list = await get("/api/admin/leads/all");
    expect(list.statusCode, list.body).toBe(200);
    expect(new Set(list.json<LeadPage<LeadRow>>().items.map((row) => row.kind))).toEqual(
      new Set(["contacts", "inquiries"]),
    );
    expect((await get("/api/admin/leads/all/counts")).json<LeadCounts>().inbox).toBe(11);
    const neighbours = await get(`/api/admin/leads/all/${ids["Hank Tate"]}/neighbours`);
    expect(neighbours.statusCode, neighbours.body).toBe(200);
    const action = await bulk({ action: "markRead", ids: [ids["Hank Tate"]] });
    expect(action.statusCode, action.body).toBe(200);
    expect((await bulk({ action: "restore", items: action.json<BulkResult>().previous })).statusCode).toBe(200);
    // The kinds' own routes are still theirs.
    expect((await get("/api/admin/leads/contacts/counts")).json<LeadCounts>().inbox).toBe(6);
    expect((await get(`/api/admin/leads/contacts/${ids["Alice Zephyr"]}`)).statusCode).toBe(200);
  });

  it("need the admin", async () => {
    for (const [method, url] of [
      ["GET", "/api/admin/leads/all"],
      ["GET", "/api/admin/leads/all/counts"],
      ["POST", "/api/admin/leads/all/bulk"],
      ["GET", `/api/admin/leads/all/${ids["Hank Tate"]}/neighbours`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === "POST" ? { action: "markRead", ids: [ids["Hank Tate"]] } : undefined,
      });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it.each([
    ["/api/admin/leads/all?sort=priority", "sort", "sort must be one of: newest, oldest, name, deadline"],
    ["/api/admin/leads/all?cursor=%25%25", "cursor", "cursor is not valid"],
    ["/api/admin/leads/all?cursor=bm90LWEtY3Vyc29y", "cursor", "cursor is not valid"],
    [
      `/api/admin/leads/all?sort=deadline&cursor=${encodeLeadCursor({ sort: "newest", createdAt: "2026-01-01T00:00:00.000Z", id: "00000000-0000-4000-8000-000000000000" })}`,
      "cursor",
      "cursor belongs to another order",
    ],
    [
      `/api/admin/leads/all?sort=deadline&cursor=${Buffer.from("deadline|00000000-0000-4000-8000-000000000000|2|x").toString("base64url")}`,
      "cursor",
      "cursor is not valid",
    ],
    ["/api/admin/leads/all?limit=0", "limit", "limit must be at least 1"],
    ["/api/admin/leads/all?view=archive", "view", "view must be inbox, spam or all"],
    ["/api/admin/leads/all/counts?from=2026-02-01&to=2026-01-01", "to", "from must not be after to"],
    ["/api/admin/leads/all/not-a-lead/neighbours", "id", "id must be a lead id"],
    [
      `/api/admin/leads/all/00000000-0000-4000-8000-000000000000/neighbours?sort=random`,
      "sort",
      "sort must be one of: newest, oldest, name, deadline",
    ],
  ])("refuses %s with 400 naming %s", async (url, field, message) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });

  it("answers 404 for the neighbours of a lead that does not exist", async () => {
    const response = await get("/api/admin/leads/all/00000000-0000-4000-8000-000000000000/neighbours");
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/no such lead/);
  });

  it("refuses a malformed bulk action with 400", async () => {
    const response = await bulk({ action: "setStatus", status: "spam", ids: [ids["Hank Tate"]] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(["status"]);
  });
});

describe("each order, paged by cursor across both kinds", () => {
  it.each(leadSorts)("lists every lead once in the %s order, 3 at a time", async (sort) => {
    const expected = (await storedRows()).filter((row) => row.status !== "spam").sort(compare(sort));
    const { rows, totals } = await walkAll(`sort=${sort}`);
    expect(rows.map(ref)).toEqual(expected.map(ref));
    expect(new Set(totals)).toEqual(new Set([expected.length]));
    // Each row is the lead as its kind's list shows it, with its kind.
    const alice = rows.find((row) => row.id === ids["Alice Zephyr"])!;
    expect(alice).toMatchObject({
      kind: "contacts",
      firstName: "Alice",
      products: ["SEO Services"],
      replyBy: expect.any(String),
      followUpAt: null,
      followUpNote: null,
    });
    expect(alice).not.toHaveProperty("deadlineKey");
    expect(rows.find((row) => row.id === ids["Hank Tate"])).toMatchObject({ kind: "inquiries", serviceType: "seo" });
  });

  it.each(leadSorts)("gives each lead its previous and next in the %s order, null at the ends", async (sort) => {
    const expected = (await storedRows()).filter((row) => row.status !== "spam").sort(compare(sort));
    for (const [i, row] of expected.entries()) {
      const response = await get(`/api/admin/leads/all/${row.id}/neighbours?sort=${sort}`);
      expect(response.statusCode, response.body).toBe(200);
      const at = (j: number) => (expected[j] ? { kind: expected[j].kind, id: expected[j].id } : null);
      expect(response.json<AllLeadNeighbours>()).toEqual({ previous: at(i - 1), next: at(i + 1) });
    }
  });

  it("keeps a lead's place for its neighbours when it no longer matches the filters", async () => {
    const expected = (await storedRows())
      .filter((row) => row.status !== "spam" && row.readAt === null)
      .sort(compare("newest"));
    const frank = (await storedRows()).find((row) => row.id === ids["Frank Upton"])!; // read, so not in the unread list
    const before = expected.filter((row) => compare("newest")(row, frank) < 0).at(-1);
    const after = expected.find((row) => compare("newest")(row, frank) > 0);
    const response = await get(`/api/admin/leads/all/${frank.id}/neighbours?unread=true`);
    expect(response.json<AllLeadNeighbours>()).toEqual({
      previous: before ? { kind: before.kind, id: before.id } : null,
      next: after ? { kind: after.kind, id: after.id } : null,
    });
  });
});

describe("the reply-deadline order", () => {
  it("puts a 4-hour form's lead before an older 24-hour one, the answered leads after every waiting one, newest first", async () => {
    const rows = (await walkAll("sort=deadline", 100)).rows;
    const position = (name: string) => rows.findIndex((row) => row.id === ids[name]);
    // Alice (24 hours, the oldest) is the first lead stored; bob and Ivy came later on 4-hour forms.
    expect(position("bob young")).toBeLessThan(position("Alice Zephyr"));
    expect(position("Ivy Stone")).toBeLessThan(position("Alice Zephyr"));
    const waiting = rows.filter((row) => row.status === "new");
    expect(rows.slice(0, waiting.length)).toEqual(waiting);
    const answered = rows.slice(waiting.length);
    expect(answered.map((row) => row.createdAt)).toEqual(
      answered
        .map((row) => row.createdAt)
        .sort()
        .reverse(),
    );
    // Each promise counted in the business hours (the default: Monday to Friday 9 to 6 in New York).
    for (const row of rows) expect(row.replyBy).toBe(replyByOf(row.createdAt, row.formName, defaultBusinessHours));
  });

  it("moves a lead below the waiting ones once it is contacted, and back when it is new again", async () => {
    const first = async () =>
      (await get("/api/admin/leads/all?sort=deadline&limit=1")).json<LeadPage<LeadRow>>().items[0]!;
    // The earliest deadline (leads sent while the business is closed share the next opening's: then the id decides).
    const lead = await first();
    await patch(lead.kind, lead.id, { status: "contacted" });
    const rows = (await walkAll("sort=deadline", 100)).rows;
    expect(rows.findIndex((row) => row.id === lead.id)).toBeGreaterThanOrEqual(
      rows.filter((row) => row.status === "new").length,
    );
    await patch(lead.kind, lead.id, { status: "new" });
    expect((await first()).id).toBe(lead.id);
  });
});

describe("filters over both kinds", () => {
  // from/to are days in the owner's time zone (issue 38): TODAY and TOMORROW are read there when a test runs, so
  // the cases hold at any hour of the UTC day.
  const withDays = (query: string) => {
    const zone = t.app.config.delivery.ownerTimeZone;
    return query
      .replace(/TODAY/g, dateIn(zone, Date.now()))
      .replace(/TOMORROW/g, dateIn(zone, Date.now() + 86_400_000));
  };
  const text = (row: Stored) =>
    [`${row.firstName} ${row.lastName}`, row.email, row.company ?? "", row.message ?? ""].join(" ").toLowerCase();
  const notSpam = (row: Stored) => row.status !== "spam";
  const cases: [string, string, (row: Stored) => boolean][] = [
    ["the inbox view", "view=inbox", notSpam],
    ["the spam view", "view=spam", (row) => row.status === "spam"],
    ["every lead", "view=all", () => true],
    ["a search", "q=zephyr", (row) => notSpam(row) && text(row).includes("zephyr")],
    ["a search of inquiry messages", "q=miami", (row) => notSpam(row) && text(row).includes("miami")],
    ["a status", "status=contacted", (row) => row.status === "contacted"],
    ["dates", "from=TODAY&to=TODAY", notSpam],
    ["dates with no lead", "from=TOMORROW", () => false],
    [
      "a product (contacts only)",
      "product=Website%20Design",
      (row) => notSpam(row) && row.kind === "contacts" && JSON.parse(row.products!).includes("Website Design"),
    ],
    [
      "a service type (inquiries only)",
      "serviceType=seo",
      (row) => notSpam(row) && row.kind === "inquiries" && row.serviceType === "seo",
    ],
    ["a product and a service type (no lead is both)", "product=SEO%20Services&serviceType=seo", () => false],
    ["a form", "form=contact-page", (row) => notSpam(row) && row.formName === "contact-page"],
    ["a source", "utmSource=google", (row) => notSpam(row) && row.utmSource === "google"],
    ["unread", "unread=true", (row) => notSpam(row) && row.readAt === null],
    ["read", "unread=false", (row) => notSpam(row) && row.readAt !== null],
    ["no follow-up due", "followUp=due", () => false],
  ];

  it.each(cases)("%s: the leads that match, in order, and their total", async (_case, template, keep) => {
    const query = withDays(template);
    for (const sort of ["newest", "deadline"] as const) {
      const expected = (await storedRows()).filter(keep).sort(compare(sort));
      const { rows, totals } = await walkAll(`${query}&sort=${sort}`, 2);
      expect(rows.map(ref)).toEqual(expected.map(ref));
      expect(totals[0]).toBe(expected.length);
    }
  });

  it.each(cases)("%s: counts that are both kinds' counts summed", async (_case, template) => {
    const query = withDays(template);
    const params = new URLSearchParams(query);
    // In the combined list a product filter keeps contacts only, a serviceType filter inquiries only (a
    // kind's own list reads the other kind's filter as no filter).
    const kinds = (["contacts", "inquiries"] as const).filter(
      (kind) => !(params.has("product") && kind === "inquiries") && !(params.has("serviceType") && kind === "contacts"),
    );
    const each = await Promise.all(
      kinds.map(async (kind) => (await get(`/api/admin/leads/${kind}/counts?${query}`)).json<LeadCounts>()),
    );
    const sum = (pick: (counts: LeadCounts) => number) => each.reduce((n, counts) => n + pick(counts), 0);
    expect((await get(`/api/admin/leads/all/counts?${query}`)).json<LeadCounts>()).toEqual({
      inbox: sum((c) => c.inbox),
      unread: sum((c) => c.unread),
      spam: sum((c) => c.spam),
      byStatus: {
        new: sum((c) => c.byStatus.new),
        contacted: sum((c) => c.byStatus.contacted),
        qualified: sum((c) => c.byStatus.qualified),
        won: sum((c) => c.byStatus.won),
        lost: sum((c) => c.byStatus.lost),
      },
      capped: false,
    });
  });

  it.each([
    ["no filter", "", () => true],
    ["a form", "form=contact-page", (row: Stored) => row.formName === "contact-page"],
    [
      "a product",
      "product=SEO%20Services",
      (row: Stored) => row.kind === "contacts" && JSON.parse(row.products!).includes("SEO Services"),
    ],
  ] as const)("counts each view from the stored rows (%s)", async (_case, query, keep) => {
    const rows = (await storedRows()).filter(keep);
    const counts = (await get(`/api/admin/leads/all/counts?${query}`)).json<LeadCounts>();
    const of = (status: LeadStatus) => rows.filter((row) => row.status === status).length;
    expect(counts).toEqual({
      inbox: rows.filter((row) => row.status !== "spam").length,
      unread: rows.filter((row) => row.status !== "spam" && row.readAt === null).length,
      spam: of("spam"),
      byStatus: {
        new: of("new"),
        contacted: of("contacted"),
        qualified: of("qualified"),
        won: of("won"),
        lost: of("lost"),
      },
      capped: false,
    });
  });
});

describe("bulk actions over both kinds", () => {
  const states = async (names: string[]) => {
    const rows = await storedRows();
    return names.map((name) => {
      const row = rows.find((r) => r.id === ids[name])!;
      return { name, status: row.status, read: row.readAt !== null };
    });
  };
  const keys = async () => {
    const contacts = await t.app.db.selectFrom("contactSubmissions").select(["id", "deadlineKey"]).execute();
    const inquiries = await t.app.db.selectFrom("serviceInquiries").select(["id", "deadlineKey"]).execute();
    return new Map([...contacts, ...inquiries].map((row) => [row.id, row.deadlineKey]));
  };

  it("sets the status of a selection of both kinds, and Undo puts back every lead's state and deadline key", async () => {
    const names = ["Alice Zephyr", "Hank Tate", "Dave West", "Jack Rowe", "Ivy Stone"];
    const before = await states(names);
    const keysBefore = await keys();
    const response = await bulk({ action: "setStatus", status: "lost", ids: names.map((name) => ids[name]) });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<BulkResult>();
    expect(result.affected).toBe(5);
    expect(result.previous.map((lead) => lead.id).sort()).toEqual(names.map((name) => ids[name]).sort());
    expect((await states(names)).map((state) => state.status)).toEqual(["lost", "lost", "lost", "lost", "lost"]);
    const undo = await bulk({ action: "restore", items: result.previous });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await states(names)).toEqual(before);
    expect(await keys()).toEqual(keysBefore);
  });

  it("marks every lead the filters match in both kinds, and Undo puts them back", async () => {
    const expected = (await storedRows()).filter(
      (row) => row.status !== "spam" && row.readAt === null && row.formName === "contact-page",
    );
    expect(new Set(expected.map((row) => row.kind))).toEqual(new Set(["contacts", "inquiries"]));
    const response = await bulk({ action: "markRead", filters: { form: "contact-page", unread: "true" } });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<BulkResult>();
    expect(result.previous.map((lead) => lead.id).sort()).toEqual(expected.map((row) => row.id).sort());
    expect((await get("/api/admin/leads/all?form=contact-page&unread=true")).json<LeadPage>().total).toBe(0);
    await bulk({ action: "restore", items: result.previous });
    expect((await get("/api/admin/leads/all?form=contact-page&unread=true")).json<LeadPage>().total).toBe(
      expected.length,
    );
  });

  it("skips ids that are no lead of either kind", async () => {
    const response = await bulk({
      action: "markRead",
      ids: [ids["Kim Quinn"], "00000000-0000-4000-8000-000000000000"],
    });
    expect(response.json<BulkResult>()).toEqual({
      affected: 1,
      previous: [{ id: ids["Kim Quinn"], status: "spam", read: false, assigneeId: null }],
    });
    await bulk({ action: "restore", items: response.json<BulkResult>().previous });
  });

  it("deletes leads of both kinds with their events", async () => {
    const a = await postLead(t.app, "contacts", { firstName: "Gone", lastName: "Contact" });
    const b = await postLead(t.app, "inquiries", { firstName: "Gone", lastName: "Inquiry" });
    await patch("inquiries", b, { status: "won" });
    const response = await bulk({ action: "delete", ids: [a, b] });
    expect(response.json<BulkResult>()).toEqual({ affected: 2, previous: [] });
    expect((await get(`/api/admin/leads/contacts/${a}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/leads/inquiries/${b}`)).statusCode).toBe(404);
    expect(await t.app.db.selectFrom("leadEvents").select("id").where("leadId", "in", [a, b]).execute()).toEqual([]);
  });

  it("refuses filters that match more than BULK_LIMIT leads over both kinds, though each kind alone matches fewer", async () => {
    await seedLeads(t.app.db, { contacts: 600, inquiries: 600 });
    const matched = (await storedRows()).length;
    const perKind = await Promise.all(
      (["contacts", "inquiries"] as const).map(
        async (kind) => (await get(`/api/admin/leads/${kind}?view=all`)).json<LeadPage>().total,
      ),
    );
    expect(Math.max(...perKind)).toBeLessThan(BULK_LIMIT);
    const response = await bulk({ action: "markRead", filters: { view: "all" } });
    expect(response.statusCode).toBe(400);
    const message = `${new Intl.NumberFormat("en-US").format(matched)} leads match these filters, and one action takes at most 1,000. Narrow the filters first.`;
    expect(response.json()).toEqual({ message, errors: { filters: message } });
  });
});
