import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { LeadDetail } from "../../../contract/admin-leads.ts";
import {
  deliveryViews,
  type Delivery,
  type DeliveryHealth,
  type DeliveryList,
  type DeliveryView,
  type SendUnsentResult,
} from "../../../contract/deliveries.ts";
import { leadKeys } from "./leads.ts";
import { getJson, sendJson } from "./request.ts";

// /api/admin/deliveries (contract/deliveries.ts): the deliveries that need the owner, their health
// counts, "Retry", and "Send them now" for the owner e-mails recorded while nothing was set up.

export const DELIVERIES_ROOT = "/api/admin/deliveries";

export function isDeliveryView(value: string | null | undefined): value is DeliveryView {
  return (deliveryViews as readonly string[]).includes(value ?? "");
}

export const deliveryKeys = {
  all: [DELIVERIES_ROOT] as const,
  lists: [DELIVERIES_ROOT, "list"] as const,
  list: (view: DeliveryView) => [DELIVERIES_ROOT, "list", view] as const,
  health: [DELIVERIES_ROOT, "health"] as const,
};

export function deliveriesQuery(view: DeliveryView) {
  return queryOptions({
    queryKey: deliveryKeys.list(view),
    queryFn: () => getJson<DeliveryList>(`${DELIVERIES_ROOT}?state=${view}`),
    // What was sent or failed since it was last opened.
    staleTime: 0,
  });
}

/** Which channels work, whether any reaches the owner (the frame's banner), and the counts of what was not delivered. */
export const deliveryHealthQuery = queryOptions({
  queryKey: deliveryKeys.health,
  queryFn: () => getJson<DeliveryHealth>(`${DELIVERIES_ROOT}/health`),
  staleTime: 0,
});

/**
 * Due again now; answers the delivery as queued (409 when it is not configured or being sent, 404 gone).
 * Either way the lead and the lists are refreshed: on a refusal the state shown was out of date.
 */
export const retryDeliveryMutation = mutationOptions({
  mutationFn: (delivery: Delivery) =>
    sendJson<Delivery>("POST", `${DELIVERIES_ROOT}/${encodeURIComponent(delivery.id)}/retry`),
  onSuccess: (queued, _delivery, _result, { client }) => refreshAfterRetry(client, queued),
  onError: (_error, delivery, _result, { client }) => refreshAfterRetry(client, delivery),
});

/**
 * POST …/send-unsent: every owner e-mail recorded as not configured goes to the addresses in use (409
 * while none works). The lists, the health counts and every cached lead (their deliveries) follow.
 */
export const sendUnsentMutation = mutationOptions({
  mutationFn: () => sendJson<SendUnsentResult>("POST", `${DELIVERIES_ROOT}/send-unsent`),
  onSettled: (_result, _error, _variables, _context, { client }) => {
    void client.invalidateQueries({ queryKey: deliveryKeys.all });
    void client.invalidateQueries({ queryKey: leadKeys.all });
  },
});

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
