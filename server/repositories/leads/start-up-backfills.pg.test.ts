import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { contactSubmissionInput } from "../../../contract/contact-submission.ts";
import { serviceInquiryInput } from "../../../contract/service-inquiry.ts";
import { countWrites, derived, forgetDerivedColumns, writes } from "../../../tests/helpers/derived-columns.ts";
import { validContact, validInquiry } from "../../../tests/helpers/test-app.ts";
import { HOUR_MS } from "../../../tests/helpers/test-clock.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database.ts";
import { createDatabase } from "../../db/connection.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import type { Database } from "../../db/schema.ts";
import { createLeadsRepository } from "./leads-repository.ts";
import { backfillDerivedColumns } from "./start-up-backfills.ts";

// PostgreSQL only (the scale-out database; a SQLite file has one server process): two instances that start
// together on leads without their derived columns write each lead once, in the order of arrival, as one
// instance would (issue 34; start-up-backfills.test.ts has the rest, on both databases).

const CONTACTS = 120;
let database: TestDatabase;
let db: Kysely<Database>;

beforeAll(async () => {
  database = await createTestDatabase("postgres");
  db = createDatabase(database.database);
  await migrateToLatest(db);
  let clockMs = Date.parse("2026-03-02T12:00:00Z");
  const leads = createLeadsRepository(db, undefined, { clock: () => new Date(clockMs), ownerTimeZone: "UTC" });
  const contact = contactSubmissionInput.parse({ ...validContact, email: "pat@example.com", phone: "(512) 555-0100" });
  for (let i = 0; i < CONTACTS; i += 1) {
    clockMs += HOUR_MS;
    await leads.create("contacts", contact);
  }
  clockMs += HOUR_MS;
  await leads.create(
    "inquiries",
    serviceInquiryInput.parse({ ...validInquiry, email: "PAT@example.com", phone: "+1 512 555 0100" }),
  );
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

it("writes each lead once when two instances start together", { timeout: 60_000 }, async () => {
  const asStored = await derived(db);
  await forgetDerivedColumns(db);
  await countWrites(db);
  const instances = [createDatabase(database.database), createDatabase(database.database)];
  try {
    const counts = await Promise.all(instances.map((instance) => backfillDerivedColumns(instance)));
    const sum = (key: keyof (typeof counts)[number]) => counts.reduce((total, count) => total + count[key], 0);
    const leads = CONTACTS + 1;
    expect([sum("personKeys"), sum("replyBy"), sum("deadlineKeys"), sum("exportCells")]).toEqual([
      leads,
      leads,
      0,
      leads,
    ]);
    // Each lead written once per step that had something to write for it: person keys, reply-by (with the
    // deadline key, two statements), export cells.
    expect(await writes(db)).toBe(4 * leads);
    expect(await derived(db)).toEqual(asStored);
  } finally {
    await Promise.all(instances.map((instance) => instance.destroy()));
  }
});
