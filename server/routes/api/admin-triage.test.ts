import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeLeadCursor } from "../../../contract/lead-cursor.ts";
import type { LeadSort } from "../../../contract/lead-filters.ts";
import { BULK_LIMIT, type BulkResult, type LeadCounts, type LeadNeighbours } from "../../../contract/lead-triage.ts";
import { deadlineKey } from "../../../contract/reply-window.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { buildApp } from "../../app.ts";
import { seedLeads } from "../../db/seed-data.ts";
import { leadExportCells } from "../../repositories/leads/export-cells.ts";
import { humanSignals, signIn, testConfig, validContact } from "../../../tests/helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database.ts";

// The inbox's triage endpoints (issue 13): the list's orders and their cursors, each view's count, bulk
// actions with their Undo, and a lead's neighbours. Run on SQLite and on PostgreSQL. Each group of tests
// works on leads of its own form, so the groups do not see each other's leads.

type App = Awaited<ReturnType<typeof buildApp>>;
let app: App;
let database: TestDatabase;
let cookie: string;
const tag = `t${Date.now()}`;
/** What the request loggers were asked to log at info level (the app logs nothing in tests). */
const logged: { bindings: Record<string, unknown>; message: string }[] = [];

const get = (url: string, headers: Record<string, string> = { cookie }) => app.inject({ method: "GET", url, headers });
const bulk = (payload: unknown, kind = "contacts", headers: Record<string, string> = { cookie }) =>
  app.inject({ method: "POST", url: `/api/admin/leads/${kind}/bulk`, headers, payload: payload as object });

type Seed = { first: string; last: string; status?: LeadStatus; read?: boolean; spam?: boolean };
/** Posts leads through the form endpoint (oldest first) under `form`, then triages them as described. */
async function seed(form: string, leads: Seed[]): Promise<string[]> {
  const ids: string[] = [];
  for (const lead of leads) {
    const payload = {
      ...validContact,
      ...(await humanSignals(app)),
      firstName: lead.first,
      lastName: lead.last,
      formName: form,
      ...(lead.spam ? { website: "http://spam.example" } : {}),
    };
    const response = await app.inject({ method: "POST", url: "/api/contact", payload });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    if (lead.status || lead.read)
      await app.repositories.leads.update("contacts", id, { status: lead.status, read: lead.read });
    ids.push(id);
  }
  return ids;
}
const rows = (form: string) =>
  app.db
    .selectFrom("contactSubmissions")
    .select(["id", "firstName", "lastName", "createdAt", "status", "readAt", "replyBy"])
    .where("formName", "=", form)
    .execute();
