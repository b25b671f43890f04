import type { QueryClient } from "@tanstack/react-query";
import type { LeadDetail } from "../../../contract/admin-leads.ts";
import { deliveryViews, type Delivery, type DeliveryHealth, type DeliveryList, type DeliveryView, type TestEmailResult } from "../../../contract/deliveries.ts";
import { apiRequest } from "../api-client.ts";
import { leadKeys } from "./admin-leads.ts";

// Lead delivery as the admin pages call it (contract/deliveries.ts): URLs, query keys and fetchers.

export const DELIVERIES_ROOT = "/api/admin/deliveries";

export { deliveryViews, type DeliveryView };

export function isDeliveryView(value: string | null | undefined): value is DeliveryView {
  return (deliveryViews as readonly string[]).includes(value ?? "");
}

export const deliveryKeys = {
  all: [DELIVERIES_ROOT] as const,
  lists: [DELIVERIES_ROOT, "list"] as const,
  list: (view: DeliveryView) => [DELIVERIES_ROOT, "list", view] as const,
  health: [DELIVERIES_ROOT, "health"] as const,
};

async function readJson<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export async function fetchDeliveries(view: DeliveryView): Promise<DeliveryList> {
  return readJson(await apiRequest("GET", `${DELIVERIES_ROOT}?state=${view}`));
}

export async function fetchDeliveryHealth(): Promise<DeliveryHealth> {
  return readJson(await apiRequest("GET", `${DELIVERIES_ROOT}/health`));
}

/** Due again now; answers the delivery as queued (409 when it is not configured or being sent, 404 gone). */
export async function retryDelivery(id: string): Promise<Delivery> {
  return readJson(await apiRequest("POST", `${DELIVERIES_ROOT}/${encodeURIComponent(id)}/retry`));
}

/** A test e-mail to NOTIFY_EMAIL; 409 (not configured) and 502 (refused) carry the mail server's answer. */
export async function sendTestEmail(): Promise<TestEmailResult> {
  return readJson(await apiRequest("POST", `${DELIVERIES_ROOT}/test-email`));
}

/**
 * After a retry: the lead's detail shows the queued delivery at once, then the detail, the deliveries
 * lists and the health counts are fetched again.
 */
export function refreshAfterRetry(queryClient: QueryClient, delivery: Delivery) {
  const detailKey = leadKeys.detail(delivery.leadKind, delivery.leadId);
  queryClient.setQueryData<LeadDetail>(detailKey, (lead) =>
    lead ? { ...lead, deliveries: lead.deliveries.map((d) => (d.id === delivery.id ? delivery : d)) } : lead,
  );
  void queryClient.invalidateQueries({ queryKey: detailKey });
  void queryClient.invalidateQueries({ queryKey: deliveryKeys.lists });
  void queryClient.invalidateQueries({ queryKey: deliveryKeys.health });
}
