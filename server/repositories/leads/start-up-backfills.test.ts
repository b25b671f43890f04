import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactSubmissionInput } from "../../../contract/contact-submission.ts";
import type { SourcesReport } from "../../../contract/reports.ts";
import { serviceInquiryInput } from "../../../contract/service-inquiry.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { createTestApp, signIn, testConfig, validContact, validInquiry, type TestApp } from "../../../tests/helpers/test-app.ts";
import { DAY_MS, HOUR_MS } from "../../../tests/helpers/test-clock.ts";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "../../../tests/helpers/test-database.ts";
import { createDatabase } from "../../db/connection.ts";
import { isPostgres } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { createLeadsRepository } from "./leads-repository.ts";
import { backfillDerivedColumns } from "./start-up-backfills.ts";

// The start-up step that writes the derived columns of leads stored before them (issue 34), on SQLite and
// PostgreSQL: one order of arrival across both lead tables (600 older contacts and one newer inquiry of the
// same person: the old 500-rows-per-table merge linked contacts to the newer inquiry), no read path writes
// (a trigger counts every row written to the lead tables), a second start finds nothing to do, and two
// instances starting together write each row once.

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

const DERIVED = ["channel", "emailKey", "phoneKey", "personId", "previousLeadAt"] as const;
type Derived = { id: string; createdAt: string } & Record<(typeof DERIVED)[number], string | null>;

async function derived(db: Kysely<Database> = t.app.db): Promise<{ contacts: Derived[]; inquiries: Derived[] }> {
  const read = (table: "contactSubmissions" | "serviceInquiries") =>
    db
      .selectFrom(table)
      .select(["id", "createdAt", ...DERIVED])
      .orderBy("createdAt")
      .orderBy("id")
      .execute() as Promise<Derived[]>;
  return { contacts: await read("contactSubmissions"), inquiries: await read("serviceInquiries") };
}

/** As an instance older than each derived column left the leads: none of them written. */
async function forgetDerivedColumns(db: Kysely<Database> = t.app.db) {
  for (const table of ["contactSubmissions", "serviceInquiries"] as const) {
    await db
      .updateTable(table)
      .set({ channel: null, emailKey: null, phoneKey: null, personId: null, previousLeadAt: null, replyBy: null, deadlineKey: null, csvLine: null })
      .execute();
  }
}