/** Each lead's stored export cells are the ones its row makes now (a change of triage state leaves them alone). */
async function expectExportCellsCurrent(ids: string[]) {
  const leads = await app.db.selectFrom("contactSubmissions").selectAll().where("id", "in", ids).execute();
  expect(leads).toHaveLength(ids.length);
  for (const lead of leads) expect(lead.exportCells).toBe(leadExportCells("contacts", lead));
}
const stateOf = async (id: string) => {
  const lead = (await get(`/api/admin/leads/contacts/${id}`)).json<{
    status: LeadStatus;
    readAt: string | null;
    assigneeId: string | null;
  }>();
  return { id, status: lead.status, read: lead.readAt !== null, assigneeId: lead.assigneeId };
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(database.database));
  // The logger is silent in tests: each request's logger records its info lines here instead.
  const child = app.log.child.bind(app.log);
  app.log.child = ((bindings, options) => {
    const logger = child(bindings, options);
    logger.info = ((object: unknown, message?: string) => {
      if (typeof object === "object" && object !== null && message)
        logged.push({ bindings: object as Record<string, unknown>, message });
    }) as typeof logger.info;
    return logger;
  }) as typeof app.log.child;
  await app.ready();
  cookie = await signIn(app);
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe("the triage endpoints need the admin", () => {
  const id = "00000000-0000-4000-8000-000000000000";
  it.each([
    ["GET", "/api/admin/leads/contacts/counts"],
    ["GET", `/api/admin/leads/contacts/${id}/neighbours`],
    ["POST", "/api/admin/leads/contacts/bulk"],
  ] as const)("%s %s answers 401 without a session", async (method, url) => {
    const response = await app.inject({
      method,
      url,
      payload: method === "POST" ? { action: "markRead", ids: [id] } : undefined,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBeTruthy();
  });

  it("refuses a bulk action from another site with 403, and nothing changes", async () => {
    const [lead] = await seed(`${tag}-origin`, [{ first: "Cross", last: "Origin" }]);
    const response = await bulk({ action: "delete", ids: [lead] }, "contacts", {
      cookie,
      origin: "https://evil.example",
    });
    expect(response.statusCode).toBe(403);
    expect(await stateOf(lead!)).toEqual({ id: lead, status: "new", read: false, assigneeId: null });
  });
});

describe("bulk validation", () => {
  const id = "3f1c2a9e-8b7d-4c6e-9f5a-1b2c3d4e5f60";
  it.each([
    ["an unknown action", { action: "archive", ids: [id] }, "action"],
    ["no action", { ids: [id] }, "action"],
    ["an unknown status", { action: "setStatus", status: "archived", ids: [id] }, "status"],
    ["spam as a status (its own action)", { action: "setStatus", status: "spam", ids: [id] }, "status"],
    ["both ids and filters", { action: "markRead", ids: [id], filters: { view: "inbox" } }, "ids"],
    ["neither ids nor filters", { action: "markRead" }, "ids"],
    ["an empty selection", { action: "markRead", ids: [] }, "ids"],
    [
      "too many ids",
      {
        action: "markRead",
        ids: Array.from({ length: BULK_LIMIT + 1 }, (_, i) => `3f1c2a9e-8b7d-4c6e-9f5a-${String(i).padStart(12, "0")}`),
      },
      "ids",
    ],
    ["a malformed id", { action: "markRead", ids: [id, "not-a-lead"] }, "ids.1"],
    ["ids that are not a list", { action: "markRead", ids: id }, "ids"],
    ["bad filters", { action: "markRead", filters: { status: "maybe" } }, "filters.status"],
    ["restore with ids", { action: "restore", items: [{ id, status: "new", read: false }], ids: [id] }, "ids"],
    ["restore without items", { action: "restore" }, "items"],
    [
      "restore to an unknown status",
      { action: "restore", items: [{ id, status: "gone", read: false }] },
      "items.0.status",
    ],
  ])("refuses %s with 400 naming the field", async (_case, payload, field) => {
    const response = await bulk(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toHaveProperty([field]);
  });

  it("refuses filters that match more than the limit, saying how many matched, and changes nothing", async () => {
    await seedLeads(app.db, { contacts: BULK_LIMIT + 150, inquiries: 0 });
    const matched = (
      await app.db
        .selectFrom("contactSubmissions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
    const unread = async () =>
      Number(
        (
          await app.db
            .selectFrom("contactSubmissions")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("readAt", "is", null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await unread();
    const response = await bulk({ action: "markRead", filters: { view: "all" } });
    expect(response.statusCode).toBe(400);
    const message = `${new Intl.NumberFormat("en-US").format(Number(matched))} leads match these filters, and one action takes at most 1,000. Narrow the filters first.`;
    expect(response.json()).toEqual({ message, errors: { filters: message } });
    expect(await unread()).toBe(before);
  });

  it("takes a full selection of BULK_LIMIT leads, and its Undo of as many", async () => {
    // The seeded leads of the test before (its body is about 40 KB; its Undo's, 75 KB).
    const selection = (await app.db.selectFrom("contactSubmissions").select("id").limit(BULK_LIMIT).execute()).map(
      (row) => row.id,
    );
    expect(selection).toHaveLength(BULK_LIMIT);
    const response = await bulk({ action: "markUnread", ids: selection });
    expect(response.statusCode, response.body).toBe(200);
    const { affected, previous } = response.json<BulkResult>();
    expect(affected).toBe(BULK_LIMIT);
    await expectExportCellsCurrent(selection);
    const undo = await bulk({ action: "restore", items: previous });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<BulkResult>().affected).toBe(BULK_LIMIT);
    await expectExportCellsCurrent(selection);
  });

  it("answers for the leads that exist among the ids (one deleted meanwhile is left out)", async () => {
    const [lead] = await seed(`${tag}-gone`, [{ first: "Still", last: "Here" }]);
    const response = await bulk({ action: "markRead", ids: [lead, "00000000-0000-4000-8000-000000000000"] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      affected: 1,
      previous: [{ id: lead, status: "new", read: false, assigneeId: null }],
    });
  });
});

describe("bulk actions and their Undo", () => {
  it("marks read and unread, answers the previous states, and restore puts them back", async () => {
    const form = `${tag}-read`;
    const ids = await seed(form, [
      { first: "A", last: "One" },
      { first: "B", last: "Two", read: true, status: "contacted" },
      { first: "C", last: "Three" },
    ]);
    const before = await Promise.all(ids.map(stateOf));

    const read = await bulk({ action: "markRead", ids: ids.map((id) => id.toUpperCase()) });
    expect(read.statusCode, read.body).toBe(200);
    const result = read.json<BulkResult>();
    expect(result.affected).toBe(3);
    expect(result.previous).toEqual(expect.arrayContaining(before));
    expect(result.previous).toHaveLength(3);
    for (const id of ids) expect((await stateOf(id)).read).toBe(true);
    // The export follows: the read time is in each lead's CSV line (id, kind, receivedAt, status, value, assignee, readAt).
    const csv = (await get(`/api/admin/leads/contacts/export.csv?form=${form}`)).rawPayload.toString("utf8");
    for (const line of csv.slice(1).split("\r\n").slice(1).filter(Boolean))
      expect(line).toMatch(/^[^,]+,contacts,[^,]+,\w+,[^,]*,[^,]*,\d{4}-/);
    await expectExportCellsCurrent(ids);

    const undo = await bulk({ action: "restore", items: result.previous });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<BulkResult>().affected).toBe(3);
    expect(await Promise.all(ids.map(stateOf))).toEqual(before);
    await expectExportCellsCurrent(ids);

    const unread = await bulk({ action: "markUnread", filters: { form, view: "all" } });
    expect(unread.json<BulkResult>().affected).toBe(3);
    expect((await Promise.all(ids.map(stateOf))).map((s) => s.read)).toEqual([false, false, false]);
  });

  it("sets a status (not spam) and restores the ones before", async () => {
    const ids = await seed(`${tag}-status`, [
      { first: "D", last: "Four" },
      { first: "E", last: "Five", status: "won", read: true },
    ]);
    const before = await Promise.all(ids.map(stateOf));
    const response = await bulk({ action: "setStatus", status: "qualified", ids });
    expect(response.statusCode, response.body).toBe(200);
    expect((await Promise.all(ids.map(stateOf))).map((s) => s.status)).toEqual(["qualified", "qualified"]);
    await expectExportCellsCurrent(ids);
    await bulk({ action: "restore", items: response.json<BulkResult>().previous });
    expect(await Promise.all(ids.map(stateOf))).toEqual(before);
  });

  it("moves leads to spam and back: out of the dashboard's counts and Recent list, then in again", async () => {
    const ids = await seed(`${tag}-spam`, [
      { first: "F", last: "Six" },
      { first: "G", last: "Seven" },
    ]);
    const stats = async () =>
      (await get("/api/admin/stats")).json<{ contacts: { total: number; spam: number } }>().contacts;
    const recent = async () =>
      (await get("/api/contact-submissions?limit=100")).json<{ id: string }[]>().map((lead) => lead.id);
    const before = await stats();
    expect(await recent()).toEqual(expect.arrayContaining(ids));

    const spam = await bulk({ action: "spam", ids });
    expect(spam.statusCode, spam.body).toBe(200);
    expect(await stats()).toMatchObject({ total: before.total - 2, spam: before.spam + 2 });
    expect(await recent()).not.toEqual(expect.arrayContaining([ids[0]]));
    expect((await get(`/api/admin/leads/contacts?view=spam&form=${tag}-spam`)).json().total).toBe(2);

    await bulk({ action: "restore", items: spam.json<BulkResult>().previous });
    expect(await stats()).toMatchObject({ total: before.total, spam: before.spam });
    expect((await Promise.all(ids.map(stateOf))).map((s) => s.status)).toEqual(["new", "new"]);
  });

  it("rescues spam as the single change does: the lead gets the deliveries it was never sent", async () => {
    const [caught, kept] = await seed(`${tag}-rescue`, [
      { first: "H", last: "Eight", spam: true },
      { first: "I", last: "Nine" },
    ]);
    const deliveries = async (id: string) =>
      (await get(`/api/admin/leads/contacts/${id}`)).json<{ deliveries: unknown[] }>().deliveries.length;
    expect(await deliveries(caught!)).toBe(0);
    const keptBefore = await deliveries(kept!);
    const response = await bulk({ action: "setStatus", status: "new", ids: [caught, kept] });
    expect(response.json<BulkResult>().previous).toEqual(
      expect.arrayContaining([{ id: caught, status: "spam", read: false, assigneeId: null }]),
    );
    expect(await deliveries(caught!)).toBe(keptBefore);
    expect(await deliveries(kept!)).toBe(keptBefore);
  });

  it("deletes leads with their notes and deliveries, and has nothing to restore", async () => {
    const ids = await seed(`${tag}-delete`, [
      { first: "J", last: "Ten" },
      { first: "K", last: "Eleven" },
      { first: "L", last: "Twelve" },
    ]);
    await app.inject({
      method: "POST",
      url: `/api/admin/leads/contacts/${ids[0]}/notes`,
      headers: { cookie },
      payload: { body: "asked to be forgotten" },
    });
    const response = await bulk({ action: "delete", ids: ids.slice(0, 2) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ affected: 2, previous: [] });
    for (const id of ids.slice(0, 2)) expect((await get(`/api/admin/leads/contacts/${id}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/leads/contacts/${ids[2]}`)).statusCode).toBe(200);
    expect(await app.db.selectFrom("leadNotes").selectAll().where("leadId", "in", ids.slice(0, 2)).execute()).toEqual(
      [],
    );
    expect(
      await app.db.selectFrom("leadDeliveries").selectAll().where("leadId", "in", ids.slice(0, 2)).execute(),
    ).toEqual([]);
  });

  it("logs each action with the kind, the action, the count and the admin, and no lead data", async () => {
    const ids = await seed(`${tag}-log`, [
      { first: "M", last: "Thirteen" },
      { first: "N", last: "Fourteen" },
    ]);
    logged.length = 0;
    await bulk({ action: "markRead", ids });
    const lines = logged.filter((line) => line.message === "bulk action on leads");
    expect(lines).toEqual([
      {
        message: "bulk action on leads",
        bindings: { kind: "contacts", action: "markRead", count: 2, userId: expect.any(String) },
      },
    ]);
    const text = JSON.stringify(lines);
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).not.toContain(validContact.email);
  });
});

describe("counts", () => {
  const form = `${tag}-counts`;
  beforeAll(async () => {
    await seed(form, [
      { first: "Count", last: "A" },
      { first: "Count", last: "B" },
      { first: "Count", last: "C", read: true },
      { first: "Count", last: "D", status: "contacted" },
      { first: "Count", last: "E", status: "contacted", read: true },
      { first: "Count", last: "F", status: "won", read: true },
      { first: "Count", last: "G", status: "lost" },
      { first: "Count", last: "H", spam: true },
      { first: "Count", last: "I", spam: true },
    ]);
  });
  const expected: LeadCounts = {
    inbox: 7,
    unread: 4,
    spam: 2,
    byStatus: { new: 3, contacted: 2, qualified: 0, won: 1, lost: 1 },
    capped: false,
  };

  it("counts every view and status exactly for the other filters", async () => {
    const response = await get(`/api/admin/leads/contacts/counts?form=${form}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(expected);
  });

  it("ignores the view, status and unread of the list (each tab counts its own)", async () => {
    expect(
      (await get(`/api/admin/leads/contacts/counts?form=${form}&view=spam&status=won&unread=true`)).json(),
    ).toEqual(expected);
  });

  it("follows the text search and the dates, and counts nothing for another kind", async () => {
    expect((await get(`/api/admin/leads/contacts/counts?form=${form}&q=count%20c`)).json()).toEqual({
      ...expected,
      inbox: 1,
      unread: 0,
      spam: 0,
      byStatus: { new: 1, contacted: 0, qualified: 0, won: 0, lost: 0 },
    });
    expect((await get(`/api/admin/leads/contacts/counts?form=${form}&to=2020-01-01`)).json()).toEqual({
      inbox: 0,
      unread: 0,
      spam: 0,
      byStatus: { new: 0, contacted: 0, qualified: 0, won: 0, lost: 0 },
      capped: false,
    });
    expect((await get(`/api/admin/leads/inquiries/counts?form=${form}`)).json().inbox).toBe(0);
  });

  it("validates its filters", async () => {
    const response = await get(`/api/admin/leads/contacts/counts?from=yesterday`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(["from"]);
  });
});

describe("list orders and neighbours", () => {
  const form = `${tag}-order`;
  type Row = { id: string; firstName: string; lastName: string; createdAt: string; status: string; replyBy: string };
  let leads: Row[];
  beforeAll(async () => {
    // Ties on purpose: the same name in different case, and the same name three times (ordered by id).
    await seed(form, [
      { first: "Zoe", last: "Adams" },
      { first: "dana", last: "reyes" },
      { first: "Dana", last: "Reyes", status: "qualified" },
      { first: "DANA", last: "REYES" },
      { first: "Aaron", last: "Zimmer", status: "qualified" },
      { first: "Mia", last: "Chen" },
      { first: "Dan", last: "Abbott" },
      { first: "Grace", last: "Kowalski", status: "qualified" },
      { first: "Omar", last: "Okafor" },
      { first: "Ivy", last: "Nguyen" },
      { first: "Spam", last: "Bot", spam: true },
    ]);
    leads = (await rows(form)) as Row[];
  });

  const byKey = (key: (row: Row) => string, direction: 1 | -1) => (a: Row, b: Row) => {
    const [x, y] = [key(a), key(b)];
    if (x !== y) return (x < y ? -1 : 1) * direction;
    return (a.id < b.id ? -1 : 1) * direction;
  };
  const orders: Record<LeadSort, (a: Row, b: Row) => number> = {
    newest: byKey((row) => row.createdAt, -1),
    oldest: byKey((row) => row.createdAt, 1),
    name: byKey((row) => `${row.firstName} ${row.lastName}`.toLowerCase(), 1),
    deadline: byKey(
      (row) => deadlineKey({ status: row.status as LeadStatus, createdAt: row.createdAt, replyBy: row.replyBy }),
      1,
    ),
  };
  const expectedIds = (sort: LeadSort, keep: (row: Row) => boolean = (row) => row.status !== "spam") =>
    leads
      .filter(keep)
      .sort(orders[sort])
      .map((row) => row.id);

  async function walk(sort: LeadSort, extra = ""): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const response = await get(
        `/api/admin/leads/contacts?form=${form}&sort=${sort}&limit=3${extra}${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<{ items: { id: string }[]; nextCursor: string | null; total: number }>();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    return seen;
  }

  it.each(["newest", "oldest", "name", "deadline"] as const)(
    "pages the %s order by keyset, every lead once, in order",
    async (sort) => {
      expect(await walk(sort)).toEqual(expectedIds(sort));
      expect(await walk(sort, "&status=qualified")).toEqual(expectedIds(sort, (row) => row.status === "qualified"));
    },
  );

  it("sorts newest first when no order is given", async () => {
    const page = (await get(`/api/admin/leads/contacts?form=${form}&limit=100`)).json<{ items: { id: string }[] }>();
    expect(page.items.map((item) => item.id)).toEqual(expectedIds("newest"));
  });

  it("refuses an unknown order, a cursor of another order and a crafted name cursor with 400", async () => {
    const first = (await get(`/api/admin/leads/contacts?form=${form}&sort=name&limit=2`)).json<{
      nextCursor: string;
    }>();
    const id = leads[0]!.id;
    const cases = [
      ["sort=alphabetical", "sort"],
      [`sort=newest&cursor=${first.nextCursor}`, "cursor"],
      [`sort=name&cursor=${encodeLeadCursor({ sort: "oldest", createdAt: leads[0]!.createdAt, id })}`, "cursor"],
      [`sort=name&cursor=${Buffer.from(`name|${id}|dana\u0000`).toString("base64url")}`, "cursor"],
      [`sort=name&cursor=${Buffer.from(`name|not-an-id|dana`).toString("base64url")}`, "cursor"],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/api/admin/leads/contacts?form=${form}&${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(response.json().errors).toHaveProperty([field!]);
    }
    // A name with characters beyond ASCII, quotes and the separator is a valid position.
    const odd = encodeLeadCursor({ sort: "name", name: "o'brien | josé 🙂", id });
    expect((await get(`/api/admin/leads/contacts?form=${form}&sort=name&cursor=${odd}`)).statusCode).toBe(200);
  });

  it.each(["newest", "oldest", "name", "deadline"] as const)(
    "gives each lead its previous and next in the %s order, null at the ends",
    async (sort) => {
      const order = expectedIds(sort);
      for (const [i, id] of order.entries()) {
        const response = await get(`/api/admin/leads/contacts/${id}/neighbours?form=${form}&sort=${sort}`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<LeadNeighbours>()).toEqual({ previous: order[i - 1] ?? null, next: order[i + 1] ?? null });
      }
    },
  );

  it("keeps to the list's filters, even for a lead they no longer match", async () => {
    const qualified = expectedIds("name", (row) => row.status === "qualified");
    expect(qualified).toHaveLength(3);
    const neighbours = async (id: string) =>
      (
        await get(`/api/admin/leads/contacts/${id}/neighbours?form=${form}&sort=name&status=qualified`)
      ).json<LeadNeighbours>();
    expect(await neighbours(qualified[1]!)).toEqual({ previous: qualified[0], next: qualified[2] });
    // A lead outside the filter (its status changed a moment ago) still has its place in the order.
    const outside = expectedIds("name").find(
      (id) => !qualified.includes(id) && expectedIds("name").indexOf(id) > expectedIds("name").indexOf(qualified[0]!),
    )!;
    const place = expectedIds("name").indexOf(outside);
    const before =
      expectedIds("name")
        .slice(0, place)
        .filter((id) => qualified.includes(id))
        .at(-1) ?? null;
    const after =
      expectedIds("name")
        .slice(place + 1)
        .find((id) => qualified.includes(id)) ?? null;
    expect(await neighbours(outside)).toEqual({ previous: before, next: after });
    // The spam view holds only the spam lead: it has no neighbours.
    const spam = leads.find((row) => row.status === "spam")!.id;
    expect((await get(`/api/admin/leads/contacts/${spam}/neighbours?form=${form}&view=spam`)).json()).toEqual({
      previous: null,
      next: null,
    });
  });

  it("answers 404 for an unknown lead and 400 for bad parameters", async () => {
    expect((await get(`/api/admin/leads/contacts/00000000-0000-4000-8000-000000000000/neighbours`)).statusCode).toBe(
      404,
    );
    const badSort = await get(`/api/admin/leads/contacts/${leads[0]!.id}/neighbours?sort=sideways`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors).toHaveProperty(["sort"]);
    expect((await get(`/api/admin/leads/contacts/not-a-lead/neighbours`)).statusCode).toBe(400);
  });
});
