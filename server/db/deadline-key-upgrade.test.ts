import { Migrator, type Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LeadPage, LeadRow } from "../../contract/admin-leads.ts";
import { deadlineKey } from "../../contract/reply-window.ts";
import { replyWindowHours } from "../../contract/form-names.ts";
import type { LeadStatus } from "../../contract/fields.ts";
import { createTestApp, signIn } from "../../tests/helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-database.ts";
import { createDatabase } from "./connection.ts";
import { migrateToLatest, migrations } from "./migrate.ts";
import type { Database } from "./schema.ts";

// Upgrading a database that already holds leads past 0014-owner-day-leads: every lead stored before gets
// the deadline key the app's rule (contract deadlineKey) would give it, whatever its status and form
// (4-hour forms, others, none), so the reply-deadline order and the day's queue place it right; the
// follow-up columns and the events table start empty.

let database: TestDatabase;
let db: Kysely<Database>;
const STATUSES: LeadStatus[] = ["new", "contacted", "spam", "new", "won", "qualified", "lost", "new"];
const FORMS = ["home-services-audit", "contact-page", null, "personal-injury-audit", "website-audit"];
const COUNT = 240;
// Times with milliseconds, across a year (and a daylight-saving change, which must not move a deadline).
const createdAt = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 37 * 3_600_000 + (i % 1000)).toISOString();
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;

beforeAll(async () => {
  database = await createTestDatabase(undefined, { empty: true });
  db = createDatabase(database.database);
  const before = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
    "0013-abuse-resistance",
  );
  expect(before.error).toBeUndefined();
  // Rows as the code of 0013 wrote them (no deadline key, no follow-up).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of an older version
  const old = db as unknown as Kysely<any>;
  const lead = (i: number) => ({
    id: id(i),
    firstName: `Lead${i}`,
    lastName: "Upgrade",
    email: `lead${i}@example.com`,
    phone: "(512) 555-0100",
    status: STATUSES[i % STATUSES.length],
    formName: FORMS[i % FORMS.length],
    searchText: `lead${i} upgrade`,
    csvLine: `line ${i}`,
    createdAt: createdAt(i),
  });
  const contacts = Array.from({ length: COUNT / 2 }, (_, i) => ({ ...lead(i), products: "[]" }));
  const inquiries = Array.from({ length: COUNT / 2 }, (_, i) => ({
    ...lead(COUNT / 2 + i),
    serviceType: "seo",
    message: "Help",
  }));
  await old.insertInto("contactSubmissions").values(contacts).execute();
  await old.insertInto("serviceInquiries").values(inquiries).execute();
  await migrateToLatest(db);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

it("gives every lead stored before it the deadline key of the app's rule", async () => {
  for (const table of ["contactSubmissions", "serviceInquiries"] as const) {
    const rows = await db
      .selectFrom(table)
      .select(["id", "status", "createdAt", "formName", "deadlineKey", "followUpAt", "followUpNote"])
      .execute();
    expect(rows).toHaveLength(COUNT / 2);
    for (const row of rows) {
      // Migration 0014's rule, the wall clock's (business hours came with 0020: the start-up step counts again).
      const wallClockReplyBy = new Date(
        Date.parse(row.createdAt) + replyWindowHours(row.formName) * 3_600_000,
      ).toISOString();
      expect(row.deadlineKey, row.id).toBe(
        deadlineKey({ status: row.status as LeadStatus, createdAt: row.createdAt, replyBy: wallClockReplyBy }),
      );
      expect([row.followUpAt, row.followUpNote]).toEqual([null, null]);
    }
  }
  // Spot checks of both halves of the rule, against numbers worked out by hand.
  const first = await db
    .selectFrom("contactSubmissions")
    .select("deadlineKey")
    .where("id", "=", id(0))
    .executeTakeFirstOrThrow();
  expect(first.deadlineKey).toBe("0|2026-01-01T04:00:00.000Z"); // new, home-services-audit: 4 hours
  const contacted = await db
    .selectFrom("contactSubmissions")
    .select("deadlineKey")
    .where("id", "=", id(1))
    .executeTakeFirstOrThrow();
  expect(contacted.deadlineKey).toBe(`1|${9_999_999_999_999 - Date.parse(createdAt(1))}`);
  expect(await db.selectFrom("leadEvents").selectAll().execute()).toEqual([]);
});

// The first start writes the person keys and reply-by times of the 240 leads (start-up-backfills.ts).
it("sorts the upgraded leads of both kinds by reply deadline in the combined list", { timeout: 30_000 }, async () => {
  const t = await createTestApp({}, database);
  try {
    const cookie = await signIn(t.app);
    const rows: LeadRow[] = [];
    let cursor: string | null = null;
    do {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/admin/leads/all?view=all&sort=deadline&limit=100${cursor ? `&cursor=${cursor}` : ""}`,
        headers: { cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      const page: LeadPage<LeadRow> = response.json();
      rows.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const expected = rows
      .map((row) => ({ key: deadlineKey(row), id: row.id }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1));
    expect(rows).toHaveLength(COUNT);
    expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
  } finally {
    await t.close();
  }
});

it("keys a lead an older instance stores after the upgrade (a rolling deploy) at the next start, not when a list is read", async () => {
  const t = await createTestApp({}, database);
  try {
    const cookie = await signIn(t.app);
    const needsReply = async () =>
      (await t.app.inject({ method: "GET", url: "/api/admin/today", headers: { cookie } })).json<{
        needsReply: { total: number };
      }>().needsReply.total;
    const before = await needsReply();
    // As the code of 0013 inserts: no deadline key.
    const lateId = "00000000-0000-4000-8000-999999999999";
    // Monday 5 January 2026, 9:00 AM in New York: four business hours were up at 1:00 PM that day.
    const createdAt = "2026-01-05T14:00:00.000Z";
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of an older version
    await (t.app.db as unknown as Kysely<any>)
      .insertInto("contactSubmissions")
      .values({
        id: lateId,
        firstName: "Late",
        lastName: "Deploy",
        email: "late@example.com",
        phone: "(512) 555-0100",
        products: "[]",
        formName: "home-services-audit",
        searchText: "late deploy",
        csvLine: "line",
        createdAt,
      })
      .execute();
    // Reads never write: the day's queue and the deadline order leave it without a key.
    expect(await needsReply()).toBe(before);
    const deadlineOrder = await t.app.inject({
      method: "GET",
      url: "/api/admin/leads/contacts?view=all&sort=deadline&limit=100",
      headers: { cookie },
    });
    expect(deadlineOrder.statusCode, deadlineOrder.body).toBe(200);
    const storedKey = async () =>
      (
        await db
          .selectFrom("contactSubmissions")
          .select("deadlineKey")
          .where("id", "=", lateId)
          .executeTakeFirstOrThrow()
      ).deadlineKey;
    expect(await storedKey()).toBeNull();
    // The next start (start-up-backfills.ts) gives it its reply-by time under the business hours and its key.
    const restarted = await createTestApp({}, database);
    try {
      const restartedCookie = await signIn(restarted.app);
      const needsReplyNow = (
        await restarted.app.inject({ method: "GET", url: "/api/admin/today", headers: { cookie: restartedCookie } })
      ).json<{ needsReply: { total: number } }>().needsReply.total;
      // Four business hours promised long ago: overdue.
      expect(needsReplyNow).toBe(before + 1);
      expect(await storedKey()).toBe(deadlineKey({ status: "new", createdAt, replyBy: "2026-01-05T18:00:00.000Z" }));
    } finally {
      await restarted.close();
    }
  } finally {
    await t.close();
  }
});
