import { MutationObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NotificationSettings } from "../../../contract/notification-settings.ts";
import { createQueryClient } from "../../lib/api-client.ts";
import { deliveryKeys } from "./deliveries.ts";
import { neighboursQuery } from "./lead-neighbours.ts";
import {
  notificationSettingsQuery,
  resendConfirmationMutation,
  updateNotificationSettingsMutation,
} from "./notification-settings.ts";
import { defaultFilters } from "../inbox-filters.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const settings: NotificationSettings = {
  mailConfigured: true,
  addresses: [
    { address: "owner@example.com", state: "waiting", addedAt: "2026-11-20T10:00:00.000Z", confirmedAt: null },
  ],
  environmentAddresses: [],
  addressesInUse: [],
  autoReply: { enabled: false, setHere: false },
  morningEmail: { enabled: false, hour: 7 },
  ownerTimeZone: "America/New_York",
  links: { origin: "https://www.example.com", siteOriginSet: true },
};

describe("notification settings", () => {
  it("PUTs a change, keeps the server's answer and fetches the delivery health again (the banner)", async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(JSON.stringify(settings), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetch);
    const client = createQueryClient();
    client.setQueryData(deliveryKeys.health, { reachesOwner: false });
    await new MutationObserver(client, updateNotificationSettingsMutation).mutate({ addresses: ["owner@example.com"] });
    expect(fetch.mock.calls.map((call) => [call[0], call[1].method, call[1].body])).toEqual([
      ["/api/admin/settings/notifications", "PUT", JSON.stringify({ addresses: ["owner@example.com"] })],
    ]);
    expect(client.getQueryData(notificationSettingsQuery.queryKey)).toEqual(settings);
    expect(client.getQueryState(deliveryKeys.health)?.isInvalidated).toBe(true);
  });

  it("asks for a new link for one address", async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(JSON.stringify(settings), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetch);
    await new MutationObserver(createQueryClient(), resendConfirmationMutation).mutate("owner@example.com");
    expect(fetch.mock.calls.map((call) => [call[0], call[1].method, call[1].body])).toEqual([
      ["/api/admin/settings/notifications/resend", "POST", JSON.stringify({ address: "owner@example.com" })],
    ]);
  });
});

describe("a lead's neighbours", () => {
  it("reads All leads' refs as they come, and an inbox's ids as refs of its kind", async () => {
    const fetch = vi.fn(async (url: string) =>
      url.startsWith("/api/admin/leads/all/")
        ? new Response(JSON.stringify({ previous: null, next: { kind: "inquiries", id: "b" } }), { status: 200 })
        : new Response(JSON.stringify({ previous: "a", next: null }), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetch);
    const client = createQueryClient();
    const filters = { ...defaultFilters, q: "sam", sort: "deadline" as const };
    expect(await client.fetchQuery(neighboursQuery("all", { kind: "contacts", id: "x" }, filters))).toEqual({
      previous: null,
      next: { kind: "inquiries", id: "b" },
    });
    expect(
      await client.fetchQuery(
        neighboursQuery("contacts", { kind: "contacts", id: "x" }, { ...defaultFilters, q: "sam" }),
      ),
    ).toEqual({
      previous: { kind: "contacts", id: "a" },
      next: null,
    });
    expect(fetch.mock.calls.map((call) => call[0])).toEqual([
      "/api/admin/leads/all/x/neighbours?q=sam&sort=deadline",
      "/api/admin/leads/contacts/x/neighbours?q=sam",
    ]);
  });
});
