import { Migrator, sql, type Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LeadPage } from "../../contract/admin-leads.ts";
import { createTestApp, signIn } from "../../tests/helpers/test-app.ts";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "../../tests/helpers/test-database.ts";
import { createDatabase } from "./connection.ts";
import { migrateToLatest, migrations } from "./migrate.ts";
import type { Database } from "./schema.ts";

// Upgrading a database that already holds leads past 0012-postgres-search-table: on PostgreSQL every
// lead's search text moves into the search table (and the lead table loses its trigram index); on
// SQLite nothing changes. Either way the inbox search finds the leads stored before.

let database: TestDatabase;
let db: Kysely<Database>;
const COUNT = 300;

beforeAll(async () => {
  database = await createTestDatabase(undefined, { empty: true });
  db = createDatabase(database.database);
  const before = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
    "0011-inbox-form-index",
  );
  expect(before.error).toBeUndefined();
  // Rows as the code of 0011 wrote them: search text and CSV line on the lead.
  const contacts = Array.from({ length: COUNT }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    firstName: i === 7 ? "Zoë" : `Lead${i}`,
    lastName: "Upgrade",
    email: `lead${i}@example.com`,
    phone: "(512) 555-0100",
    company: null,
    products: "[]",
    searchText: `${i === 7 ? "zoë" : `lead${i}`} upgrade lead${i}@example.com (512) 555-0100 `,
    csvLine: `line ${i}`,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  }));
  await db.insertInto("contactSubmissions").values(contacts).execute();
  await migrateToLatest(db);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

it("finds the leads stored before the upgrade", async () => {
  const t = await createTestApp({}, database);
  try {
    const cookie = await signIn(t.app);
    const search = async (q: string) =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/admin/leads/contacts?q=${encodeURIComponent(q)}`,
          headers: { cookie },
        })
      ).json<LeadPage>();
    expect((await search("zoë upgrade")).items.map((lead) => lead.id)).toEqual([
      "00000000-0000-4000-8000-000000000007",
    ]);
    expect((await search("lead123@")).items.map((lead) => lead.id)).toEqual(["00000000-0000-4000-8000-000000000123"]);
    expect((await search("upgrade")).total).toBe(COUNT);
  } finally {
    await t.close();
  }
});

it("keeps every lead's search text in the search table, indexed there and not on the lead table", async () => {
  if (testDatabaseKind() === "postgres") {
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from contact_submissions_search s join contact_submissions l on l.id = s.id and l.search_text = s.search_text`.execute(
      db,
    );
    expect(Number(rows[0]!.n)).toBe(COUNT);
    const indexes = await sql<{
      table: string;
      index: string;
    }>`select tablename as table, indexname as index from pg_indexes
      where indexdef like '%gin_trgm_ops%' order by tablename`.execute(db);
    expect(indexes.rows).toEqual([
      { table: "contact_submissions_search", index: "contact_submissions_search_text_idx" },
      { table: "service_inquiries_search", index: "service_inquiries_search_text_idx" },
    ]);
  } else {
    // SQLite's FTS5 table indexes the lead's own column (content table), as since 0004.
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from contact_submissions_search where search_text like '%upgrade%'`.execute(db);
    expect(rows[0]!.n).toBe(COUNT);
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and sql like '%search_text%'`.execute(db);
    expect(indexes.rows).toEqual([]);
  }
});
