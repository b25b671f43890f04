import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadPage } from "../../../contract/admin-leads.ts";
import { seedLeads } from "../../db/seed-data.ts";
import { postLead } from "../../../tests/helpers/lead-posts.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { createTestApp, humanSignals, signIn, validInquiry, type TestApp } from "../../../tests/helpers/test-app.ts";
import { testDatabaseKind } from "../../../tests/helpers/test-database.ts";

// Each kind of lead keeps its search text indexed in a table of its own, `<lead table>_search` (SQLite's
// FTS5 table since migration 0004, PostgreSQL's trigram-indexed table since 0012), kept in step by the
// database: the search row follows the lead's insert, a change of its text and its deletion, and a change
// of status or read mark (the bulk actions) leaves it alone. Run on SQLite and on PostgreSQL.

let t: TestApp;
let cookie: string;
const admin = adminClient(() => t.app, { cookie: () => cookie });
const postgres = testDatabaseKind() === "postgres";
const tag = `srch${Date.now().toString(36)}`;

type LeadTable = "contact_submissions" | "service_inquiries";
/** How many entries of the table's search index contain `text`. */
async function searchEntries(table: LeadTable, text: string): Promise<number> {
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(`${table}_search`)} where search_text like ${`%${text}%`}`.execute(t.app.db);
  return Number(rows[0]!.n);
}
/** The ids the inbox search answers for `q`. */
async function found(kind: "contacts" | "inquiries", q: string, view = "all"): Promise<string[]> {
  const response = await admin.get(`/api/admin/leads/${kind}?view=${view}&q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LeadPage>().items.map((item) => item.id);
}
const postContact = (lastName: string) => postLead(t.app, "contacts", { lastName, email: `${lastName}@example.com` });
const bulk = async (payload: object) => {
  const response = await admin.post("/api/admin/leads/contacts/bulk", payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ affected: number; previous: { id: string; status: string; read: boolean }[] }>();
};

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe("the search row follows its lead", () => {
  it("is written with a lead posted by a form, and the search finds the lead by it", async () => {
    const id = await postContact(`${tag}new`);
    expect(await searchEntries("contact_submissions", `${tag}new@example.com`)).toBe(1);
    expect(await found("contacts", `${tag}NEW@example`)).toEqual([id]);

    const response = await t.app.inject({
      method: "POST",
      url: "/api/service-inquiry",
      payload: { ...validInquiry, ...(await humanSignals(t.app)), message: `Rank us for ${tag} inquiry words` },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await searchEntries("service_inquiries", `${tag} inquiry words`)).toBe(1);
    expect(await found("inquiries", `${tag} inquiry`)).toEqual([response.json<{ id: string }>().id]);
  });

  it("is written for every lead of a many-row insert, with the lead's own text", async () => {
    await seedLeads(t.app.db, { contacts: 30, inquiries: 20 }, 7);
    for (const table of ["contact_submissions", "service_inquiries"] as const) {
      const { rows } = await sql<{ leads: number | string; entries: number | string }>`select
        (select count(*) from ${sql.table(table)} where search_text is not null) as leads,
        (select count(*) from ${sql.table(`${table}_search`)}) as entries`.execute(t.app.db);
      expect(Number(rows[0]!.entries)).toBe(Number(rows[0]!.leads));
      if (postgres) {
        const { rows: differing } =
          await sql`select l.id from ${sql.table(table)} l left join ${sql.table(`${table}_search`)} s on s.id = l.id
          where s.search_text is distinct from l.search_text`.execute(t.app.db);
        expect(differing).toEqual([]);
      }
    }
  });

  it("follows a change of the lead's search text", async () => {
    const id = await postContact(`${tag}before`);
    await t.app.db
      .updateTable("contactSubmissions")
      .set({ searchText: `${tag}after renamed` })
      .where("id", "=", id)
      .execute();
    expect(await searchEntries("contact_submissions", `${tag}before`)).toBe(0);
    expect(await searchEntries("contact_submissions", `${tag}after renamed`)).toBe(1);
    expect(await found("contacts", `${tag}after`)).toEqual([id]);
  });

  it("is left alone by status and read changes, and the search still finds the lead in each view", async () => {
    const ids = [await postContact(`${tag}triage1`), await postContact(`${tag}triage2`)];
    const versions = async () =>
      (
        await sql<{
          xmin: string;
        }>`select xmin::text as xmin from contact_submissions_search where id in (${sql.join(ids)}) order by id`.execute(
          t.app.db,
        )
      ).rows;
    const before = postgres ? await versions() : [];

    const read = await bulk({ action: "markRead", ids });
    expect(read.affected).toBe(2);
    await bulk({ action: "setStatus", ids, status: "qualified" });
    const spam = await bulk({ action: "spam", ids });
    expect((await found("contacts", `${tag}triage`, "spam")).sort()).toEqual([...ids].sort());
    expect(await found("contacts", `${tag}triage`, "inbox")).toEqual([]);
    await bulk({ action: "restore", items: spam.previous });
    await bulk({ action: "restore", items: read.previous });

    expect((await found("contacts", `${tag}triage`, "inbox")).sort()).toEqual([...ids].sort());
    expect(await searchEntries("contact_submissions", `${tag}triage`)).toBe(2);
    // PostgreSQL: the very same row versions, so no index of the search table was written.
    if (postgres) expect(await versions()).toEqual(before);
  });

  it("goes with its lead, deleted alone or in bulk", async () => {
    const alone = await postContact(`${tag}gone1`);
    const together = [await postContact(`${tag}gone2`), await postContact(`${tag}gone3`)];
    const kept = await postContact(`${tag}gonenot`);

    expect((await admin.delete(`/api/admin/leads/contacts/${alone}`)).statusCode).toBe(204);
    expect(await searchEntries("contact_submissions", `${tag}gone1`)).toBe(0);
    expect((await bulk({ action: "delete", ids: together })).affected).toBe(2);
    expect(await searchEntries("contact_submissions", `${tag}gone`)).toBe(1);
    expect(await found("contacts", `${tag}gone`)).toEqual([kept]);
  });
});
