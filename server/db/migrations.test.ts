import { Migrator, type Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, signIn } from "../../tests/helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-database.ts";
import { createDatabase } from "./connection.ts";
import { migrateToLatest, migrations } from "./migrate.ts";
import type { Database } from "./schema.ts";

// Upgrading a database that already holds leads: 0005-csv-lines gave every existing lead its CSV
// line (in batches, so more leads than one batch); since 0028 the export reads the stored export cells
// instead, which the start-up step writes; the export serves them.

let database: TestDatabase;
let db: Kysely<Database>;
const COUNT = 1_234;
const createdAt = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();

beforeAll(async () => {
  database = await createTestDatabase(undefined, { empty: true });
  db = createDatabase(database.database);
  const before = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
    "0004-search",
  );
  expect(before.error).toBeUndefined();
  // Rows as the code of 0004 wrote them (no csv_line yet).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of an older version
  const old = db as unknown as Kysely<any>;
  const contacts = Array.from({ length: COUNT }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    firstName: i === 0 ? "José" : `Lead${i}`,
    lastName: i === 0 ? "Núñez, Jr." : "Upgrade",
    email: `lead${i}@example.com`,
    phone: i === 0 ? "+1 512 555 0100" : "(512) 555-0100",
    company: i === 0 ? '=HYPERLINK("http://x")' : null,
    products: i === 0 ? JSON.stringify(["SEO Services", "Website Design"]) : "[]",
    status: i === 0 ? "won" : "new",
    readAt: i === 0 ? createdAt(1) : null,
    createdAt: createdAt(i),
  }));
  for (let i = 0; i < contacts.length; i += 200)
    await old
      .insertInto("contactSubmissions")
      .values(contacts.slice(i, i + 200))
      .execute();
  await old
    .insertInto("serviceInquiries")
    .values({
      id: "00000000-0000-4000-9000-000000000001",
      firstName: "Inq",
      lastName: "Old",
      email: "inq@example.com",
      phone: "555 000 1111",
      serviceType: "seo",
      message: "Line one,\nline two",
      createdAt: createdAt(0),
    })
    .execute();
  const to0027 = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
    "0027-clients-and-money",
  );
  expect(to0027.error).toBeUndefined();
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

it("writes the CSV line of every lead that was stored before it", async () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of an older version
  const old = db as unknown as Kysely<any>;
  const contacts = await old.selectFrom("contactSubmissions").select("csvLine").orderBy("id").execute();
  expect(contacts).toHaveLength(COUNT);
  expect(contacts.filter((lead) => typeof lead.csvLine !== "string")).toEqual([]);
  expect(contacts[0]!.csvLine).toBe(
    `00000000-0000-4000-8000-000000000000,${createdAt(0)},won,${createdAt(1)},José,"Núñez, Jr.",lead0@example.com,'+1 512 555 0100,"'=HYPERLINK(""http://x"")",SEO Services; Website Design,,,,,,,,,,,,`,
  );
  const inquiry = await old.selectFrom("serviceInquiries").select("csvLine").executeTakeFirstOrThrow();
  expect(inquiry.csvLine).toBe(
    `00000000-0000-4000-9000-000000000001,${createdAt(0)},new,,Inq,Old,inq@example.com,555 000 1111,,seo,,"Line one,\nline two",,,,,,,,,`,
  );
});

// The first start keys the 1,234 leads (the start-up backfill): seconds on a busy PostgreSQL.
it("serves the upgraded leads in the export", { timeout: 30_000 }, async () => {
  await migrateToLatest(db);
  expect(
    await db.selectFrom("contactSubmissions").select("id").where("exportCells", "is", null).execute(),
  ).toHaveLength(COUNT);
  const t = await createTestApp({}, database);
  try {
    const cookie = await signIn(t.app);
    const body = (
      await t.app.inject({ method: "GET", url: "/api/admin/leads/contacts/export.csv", headers: { cookie } })
    ).rawPayload.toString("utf8");
    const lines = body.slice(1).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(COUNT + 1);
    expect(lines[1]).toMatch(/^00000000-0000-4000-8000-000000001233,/);
    expect(lines.at(-1)).toMatch(
      /^00000000-0000-4000-8000-000000000000,contacts,[^,]+,won,,,[^,]+,José,"Núñez, Jr\.",lead0@example.com,'\+1 512 555 0100,"'=HYPERLINK\(""http:\/\/x""\)",SEO Services; Website Design,/,
    );
    // The app's start wrote every lead's stored cells.
    expect(await db.selectFrom("contactSubmissions").select("id").where("exportCells", "is", null).execute()).toEqual(
      [],
    );
  } finally {
    await t.close();
  }
});