// Every row inserted, updated or deleted in a lead table adds a row to lead_writes.
async function countWrites(db: Kysely<Database>) {
  await sql`create table lead_writes (n integer not null)`.execute(db);
  if (isPostgres(db)) {
    await sql`create function count_lead_write() returns trigger language plpgsql as $$ begin insert into lead_writes values (1); return null; end $$`.execute(db);
  }
  for (const table of ["contact_submissions", "service_inquiries"]) {
    if (isPostgres(db)) {
      await sql`create trigger ${sql.id(`${table}_writes`)} after insert or update or delete on ${sql.table(table)} for each row execute function count_lead_write()`.execute(db);
    } else {
      for (const event of ["insert", "update", "delete"]) {
        await sql`create trigger ${sql.id(`${table}_${event}s`)} after ${sql.raw(event)} on ${sql.table(table)} begin insert into lead_writes values (1); end`.execute(db);
      }
    }
  }
}
async function writes(): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from lead_writes`.execute(t.app.db);
  return Number(rows[0]!.n);
}
async function resetWrites() {
  await sql`delete from lead_writes`.execute(t.app.db);
}

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
  await leads.create("inquiries", serviceInquiryInput.parse({ ...validInquiry, email: "PAT@example.com", phone: "+1 512 555 0100" }));
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
    asStored ??= await derived();
    await forgetDerivedColumns();
    await resetWrites();
  });

  it("keys 600 older contacts and a newer inquiry of one person in their order of arrival", async () => {
    const counts = await t.app.repositories.leads.backfillDerivedColumns();
    expect(counts).toEqual({ personKeys: CONTACTS + 1, replyBy: CONTACTS + 1, deadlineKeys: 0, csvLines: CONTACTS + 1 });
    const after = await derived();
    // Exactly what each lead got when it arrived.
    expect(after).toEqual(asStored);
    const { contacts, inquiries } = after;
    expect(contacts).toHaveLength(CONTACTS);
    const first = contacts[0]!;
    expect(first).toMatchObject({ channel: "direct", emailKey: "pat@example.com", phoneKey: "5125550100", personId: first.id, previousLeadAt: null });
    for (let i = 1; i < CONTACTS; i += 1) {
      expect(contacts[i], `contact ${i}`).toMatchObject({ personId: first.id, previousLeadAt: contacts[i - 1]!.createdAt });
    }
    // The inquiry's previous lead is the newest contact (the old merge made it the 500th, and the 100 after it
    // had the newer inquiry as their previous lead).
    expect(inquiries).toEqual([{ id: inquiries[0]!.id, createdAt: new Date(INQUIRY_AT).toISOString(), channel: "direct", emailKey: "pat@example.com", phoneKey: "5125550100", personId: first.id, previousLeadAt: contacts.at(-1)!.createdAt }]);
    expect(await writes()).toBeGreaterThan(0);

    // Days 21 to 23 after the first contact: contacts 516 to 587, one person (whose previous lead came before).
    const response = await admin.get(`/api/admin/reports/sources?from=${day(T0 + 21 * DAY_MS)}&to=${day(T0 + 23 * DAY_MS)}&by=channel`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<SourcesReport>();
    expect(report.totals.current).toMatchObject({ leads: 72, people: 1 });
    expect(report.rows.find((row) => row.key === "direct")!.current).toMatchObject({ leads: 72, people: 1 });
  });

  it("runs once: a second run and a new start find nothing to write", async () => {
    await t.app.repositories.leads.backfillDerivedColumns();
    await resetWrites();
    expect(await t.app.repositories.leads.backfillDerivedColumns()).toEqual({ personKeys: 0, replyBy: 0, deadlineKeys: 0, csvLines: 0 });
    const restarted = await createTestApp({}, database);
    await restarted.close();
    expect(await writes()).toBe(0);
  });

  it("is written by the start when the server starts on leads without their derived columns", async () => {
    const restarted = await createTestApp({}, database);
    await restarted.close();
    expect(await derived()).toEqual(asStored);
  });

  // PostgreSQL only: a SQLite database has one server process, whose start is the one instance.
  it.runIf(testDatabaseKind() === "postgres")("writes each lead once when two instances start together", async () => {
    const instances = [createDatabase(database.database), createDatabase(database.database)];
    try {
      const counts = await Promise.all(instances.map((db) => backfillDerivedColumns(db)));
      const sum = (key: keyof (typeof counts)[number]) => counts.reduce((total, count) => total + count[key], 0);
      expect([sum("personKeys"), sum("replyBy"), sum("deadlineKeys"), sum("csvLines")]).toEqual([CONTACTS + 1, CONTACTS + 1, 0, CONTACTS + 1]);
      // Each lead written once per step that had something to write for it: person keys, reply-by (with the
      // deadline key, two statements), CSV line.
      expect(await writes()).toBe(4 * (CONTACTS + 1));
      expect(await derived()).toEqual(asStored);
    } finally {
      await Promise.all(instances.map((db) => db.destroy()));
    }
  });
});

describe("the read paths", () => {
  beforeAll(async () => {
    // Leads with none of their derived columns: each read path that used to write one meets a missing one.
    await forgetDerivedColumns();
    await resetWrites();
  });

  it("write nothing to the lead tables, whatever derived column is missing", async () => {
    const [contactId, inquiryId] = [(await derived()).contacts[0]!.id, (await derived()).inquiries[0]!.id];
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
    expect(await writes()).toBe(0);
    expect(await snapshot()).toEqual(before);
    // The export makes a missing line for the file, from the row, without storing it.
    const csv = (await admin.get("/api/admin/leads/inquiries/export.csv?view=all")).rawPayload.toString("utf8");
    expect(csv.slice(1).split("\r\n")[1]).toMatch(new RegExp(`^${inquiryId},${new Date(INQUIRY_AT).toISOString()},new,,Marcus,Reyes,PAT@example.com,`));
  });
});

/** Every column of every lead. */
async function snapshot() {
  return {
    contacts: await t.app.db.selectFrom("contactSubmissions").selectAll().orderBy("id").execute(),
    inquiries: await t.app.db.selectFrom("serviceInquiries").selectAll().orderBy("id").execute(),
  };
}
