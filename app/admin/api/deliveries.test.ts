import { MutationObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LeadDetail } from "../../../contract/admin-leads.ts";
import type { Delivery } from "../../../contract/deliveries.ts";
import { createQueryClient, HttpError } from "../../lib/api-client.ts";
import {
  deliveriesQuery,
  deliveryKeys,
  isDeliveryView,
  refreshAfterRetry,
  retryDeliveryMutation,
  sendUnsentMutation,
} from "./deliveries.ts";
import { leadKeys } from "./leads.ts";
import { sendNotificationTestMutation } from "./notification-settings.ts";
import { apiErrorOf } from "./request.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

function delivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    id: "0b9c7f4e-1d2a-4c3b-9e8f-7a6b5c4d3e2f",
    leadKind: "contacts",
    leadId: "lead-1",
    channel: "owner-email",
    recipient: "owner@example.com",
    state: "failed",
    attempts: 12,
    nextAttemptAt: null,
    lastError: "connect ECONNREFUSED 127.0.0.1:25",
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-22T10:00:00.000Z",
    sentAt: null,
    ...overrides,
  };
}

describe("requests", () => {
  it("asks for one view of the list, and retries a delivery by its id", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('{"items":[]}', { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const queryClient = createQueryClient();
    expect(await queryClient.fetchQuery(deliveriesQuery("failed"))).toEqual({ items: [] });
    await new MutationObserver(queryClient, retryDeliveryMutation).mutate(delivery({ id: "abc" }));
    expect(fetch.mock.calls.map((call) => [call[0], call[1].method])).toEqual([
      ["/api/admin/deliveries?state=failed", "GET"],
      ["/api/admin/deliveries/abc/retry", "POST"],
    ]);
  });

  it("carries the server's message when the test e-mail is refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response('{"message":"E-mail is not configured"}', { status: 409 })),
    );
    const error = await new MutationObserver(createQueryClient(), sendNotificationTestMutation)
      .mutate()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(apiErrorOf(error)?.message).toBe("E-mail is not configured");
  });

  it("knows the views the server filters by", () => {
    expect(["attention", "failed", "pending", "not-configured", "sent", "", null].map(isDeliveryView)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("sends the unsent owner e-mails, then every delivery list, the health and the cached leads are fetched again", async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{"queued":2,"to":["owner@example.com"]}', { status: 200 }),
    );
    vi.stubGlobal("fetch", fetch);
    const queryClient = createQueryClient();
    queryClient.setQueryData(deliveryKeys.list("not-configured"), { items: [] });
    queryClient.setQueryData(deliveryKeys.health, { notConfigured: 2 });
    queryClient.setQueryData(leadKeys.detail("contacts", "lead-1"), { id: "lead-1", deliveries: [] });
    expect(await new MutationObserver(queryClient, sendUnsentMutation).mutate()).toEqual({
      queued: 2,
      to: ["owner@example.com"],
    });
    expect(fetch.mock.calls.map((call) => [call[0], call[1].method])).toEqual([
      ["/api/admin/deliveries/send-unsent", "POST"],
    ]);
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(deliveryKeys.list("not-configured"))).toBe(true);
    expect(stale(deliveryKeys.health)).toBe(true);
    expect(stale(leadKeys.detail("contacts", "lead-1"))).toBe(true);
  });
});

describe("refreshAfterRetry", () => {
  it("shows the queued delivery on its lead at once and marks the lead, the lists and the health as stale", () => {
    const queryClient = createQueryClient();
    const failed = delivery();
    const other = delivery({ id: "other", channel: "webhook", state: "sent" });
    const detailKey = leadKeys.detail("contacts", "lead-1");
    queryClient.setQueryData(detailKey, { id: "lead-1", deliveries: [failed, other] } as unknown as LeadDetail);
    queryClient.setQueryData(deliveryKeys.list("failed"), { items: [] });
    queryClient.setQueryData(deliveryKeys.list("pending"), { items: [] });
    queryClient.setQueryData(deliveryKeys.health, { failed: 1 });
    const unrelated = leadKeys.detail("contacts", "lead-2");
    queryClient.setQueryData(unrelated, { id: "lead-2", deliveries: [] });

    const queued = { ...failed, state: "pending" as const, nextAttemptAt: "2026-11-23T12:00:00.000Z" };
    refreshAfterRetry(queryClient, queued);

    expect(queryClient.getQueryData<LeadDetail>(detailKey)?.deliveries).toEqual([queued, other]);
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(detailKey)).toBe(true);
    expect(stale(deliveryKeys.list("failed"))).toBe(true);
    expect(stale(deliveryKeys.list("pending"))).toBe(true);
    expect(stale(deliveryKeys.health)).toBe(true);
    expect(stale(unrelated)).toBe(false);
  });
});
