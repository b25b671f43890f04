import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminStats, LeadKind } from "../../../contract/admin-leads.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { postLead } from "../../../tests/helpers/lead-posts.ts";
import { createTestApp, signIn, type TestApp } from "../../../tests/helpers/test-app.ts";

// Lead ids in any case reach the same lead on both databases: PostgreSQL stores them as uuid (any case
// compares equal), SQLite as lower-case text, so the contract lower-cases the id of every lead path.

let t: TestApp;
let cookie: string;

async function createLead(kind: LeadKind): Promise<string> {
  const id = await postLead(t.app, kind);
  expect(id).toBe(id.toLowerCase());
  return id;
}
const { request } = adminClient(() => t.app, { cookie: () => cookie });
const total = async (kind: LeadKind) => (await request("GET", "/api/admin/stats")).json<AdminStats>()[kind].total;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
});

/** "0f8fad5b-d9cb-…" -> "0F8fAd5B-…": every other letter upper-case. */
const mixedCase = (id: string) => [...id].map((ch, i) => (i % 2 ? ch.toUpperCase() : ch)).join("");

describe.each(["contacts", "inquiries"] as const)("%s addressed by an upper-case id", (kind) => {
  it("GET, PATCH and notes find the lead; DELETE erases it", async () => {
    const id = await createLead(kind);
    const upper = `/api/admin/leads/${kind}/${id.toUpperCase()}`;
    const lower = `/api/admin/leads/${kind}/${id}`;

    const found = await request("GET", upper);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ id, status: "new", notes: [] });

    const patched = await request("PATCH", upper, { status: "contacted", read: true });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id, status: "contacted" });

    const note = await request("POST", `${upper}/notes`, { body: "Called back" });
    expect(note.statusCode, note.body).toBe(201);

    const mixed = await request("GET", `/api/admin/leads/${kind}/${mixedCase(id)}`);
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json()).toMatchObject({ id, status: "contacted", notes: [{ body: "Called back" }] });
    expect(mixed.json().readAt).not.toBeNull();

    const before = await total(kind);
    const deleted = await request("DELETE", upper);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await total(kind)).toBe(before - 1);
    expect((await request("GET", lower)).statusCode).toBe(404);
    expect((await request("DELETE", upper)).statusCode).toBe(404);
  });

  it("an upper-case id of no lead is 404, not another lead", async () => {
    await createLead(kind);
    const response = await request("GET", `/api/admin/leads/${kind}/0F8FAD5B-D9CB-469F-A165-70867728950E`);
    expect(response.statusCode).toBe(404);
  });
});
