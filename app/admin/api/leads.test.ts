import { MutationObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Lead, LeadDetail, LeadPage } from "../../../contract/admin-leads.ts";
import { createQueryClient } from "../../lib/api-client.ts";
import { defaultFilters } from "../inbox-filters.ts";
import { exportUrl } from "./lead-export.ts";
import {
  addNoteMutation,
  deleteLeadMutation,
  leadKeys,
  leadListQuery,
  leadQuery,
  updateLeadMutation,
  type ListPages,
} from "./leads.ts";
import { recentContactsQuery, recentInquiriesQuery } from "./recent-leads.ts";
import { statsQuery } from "./stats.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const id = "6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c";

function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    id,
    firstName: "Sam",
    lastName: "Lee",
    email: "sam@example.com",
    phone: "512",
    status: "new",
    readAt: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    products: [],
    ...overrides,
  } as unknown as Lead;
}

function stubFetch(body: unknown, status = 200) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const stale = (client: ReturnType<typeof createQueryClient>, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe("reads", () => {
  it("asks for a page of 25 with the filters, the next from the last page's cursor, and one lead by its id", async () => {
    const fetch = stubFetch({ items: [], total: 0, totalCapped: false, nextCursor: "abc" });
    const client = createQueryClient();
    const filters = { ...defaultFilters, q: "Sam", unread: true };
    await client.fetchInfiniteQuery({ ...leadListQuery("contacts", filters), pages: 2 });
    await client.fetchQuery(leadQuery("inquiries", id));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      "/api/admin/leads/contacts?q=Sam&unread=true&limit=25",
      "/api/admin/leads/contacts?q=Sam&unread=true&cursor=abc&limit=25",
      `/api/admin/leads/inquiries/${id}`,
    ]);
  });

  it("exports the same filters", () => {
    expect(exportUrl("contacts", { ...defaultFilters, view: "spam", q: "Zoë" })).toBe(
      "/api/admin/leads/contacts/export.csv?view=spam&q=Zo%C3%AB",
    );
  });
});

describe("changes keep the cache right", () => {
  function seeded() {
    const client = createQueryClient();
    // Two loaded pages of the inbox: a change reaches the lead on whichever page it is.
    const first: LeadPage = { items: [lead()], total: 2, totalCapped: false, nextCursor: "c1" };
    const second: LeadPage = { items: [lead({ id: "other" })], total: 2, totalCapped: false, nextCursor: null };
    client.setQueryData<ListPages>(leadKeys.list("contacts", defaultFilters), {
      pages: [first, second],
      pageParams: [null, "c1"],
    });
    client.setQueryData(leadKeys.detail("contacts", id), {
      ...lead(),
      notes: [],
      deliveries: [],
      events: [],
    } as LeadDetail);
    client.setQueryData(statsQuery.queryKey, { contacts: {}, inquiries: {} } as never);
    client.setQueryData(recentContactsQuery.queryKey, []);
    client.setQueryData(recentInquiriesQuery.queryKey, []);
    return client;
  }

  it("a status change is written into the lead and every list at once, then the lists, counts and recent list refresh", async () => {
    const client = seeded();
    const fetch = stubFetch({
      ...lead({ status: "won", readAt: "2026-11-21T10:00:00.000Z" }),
      notes: [],
      deliveries: [],
    });
    await new MutationObserver(client, updateLeadMutation("contacts")).mutate({ id, change: { status: "won" } });
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init?.method, init?.body]).toEqual([`/api/admin/leads/contacts/${id}`, "PATCH", '{"status":"won"}']);

    const listKey = leadKeys.list("contacts", defaultFilters);
    const rows = client.getQueryData<ListPages>(listKey)?.pages.flatMap((page) => page.items);
    expect(rows?.map((item) => [item.id, item.status])).toEqual([
      [id, "won"],
      ["other", "new"],
    ]);
    expect(rows?.[0]).not.toHaveProperty("notes");
    expect(client.getQueryData<LeadDetail>(leadKeys.detail("contacts", id))?.status).toBe("won");
    expect(stale(client, listKey)).toBe(true);
    expect(stale(client, statsQuery.queryKey)).toBe(true);
    expect(stale(client, recentContactsQuery.queryKey)).toBe(true);
    // The other kind's recent list is not touched.
    expect(stale(client, recentInquiriesQuery.queryKey)).toBe(false);
  });

  it("a deleted lead leaves its detail and the lists", async () => {
    const client = seeded();
    const fetch = stubFetch(undefined, 204);
    await new MutationObserver(client, deleteLeadMutation("contacts")).mutate(id);
    expect(fetch.mock.calls[0]?.[1]?.method).toBe("DELETE");
    expect(client.getQueryData(leadKeys.detail("contacts", id))).toBeUndefined();
    expect(
      client
        .getQueryData<ListPages>(leadKeys.list("contacts", defaultFilters))
        ?.pages.map((page) => page.items.map((item) => item.id)),
    ).toEqual([[], ["other"]]);
    expect(stale(client, statsQuery.queryKey)).toBe(true);
  });

  it("a saved note is added to the lead's notes", async () => {
    const client = seeded();
    const note = { id: "n1", body: "Called back", createdAt: "2026-11-21T10:00:00.000Z" };
    const fetch = stubFetch(note, 201);
    await new MutationObserver(client, addNoteMutation("contacts", id)).mutate({ body: "Called back" });
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/admin/leads/contacts/${id}/notes`);
    expect(client.getQueryData<LeadDetail>(leadKeys.detail("contacts", id))?.notes).toEqual([note]);
  });
});
