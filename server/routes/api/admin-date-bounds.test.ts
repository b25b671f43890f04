import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, humanSignals, signIn, validContact, type TestApp } from "../../../tests/helpers/test-app.ts";

// Issue 32, finding 6: a date the calendar math or the database cannot hold (year 0, year 9999, a day that
// does not exist) answered 500 on some endpoints (the reports on both databases, the inbox's list, counts
// and export on PostgreSQL). Every endpoint that takes a date answers 400 naming the field instead. Run on
// SQLite and on PostgreSQL.

let t: TestApp;
let cookie: string;
let leadId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { ...validContact, ...(await humanSignals(t.app)) },
  });
  expect(response.statusCode, response.body).toBe(201);
  leadId = response.json<{ id: string }>().id;
});
afterAll(async () => {
  await t.close();
});

const EXTREME_DATES = ["0000-01-01", "9999-12-31", "2026-02-30"] as const;

/** Every GET that takes `from` and `to`, with what it needs besides. */
const datedGets = [
  "/api/admin/reports/sources?by=channel&",
  "/api/admin/reports/sources?by=week&",
  "/api/admin/reports/speed?",
  "/api/admin/leads/all?",
  "/api/admin/leads/all/counts?",
  "/api/admin/leads/contacts?",
  "/api/admin/leads/inquiries/counts?",
  "/api/admin/leads/contacts/export.csv?",
  "/api/admin/leads/all/LEAD/neighbours?",
  "/api/admin/leads/contacts/LEAD/neighbours?",
] as const;

type ErrorBody = { message: string; errors?: Record<string, string> };

function expectDateRefused(response: { statusCode: number; body: string; json: <T>() => T }, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<ErrorBody>();
  expect(body.message).toBeTruthy();
  expect(
    Object.keys(body.errors ?? {}).some((key) => key === field || key.endsWith(`.${field}`)),
    response.body,
  ).toBe(true);
}

describe("an extreme or impossible date answers 400 naming the field", () => {
  for (const url of datedGets) {
    for (const date of EXTREME_DATES) {
      it(`${url} from=${date}&to=${date}`, async () => {
        const response = await t.app.inject({
          method: "GET",
          url: `${url.replace("LEAD", leadId)}from=${date}&to=${date}`,
          headers: { cookie },
        });
        expectDateRefused(response, "from");
      });
      it(`${url} to=${date} alone`, async () => {
        const from = url.startsWith("/api/admin/reports") ? "from=2026-01-01&" : "";
        const response = await t.app.inject({
          method: "GET",
          url: `${url.replace("LEAD", leadId)}${from}to=${date}`,
          headers: { cookie },
        });
        expectDateRefused(response, "to");
      });
    }
  }

  it.each(EXTREME_DATES)("a bulk action's filters with from=%s", async (date) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/leads/all/bulk",
      headers: { cookie },
      payload: { action: "markRead", filters: { from: date } },
    });
    expectDateRefused(response, "from");
  });

  it.each(["0000-01-01T00:00:00Z", "9999-12-31T23:59:59-14:00", "2026-02-30T10:00:00Z"])(
    "a follow-up at %s",
    async (followUpAt) => {
      const response = await t.app.inject({
        method: "PATCH",
        url: `/api/admin/leads/contacts/${leadId}`,
        headers: { cookie },
        payload: { followUpAt },
      });
      expectDateRefused(response, "followUpAt");
    },
  );

  // The paging cursor carries a received time too (contract/lead-cursor.ts); a crafted one must not reach a
  // query (PostgreSQL answered 500). The deadline order's key is compared as text: any year is harmless there.
  it.each(["newest|ID|0000-01-01T00:00:00Z", "oldest|ID|9999-12-31T23:59:59-14:00", "newest|ID|2026-02-30T10:00:00Z"])(
    "a cursor of %s",
    async (cursor) => {
      const encoded = Buffer.from(cursor.replace("ID", leadId)).toString("base64url");
      const sort = cursor.split("|")[0]!;
      const response = await t.app.inject({
        method: "GET",
        url: `/api/admin/leads/all?sort=${sort}&cursor=${encoded}`,
        headers: { cookie },
      });
      expectDateRefused(response, "cursor");
    },
  );
});

describe("dates inside the bounds still work", () => {
  it.each(datedGets)("%s from=2026-01-01&to=2026-03-31", async (url) => {
    const response = await t.app.inject({
      method: "GET",
      url: `${url.replace("LEAD", leadId)}from=2026-01-01&to=2026-03-31`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("a follow-up next year", async () => {
    const followUpAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/leads/contacts/${leadId}`,
      headers: { cookie },
      payload: { followUpAt },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
