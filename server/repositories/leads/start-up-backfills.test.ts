import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactSubmissionInput } from "../../../contract/contact-submission.ts";
import type { SourcesReport } from "../../../contract/reports.ts";
import { serviceInquiryInput } from "../../../contract/service-inquiry.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { zonedIsoFormatter } from "./lead-export.ts";
import {
  createTestApp,
  signIn,
  testConfig,
  validContact,
  validInquiry,
  type TestApp,
} from "../../../tests/helpers/test-app.ts";
import { DAY_MS, HOUR_MS } from "../../../tests/helpers/test-clock.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database.ts";
import {
  countWrites,
  derived,
  forgetDerivedColumns,
  resetWrites,
  writes,
} from "../../../tests/helpers/derived-columns.ts";
import { createLeadsRepository } from "./leads-repository.ts";

// The start-up step that writes the derived columns of leads stored before them (issue 34), on SQLite and
// PostgreSQL: one order of arrival across both lead tables (600 older contacts and one newer inquiry of the
// same person: the old 500-rows-per-table merge linked contacts to the newer inquiry), no read path writes
// (a trigger counts every row written to the lead tables), and a second start finds nothing to do. Two
// instances starting together: start-up-backfills.pg.test.ts.

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let clockMs: number | null = null;
const clock = () => new Date(clockMs ?? Date.now());
const admin = adminClient(() => t.app, { cookie: () => cookie });

// Noon UTC 60 days ago: contact i arrives i hours later (600 hours: 25 days), the inquiry a day after the last.
const T0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 60 * DAY_MS + 12 * HOUR_MS;
const CONTACTS = 600;
const INQUIRY_AT = T0 + (CONTACTS + 24) * HOUR_MS;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  database = await createTestDatabase();
  const base = testConfig(database.database);
  t = await createTestApp({ delivery: { ...base.delivery, ownerTimeZone: "UTC" } }, database, { clock });
  cookie = await signIn(t.app);
  // The same person 601 times, as the current code stores them (no deliveries: no plan).
  const leads = createLeadsRepository(t.app.db, undefined, { clock, ownerTimeZone: "UTC" });
  const contact = contactSubmissionInput.parse({ ...validContact, email: "pat@example.com", phone: "(512) 555-0100" });
  for (let i = 0; i < CONTACTS; i += 1) {
    clockMs = T0 + i * HOUR_MS;
    await leads.create("contacts", contact);
  }
  clockMs = INQUIRY_AT;
  await leads.create(
    "inquiries",
    serviceInquiryInput.parse({ ...validInquiry, email: "PAT@example.com", phone: "+1 512 555 0100" }),
  );
  clockMs = null;
  await countWrites(t.app.db);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.drop();
});

