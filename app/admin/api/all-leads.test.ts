import { MutationObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LeadDetail, LeadPage, LeadRow } from "../../../contract/admin-leads.ts";
import { createQueryClient } from "../../lib/api-client.ts";
import { liveQueryKeys } from "../live-updates.ts";
import { defaultFilters, defaultFiltersOf } from "../inbox-filters.ts";
import { forgetLead, leadKeys, leadListQuery, storeLead, type ListPages } from "./leads.ts";
import { recentContactsQuery, recentInquiriesQuery } from "./recent-leads.ts";
import { statsQuery } from "./stats.ts";
import { todayQuery } from "./today.ts";
import { bulkMutation, leadCountsQuery } from "./triage.ts";

// All leads (issue 20): the combined list's requests, and the cache upkeep that keeps it, the inboxes
// and the dashboard's day in step whichever list a change was made from.

afterEach(() => {
  vi.unstubAllGlobals();
});

const contactId = "6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c";
const inquiryId = "0b9c7f4e-1d2a-4c3b-9e8f-7a6b5c4d3e2f";

function row(kind: LeadRow["kind"], id: string, overrides: Partial<LeadRow> = {}): LeadRow {
  return {
    kind,
    id,
    firstName: "Sam",
    lastName: "Lee",
    email: "sam@example.com",
    phone: "512",
    status: "new",
    readAt: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  } as unknown as LeadRow;
}

function stubFetch(body: unknown, status = 200) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** A list as the cache holds it, with its first page loaded. */
const onePage = (page: LeadPage): ListPages => ({ pages: [page], pageParams: [null] });

const stale = (client: ReturnType<typeof createQueryClient>, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe("requests", () => {
  it("asks All leads for the reply-deadline order by name (the API's default is newest), and the counts without it", async () => {
    const fetch = stubFetch({ items: [], total: 0, totalCapped: false, nextCursor: null });
    const client = createQueryClient();
    const filters = { ...defaultFiltersOf("all"), followUp: "due" as const, unread: true };
    await client.fetchInfiniteQuery(leadListQuery("all", filters));
    await client.fetchInfiniteQuery({
      ...leadListQuery("all", { ...filters, sort: "newest" }),
      initialPageParam: "abc",
    });
    await client.fetchQuery(leadCountsQuery("all", filters));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      "/api/admin/leads/all?unread=true&followUp=due&sort=deadline&limit=25",
      "/api/admin/leads/all?unread=true&followUp=due&cursor=abc&limit=25",
      "/api/admin/leads/all/counts?followUp=due",
    ]);
  });

  it("sends a bulk action over both kinds to All leads' endpoint, then refreshes both inboxes, All leads and the day", async () => {
    const fetch = stubFetch({ affected: 2, previous: [] });
    const client = createQueryClient();
    const keys = [
      leadKeys.list("contacts", defaultFilters),
      leadKeys.list("inquiries", defaultFilters),
      leadKeys.list("all", defaultFiltersOf("all")),
    ];
    for (const key of keys)
      client.setQueryData<ListPages>(key, onePage({ items: [], total: 0, totalCapped: false, nextCursor: null }));
    client.setQueryData(todayQuery.queryKey, { needsReply: { items: [], total: 0 } } as never);
    client.setQueryData(recentInquiriesQuery.queryKey, []);
    await new MutationObserver(client, bulkMutation("all")).mutate({ action: "markRead", ids: [contactId, inquiryId] });
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init?.method]).toEqual(["/api/admin/leads/all/bulk", "POST"]);
    for (const key of keys) expect(stale(client, key)).toBe(true);
    expect(stale(client, todayQuery.queryKey)).toBe(true);
    expect(stale(client, recentInquiriesQuery.queryKey)).toBe(true);
  });
});

describe("a change to one lead", () => {
  function seeded() {
    const client = createQueryClient();
    const all: LeadPage<LeadRow> = {
      items: [row("inquiries", inquiryId), row("contacts", contactId)],
      total: 2,
      totalCapped: false,
      nextCursor: null,
    };
    client.setQueryData<ListPages>(leadKeys.list("all", defaultFiltersOf("all")), onePage(all));
    client.setQueryData<ListPages>(
      leadKeys.list("inquiries", defaultFilters),
      onePage({ ...all, items: [row("inquiries", inquiryId)] }),
    );
    client.setQueryData(statsQuery.queryKey, { contacts: {}, inquiries: {} } as never);
    client.setQueryData(todayQuery.queryKey, { needsReply: { items: [], total: 0 } } as never);
    client.setQueryData(recentContactsQuery.queryKey, []);
    return client;
  }

  it("is written into its row of All leads at once (which keeps its kind), and All leads and the day refresh", () => {
    const client = seeded();
    const changed = {
      ...row("contacts", contactId, { status: "contacted", followUpAt: "2026-11-21T14:00:00.000Z" }),
      notes: [],
      deliveries: [],
      events: [],
    };
    const { kind: _kind, ...detail } = changed;
    storeLead(client, "contacts", detail as unknown as LeadDetail);
    const allKey = leadKeys.list("all", defaultFiltersOf("all"));
    const items = client.getQueryData<ListPages<"all">>(allKey)!.pages[0]!.items;
    expect(items.map((item) => [item.kind, item.id, item.status])).toEqual([
      ["inquiries", inquiryId, "new"],
      ["contacts", contactId, "contacted"],
    ]);
    expect(items[1]).toMatchObject({ followUpAt: "2026-11-21T14:00:00.000Z" });
    expect(items[1]).not.toHaveProperty("events");
    expect(stale(client, allKey)).toBe(true);
    expect(stale(client, todayQuery.queryKey)).toBe(true);
    // The other kind's inbox is not touched.
    expect(stale(client, leadKeys.list("inquiries", defaultFilters))).toBe(false);
  });

  it("leaves All leads at once when deleted", () => {
    const client = seeded();
    forgetLead(client, "inquiries", inquiryId);
    expect(
      client
        .getQueryData<ListPages<"all">>(leadKeys.list("all", defaultFiltersOf("all")))
        ?.pages[0]?.items.map((item) => item.id),
    ).toEqual([contactId]);
    expect(client.getQueryData<ListPages>(leadKeys.list("inquiries", defaultFilters))?.pages[0]?.items).toEqual([]);
  });
});

describe("live updates", () => {
  it("poll All leads, its counts and the day as they poll the inboxes", () => {
    const keys = liveQueryKeys().map((key) => JSON.stringify(key));
    for (const key of [leadKeys.lists("all"), leadKeys.counts("all"), todayQuery.queryKey])
      expect(keys).toContain(JSON.stringify(key));
  });
});
