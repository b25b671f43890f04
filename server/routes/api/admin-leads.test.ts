import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadExportColumns } from "../../../contract/lead-export.ts";
import { dateIn } from "../../../contract/time-zones.ts";
import { zonedIsoFormatter } from "../../repositories/leads/lead-export.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { postLeadReceipt } from "../../../tests/helpers/lead-posts.ts";
import { createTestApp, signIn, validContact, type TestApp } from "../../../tests/helpers/test-app.ts";

// The owner's inbox API, on the database the project names (run on SQLite and on PostgreSQL).

let t: TestApp;
let cookie: string;
const tag = `t${Date.now()}`;

const postContact = (extra: Record<string, unknown> = {}) => postLeadReceipt(t.app, "contacts", extra);
const postInquiry = (extra: Record<string, unknown> = {}) => postLeadReceipt(t.app, "inquiries", extra);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const admin = adminClient(() => t.app, { cookie: () => cookie });
const { get } = admin;

const contactIds: string[] = [];
let spamId: string;
let inquiryId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
  // 30 contacts of this test, sharing a tag in the company, with different products and names.
  for (let i = 0; i < 30; i += 1) {
    const { id } = await postContact({
      firstName: `Lead${i}`,
      lastName: `Family ${tag}`,
      company: `${tag} Plumbing ${i}`,
      products: i % 3 === 0 ? ["Website Design"] : ["SEO Services"],
      formName: i % 2 === 0 ? "contact-page" : "home-services-audit",
      utmSource: i === 7 ? "newsletter" : undefined,
    });
    contactIds.push(id);
  }
  spamId = (await postContact({ firstName: "Spammy", lastName: `Bot ${tag}`, website: "http://spam.example" })).id;
  inquiryId = (
    await postInquiry({
      firstName: "Inq",
      lastName: `Uiry ${tag}`,
      message: `Need help ${tag} with Miami rankings`,
      serviceType: "paid-ads",
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

describe("every admin endpoint answers 401 without a session", () => {
  it.each([
    ["GET", "/api/admin/stats"],
    ["GET", "/api/admin/leads/contacts"],
    ["GET", "/api/admin/leads/contacts/export.csv"],
    ["GET", "/api/admin/leads/contacts/00000000-0000-4000-8000-000000000000"],
    ["PATCH", "/api/admin/leads/contacts/00000000-0000-4000-8000-000000000000"],
    ["DELETE", "/api/admin/leads/contacts/00000000-0000-4000-8000-000000000000"],
    ["POST", "/api/admin/leads/contacts/00000000-0000-4000-8000-000000000000/notes"],
  ] as const)("%s %s", async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      payload: method === "GET" || method === "DELETE" ? undefined : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBeTruthy();
  });
});

describe("state changes from another site are refused with 403", () => {
  it.each([
    ["PATCH", `/api/admin/leads/contacts/ID`, { status: "won" }],
    ["DELETE", `/api/admin/leads/contacts/ID`, undefined],
    ["POST", `/api/admin/leads/contacts/ID/notes`, { body: "x" }],
  ] as const)("%s %s", async (method, url, payload) => {
    const response = await t.app.inject({
      method,
      url: url.replace("ID", contactIds[0]!),
      headers: { cookie, origin: "https://evil.example" },
      payload,
    });
    expect(response.statusCode).toBe(403);
    const lead = await get(`/api/admin/leads/contacts/${contactIds[0]}`);
    expect(lead.json()).toMatchObject({ status: "new", notes: [] });
  });
});

describe("validation names the field", () => {
  it.each([
    ["/api/admin/leads/people", "kind"],
    ["/api/admin/leads/contacts?limit=0", "limit"],
    ["/api/admin/leads/contacts?limit=101", "limit"],
    ["/api/admin/leads/contacts?status=maybe", "status"],
    ["/api/admin/leads/contacts?from=yesterday", "from"],
    ["/api/admin/leads/contacts?from=2026-02-02&to=2026-01-01", "to"],
    ["/api/admin/leads/contacts?view=archive", "view"],
    ["/api/admin/leads/inquiries?serviceType=billboards", "serviceType"],
    ["/api/admin/leads/contacts?cursor=bm90LWEtY3Vyc29y", "cursor"],
    // Crafted cursors that decode: each must be refused before it reaches a query (PostgreSQL would
    // fail to cast them, a 500).
    ...[
      "2026-01-01T00:00:00.000Z|------------------------------------",
      "2026-01-01T00:00:00.000Z|zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
      "yesterday|3f1c2a9e-8b7d-4c6e-9f5a-1b2c3d4e5f60",
      "99999-01-01T00:00:00Z|3f1c2a9e-8b7d-4c6e-9f5a-1b2c3d4e5f60",
      "2026-01-01T00:00:00.000Z|3f1c2a9e-8b7d-4c6e-9f5a-1b2c3d4e5f60|extra",
      "2026-01-01T00:00:00.000Z",
      "2026-01-01T00:00:00.000Z|3f1c2a9e-8b7d-4c6e-9f5a-1b2c3d4e5f60\u0000",
    ].map((text) => [`/api/admin/leads/contacts?cursor=${Buffer.from(text).toString("base64url")}`, "cursor"]),
    ["/api/admin/leads/contacts/not-a-uuid", "id"],
    ["/api/admin/leads/contacts/export.csv?status=maybe", "status"],
  ])("GET %s -> 400 on %s", async (url, field) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toHaveProperty([field]);
  });

  it.each([
    [{ status: "archived" }, "status"],
    [{}, "status"],
    [{ read: "yes" }, "read"],
  ])("PATCH with %j -> 400 on %s, and nothing changes", async (payload, field) => {
    const response = await admin.patch(`/api/admin/leads/contacts/${contactIds[1]}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty([field]);
    expect((await get(`/api/admin/leads/contacts/${contactIds[1]}`)).json()).toMatchObject({
      status: "new",
      readAt: null,
    });
  });

  it("refuses an empty note with 400 and stores none", async () => {
    const response = await admin.post(`/api/admin/leads/contacts/${contactIds[1]}/notes`, { body: "   " });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(["body"]);
    expect((await get(`/api/admin/leads/contacts/${contactIds[1]}`)).json().notes).toEqual([]);
  });

  it("answers 404 for a lead that does not exist", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await get(`/api/admin/leads/contacts/${missing}`)).statusCode).toBe(404);
    const patch = await admin.patch(`/api/admin/leads/inquiries/${missing}`, { status: "won" });
    expect(patch.statusCode).toBe(404);
  });
});

describe("listing", () => {
  it("pages newest first by keyset, with the total, and no lead twice or missing", async () => {
    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(`/api/admin/leads/contacts?q=${tag}&limit=7${cursor ? `&cursor=${cursor}` : ""}`);
      expect(response.statusCode).toBe(200);
      const page = response.json<{
        items: { id: string; createdAt: string }[];
        total: number;
        nextCursor: string | null;
      }>();
      expect(page.total).toBe(30);
      seen.push(...page.items.map(({ id, createdAt }) => ({ id, createdAt })));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(5);
    // Every lead exactly once, in (createdAt, id) descending order (leads posted in the same
    // millisecond are ordered by id).
    expect(new Set(seen.map((s) => s.id))).toEqual(new Set(contactIds));
    expect(seen).toHaveLength(30);
    const key = (s: { id: string; createdAt: string }) => `${s.createdAt}|${s.id}`;
    expect(seen.map(key)).toEqual(seen.map(key).sort().reverse());
  });

  it("hides spam from the inbox and shows it, with the reason, in the spam view", async () => {
    const inbox = (await get(`/api/admin/leads/contacts?q=${tag}&limit=100`)).json();
    expect(inbox.items.map((i: { id: string }) => i.id)).not.toContain(spamId);
    const spam = (await get(`/api/admin/leads/contacts?view=spam&q=${tag}`)).json();
    expect(spam.items).toEqual([
      expect.objectContaining({ id: spamId, status: "spam", spamReason: expect.stringMatching(/honeypot/) }),
    ]);
  });

  it("searches name, e-mail, phone, company and the inquiry's message", async () => {
    expect(
      (await get(`/api/admin/leads/contacts?q=lead17 family`)).json().items.map((i: { id: string }) => i.id),
    ).toEqual([contactIds[17]]);
    expect((await get(`/api/admin/leads/contacts?q=${tag} plumbing 29`)).json().total).toBe(1);
    expect((await get(`/api/admin/leads/contacts?q=555-0147`)).json().total).toBeGreaterThanOrEqual(30);
    expect((await get(`/api/admin/leads/inquiries?q=miami rankings`)).json().items[0].id).toBe(inquiryId);
    expect((await get(`/api/admin/leads/contacts?q=100%25_sure`)).json().total).toBe(0);
    expect((await get(`/api/admin/leads/contacts?q=${tag}`)).json()).toMatchObject({ total: 30, totalCapped: false });
  });

  it("filters by product or service, form, source, status, unread and date", async () => {
    expect((await get(`/api/admin/leads/contacts?q=${tag}&product=Website%20Design`)).json().total).toBe(10);
    expect((await get(`/api/admin/leads/contacts?q=${tag}&form=home-services-audit`)).json().total).toBe(15);
    expect((await get(`/api/admin/leads/contacts?q=${tag}&utmSource=newsletter`)).json().items[0].id).toBe(
      contactIds[7],
    );
    expect((await get(`/api/admin/leads/inquiries?serviceType=paid-ads&q=${tag}`)).json().total).toBe(1);
    // Days are the owner's (OWNER_TIMEZONE), as the reports count them (issue 38).
    const today = dateIn(t.app.config.delivery.ownerTimeZone, Date.now());
    expect((await get(`/api/admin/leads/contacts?q=${tag}&from=${today}&to=${today}`)).json().total).toBe(30);
    expect((await get(`/api/admin/leads/contacts?q=${tag}&to=2020-01-01`)).json().total).toBe(0);

    await admin.patch(`/api/admin/leads/contacts/${contactIds[3]}`, { status: "won", read: true });
    expect(
      (await get(`/api/admin/leads/contacts?q=${tag}&status=won`)).json().items.map((i: { id: string }) => i.id),
    ).toEqual([contactIds[3]]);
    expect((await get(`/api/admin/leads/contacts?q=${tag}&unread=false`)).json().total).toBe(1);
    expect((await get(`/api/admin/leads/contacts?q=${tag}&unread=true`)).json().total).toBe(29);
  });
});

it("counts large text matches up to a cap and says so", async () => {
  const { COUNT_CAP } = await import("../../../contract/admin-leads.ts");
  const { seedLeads } = await import("../../db/seed-data.ts");
  // Its own database: the seeded year of leads would upset the other tests' counts.
  const big = await createTestApp();
  try {
    await seedLeads(big.app.db, { contacts: COUNT_CAP + 400, inquiries: 0 });
    const headers = { cookie: await signIn(big.app) };
    const page = (
      await big.app.inject({ method: "GET", url: "/api/admin/leads/contacts?q=example.com&limit=5", headers })
    ).json();
    expect(page).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(page.items).toHaveLength(5);
    const exact = (await big.app.inject({ method: "GET", url: "/api/admin/leads/contacts", headers })).json();
    expect(exact.totalCapped).toBe(false);
    expect(exact.total).toBeGreaterThan(COUNT_CAP);
    // The views' counts of such a search stop at the cap too: COUNT_CAP + 1 leads counted, "at least".
    const counts = (
      await big.app.inject({ method: "GET", url: "/api/admin/leads/contacts/counts?q=example.com", headers })
    ).json();
    expect(counts.capped).toBe(true);
    expect(counts.inbox + counts.spam).toBe(COUNT_CAP + 1);
    expect(Object.values(counts.byStatus as Record<string, number>).reduce((sum, n) => sum + n, 0)).toBe(counts.inbox);
    expect(counts.unread).toBeLessThanOrEqual(counts.inbox);
    const exactCounts = (
      await big.app.inject({ method: "GET", url: "/api/admin/leads/contacts/counts", headers })
    ).json();
    expect(exactCounts.capped).toBe(false);
    expect(exactCounts.inbox + exactCounts.spam).toBe(COUNT_CAP + 400);
  } finally {
    await big.close();
  }
});

describe("triage", () => {
  it("marks a lead read once, changes its status, and keeps notes in order", async () => {
    const id = contactIds[5]!;
    const first = await admin.patch(`/api/admin/leads/contacts/${id}`, { read: true });
    expect(first.statusCode).toBe(200);
    const readAt = first.json().readAt;
    expect(Date.parse(readAt)).not.toBeNaN();
    const again = await admin.patch(`/api/admin/leads/contacts/${id}`, { read: true, status: "contacted" });
    expect(again.json()).toMatchObject({ readAt, status: "contacted" });

    for (const body of ["Called, left voicemail", "Booked for Tuesday 10am"]) {
      const note = await admin.post(`/api/admin/leads/contacts/${id}/notes`, { body });
      expect(note.statusCode).toBe(201);
      expect(note.json()).toMatchObject({ body, id: expect.any(String), createdAt: expect.any(String) });
    }
    const detail = (await get(`/api/admin/leads/contacts/${id}`)).json();
    expect(detail.notes.map((n: { body: string }) => n.body)).toEqual([
      "Called, left voicemail",
      "Booked for Tuesday 10am",
    ]);
  });

  it("rescues spam back to new", async () => {
    const response = await admin.patch(`/api/admin/leads/contacts/${spamId}`, { status: "new" });
    expect(response.json()).toMatchObject({ status: "new", spamReason: expect.stringMatching(/honeypot/) });
    await admin.patch(`/api/admin/leads/contacts/${spamId}`, { status: "spam" });
  });

  it("deletes a lead and its notes for an erasure request", async () => {
    const { id } = await postContact({ firstName: "Erase", lastName: `Me ${tag}` });
    await admin.post(`/api/admin/leads/contacts/${id}/notes`, { body: "asked to be forgotten" });
    const response = await admin.delete(`/api/admin/leads/contacts/${id}`);
    expect(response.statusCode).toBe(204);
    expect((await get(`/api/admin/leads/contacts/${id}`)).statusCode).toBe(404);
    const notes = await t.app.db.selectFrom("leadNotes").selectAll().where("leadId", "=", id).execute();
    expect(notes).toEqual([]);
    expect((await admin.delete(`/api/admin/leads/contacts/${id}`)).statusCode).toBe(404);
  });
});

describe("stats", () => {
  it("counts totals without spam, unread, spam, and leads per week for 12 weeks", async () => {
    const stats = (await get("/api/admin/stats")).json();
    const contactRows = await t.app.db.selectFrom("contactSubmissions").select(["status", "readAt"]).execute();
    expect(stats.contacts.total).toBe(contactRows.filter((r) => r.status !== "spam").length);
    expect(stats.contacts.spam).toBe(contactRows.filter((r) => r.status === "spam").length);
    expect(stats.contacts.unread).toBe(contactRows.filter((r) => r.status !== "spam" && r.readAt === null).length);
    expect(stats.contacts.perWeek).toHaveLength(12);
    expect(stats.contacts.perWeek.at(-1).count).toBe(stats.contacts.total);
    expect(new Date(`${stats.contacts.perWeek[0].weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(stats.inquiries.total).toBeGreaterThanOrEqual(1);
  });
});

describe("CSV export", () => {
  it("exports the current filter as RFC 4180 CSV with a BOM, every field, and formulas neutralised", async () => {
    await postContact({
      firstName: "José",
      lastName: `Núñez ${tag}`,
      company: '=HYPERLINK("http://x")',
      phone: "+1 512 555 0100",
    });
    const response = await get(`/api/admin/leads/contacts/export.csv?q=${tag}&product=SEO%20Services`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="contacts-inbox-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = response.rawPayload.toString("utf8");
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const lines = body.slice(1).split("\r\n");
    // One column set for both kinds and "All leads" (issue 38, contract/lead-export.ts).
    expect(lines[0]).toBe(leadExportColumns.join(","));
    expect(lines.at(-1)).toBe("");
    expect(lines.length - 2).toBe(21);
    const jose = lines.find((line) => line.includes("José"))!;
    expect(jose).toContain(`Núñez ${tag}`);
    expect(jose).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(jose).toContain(",'+1 512 555 0100,");
  });

  it("exports inquiries with their message, budget and service", async () => {
    const body = (await get(`/api/admin/leads/inquiries/export.csv?q=${tag}`)).rawPayload.toString("utf8");
    expect(body.slice(1).split("\r\n")[0]).toBe(leadExportColumns.join(","));
    expect(body).toContain(`Need help ${tag} with Miami rankings`);
  });
});

describe("CSV export follows triage", () => {
  it("shows the lead's current status and read time after each change, in the same line as its fields", async () => {
    const { id, createdAt } = await postContact({
      firstName: "Triage",
      lastName: `Csv, ${tag}`,
      company: '@Home "Pros"',
      products: ["SEO Services", "Website Design"],
    });
    const line = async () => {
      const body = (
        await get(`/api/admin/leads/contacts/export.csv?q=${encodeURIComponent(`Csv, ${tag}`)}`)
      ).rawPayload.toString("utf8");
      const lines = body.slice(1).split("\r\n").filter(Boolean);
      expect(lines).toHaveLength(2);
      return lines[1]!;
    };
    const fields = `Triage,"Csv, ${tag}",${validContact.email},${validContact.phone},"'@Home ""Pros""",SEO Services; Website Design`;
    // id, kind, receivedAt, status, value, assignee, readAt, then the lead's fields; times in the owner's zone.
    const zoned = zonedIsoFormatter(t.app.config.delivery.ownerTimeZone);
    const received = escapeRegExp(zoned(createdAt));
    expect(await line()).toMatch(new RegExp(`^${id},contacts,${received},new,,,,${escapeRegExp(fields)},`));

    const patch = (payload: Record<string, unknown>) => admin.patch(`/api/admin/leads/contacts/${id}`, payload);
    const read = await patch({ read: true });
    expect(read.statusCode, read.body).toBe(200);
    const readAt = read.json<{ readAt: string }>().readAt;
    expect(readAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await line()).toMatch(
      new RegExp(`^${id},contacts,${received},new,,,${escapeRegExp(zoned(readAt))},${escapeRegExp(fields)},`),
    );

    expect((await patch({ status: "qualified" })).statusCode).toBe(200);
    expect(await line()).toMatch(
      new RegExp(`^${id},contacts,${received},qualified,,,${escapeRegExp(zoned(readAt))},${escapeRegExp(fields)},`),
    );

    expect((await patch({ read: false, status: "won" })).statusCode).toBe(200);
    expect(await line()).toMatch(new RegExp(`^${id},contacts,${received},won,,,,${escapeRegExp(fields)},`));
  });
});

describe("CSV export of a lead stored without its cells", () => {
  it("exports a lead whose stored cells are missing (stored before migration 0028: made from its row), without writing", async () => {
    const { id, createdAt } = await postContact({ firstName: "Legacy", lastName: `Row ${tag}`, company: "=1+1" });
    await t.app.db.updateTable("contactSubmissions").set({ exportCells: null }).where("id", "=", id).execute();
    const body = (
      await get(`/api/admin/leads/contacts/export.csv?q=${encodeURIComponent(`Legacy Row ${tag}`)}`)
    ).rawPayload.toString("utf8");
    const received = zonedIsoFormatter(t.app.config.delivery.ownerTimeZone)(createdAt);
    expect(body.slice(1).split("\r\n")[1]).toMatch(
      new RegExp(`^${id},contacts,${escapeRegExp(received)},new,,,,Legacy,Row ${tag},.*,'=1\\+1,`),
    );
    // Reads never write: the next start writes it (start-up-backfills.ts).
    const stored = await t.app.db
      .selectFrom("contactSubmissions")
      .select("exportCells")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored.exportCells).toBeNull();
  });
});