// Each test writes 601 leads' columns (several seconds on PostgreSQL).
describe("the start-up backfill of the derived columns", { timeout: 60_000 }, () => {
  let asStored: Awaited<ReturnType<typeof derived>>;
  beforeEach(async () => {
    asStored ??= await derived(t.app.db);
    await forgetDerivedColumns(t.app.db);
    await resetWrites(t.app.db);
  });

  it("keys 600 older contacts and a newer inquiry of one person in their order of arrival", async () => {
    const counts = await t.app.repositories.leads.backfillDerivedColumns();
    expect(counts).toEqual({
      personKeys: CONTACTS + 1,
      replyBy: CONTACTS + 1,
      deadlineKeys: 0,
      exportCells: CONTACTS + 1,
    });
    const after = await derived(t.app.db);
    // Exactly what each lead got when it arrived.
    expect(after).toEqual(asStored);
    const { contacts, inquiries } = after;
    expect(contacts).toHaveLength(CONTACTS);
    const first = contacts[0]!;
    expect(first).toMatchObject({
      channel: "direct",
      emailKey: "pat@example.com",
      phoneKey: "5125550100",
      personId: first.id,
      previousLeadAt: null,
    });
    for (let i = 1; i < CONTACTS; i += 1) {
      expect(contacts[i], `contact ${i}`).toMatchObject({
        personId: first.id,
        previousLeadAt: contacts[i - 1]!.createdAt,
      });
    }
    // The inquiry's previous lead is the newest contact (the old merge made it the 500th, and the 100 after it
    // had the newer inquiry as their previous lead).
    expect(inquiries).toEqual([
      {
        id: inquiries[0]!.id,
        createdAt: new Date(INQUIRY_AT).toISOString(),
        channel: "direct",
        emailKey: "pat@example.com",
        phoneKey: "5125550100",
        personId: first.id,
        previousLeadAt: contacts.at(-1)!.createdAt,
      },
    ]);
    expect(await writes(t.app.db)).toBeGreaterThan(0);

    // Days 21 to 23 after the first contact: contacts 516 to 587, one person (whose previous lead came before).
    const response = await admin.get(
      `/api/admin/reports/sources?from=${day(T0 + 21 * DAY_MS)}&to=${day(T0 + 23 * DAY_MS)}&by=channel`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<SourcesReport>();
    expect(report.totals.current).toMatchObject({ leads: 72, people: 1 });
    expect(report.rows.find((row) => row.key === "direct")!.current).toMatchObject({ leads: 72, people: 1 });
  });

  it("runs once: a second run and a new start find nothing to write", async () => {
    await t.app.repositories.leads.backfillDerivedColumns();
    await resetWrites(t.app.db);
    expect(await t.app.repositories.leads.backfillDerivedColumns()).toEqual({
      personKeys: 0,
      replyBy: 0,
      deadlineKeys: 0,
      exportCells: 0,
    });
    const restarted = await createTestApp({}, database);
    await restarted.close();
    expect(await writes(t.app.db)).toBe(0);
  });

  it("is written by the start when the server starts on leads without their derived columns", async () => {
    const restarted = await createTestApp({}, database);
    await restarted.close();
    expect(await derived(t.app.db)).toEqual(asStored);
  });
});

describe("the read paths", () => {
  beforeAll(async () => {
    // Leads with none of their derived columns: each read path that used to write one meets a missing one.
    await forgetDerivedColumns(t.app.db);
    await resetWrites(t.app.db);
  });

  it("write nothing to the lead tables, whatever derived column is missing", async () => {
    const [contactId, inquiryId] = [
      (await derived(t.app.db)).contacts[0]!.id,
      (await derived(t.app.db)).inquiries[0]!.id,
    ];
    const before = await snapshot();
    const from = day(T0);
    const to = day(INQUIRY_AT);
    // [path, status]: a lead without a deadline key is not in the deadline order until the next start keys it.
    const paths: [string, number][] = [
      ["/api/admin/leads/all?view=all&sort=deadline&limit=100", 200],
      ["/api/admin/leads/contacts?view=all&sort=deadline&limit=100", 200],
      ["/api/admin/leads/inquiries?view=all&sort=deadline", 200],
      [`/api/admin/leads/contacts/${contactId}/neighbours?view=all&sort=deadline`, 404],
      [`/api/admin/leads/all/${contactId}/neighbours?view=all&sort=deadline`, 404],
      ["/api/admin/today", 200],
      ["/api/admin/leads/contacts/export.csv?view=all", 200],
      ["/api/admin/leads/inquiries/export.csv?view=all", 200],
      [`/api/admin/reports/sources?from=${from}&to=${to}&by=channel`, 200],
      [`/api/admin/reports/sources?from=${from}&to=${to}&by=week`, 200],
      [`/api/admin/reports/speed?from=${from}&to=${to}`, 200],
      [`/api/admin/leads/contacts/${contactId}/related`, 200],
      [`/api/admin/leads/inquiries/${inquiryId}/related`, 200],
    ];
    for (const [path, status] of paths) {
      const response = await admin.get(path);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(status);
    }
    expect(await writes(t.app.db)).toBe(0);
    expect(await snapshot()).toEqual(before);
    // The export makes every line from the row (issue 38), whatever stored line is missing, without storing it.
    const csv = (await admin.get("/api/admin/leads/inquiries/export.csv?view=all")).rawPayload.toString("utf8");
    const received = zonedIsoFormatter(t.app.config.delivery.ownerTimeZone)(new Date(INQUIRY_AT).toISOString());
    expect(csv.slice(1).split("\r\n")[1]).toMatch(
      new RegExp(`^${inquiryId},inquiries,${received.replace(/\+/g, "\\+")},new,,,,Marcus,Reyes,PAT@example.com,`),
    );
  });
});

/** Every column of every lead. */
async function snapshot() {
  return {
    contacts: await t.app.db.selectFrom("contactSubmissions").selectAll().orderBy("id").execute(),
    inquiries: await t.app.db.selectFrom("serviceInquiries").selectAll().orderBy("id").execute(),
  };
}
