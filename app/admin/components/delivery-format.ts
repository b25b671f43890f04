import type { Delivery, DeliveryHealth, DeliveryState, TestEmailResult } from "../../../contract/deliveries.ts";
import { deliveryChannelLabels } from "../../../contract/deliveries.ts";
import type { DeliveryView } from "../../../contract/deliveries.ts";
import { formatCount } from "./lead-format.ts";

// Wording of lead delivery in the admin: state badges, when "send again" is offered, and the dashboard's
// warnings. Every state reads as text; the colour only repeats it.

export const deliveryStateLabels: Record<DeliveryState, string> = {
  pending: "Waiting",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  "not-configured": "Not configured",
};

/** Text and colour pairs with at least 4.5:1 contrast (the -900 shades on their -100 backgrounds). */
export const deliveryStateBadgeClasses: Record<DeliveryState, string> = {
  pending: "bg-amber-100 text-amber-900",
  sending: "bg-sky-100 text-sky-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  "not-configured": "bg-slate-200 text-slate-900",
};

export const deliveryViewLabels: Record<DeliveryView, string> = {
  attention: "Needs attention",
  failed: "Failed",
  pending: "Waiting",
};

export const deliveryViewEmptyTexts: Record<DeliveryView, string> = {
  attention: "Nothing needs attention: every delivery was sent.",
  failed: "No failed deliveries.",
  pending: "No deliveries are waiting to be sent.",
};

/**
 * Why "send again" is not offered for this delivery, or null when it is. The server re-queues pending,
 * failed and sent deliveries; one being sent is already on its way, and a channel that is not set up
 * has nowhere to go.
 */
export function retryBlockedReason(delivery: Pick<Delivery, "state">): string | null {
  if (delivery.state === "sending") return "It is being sent right now.";
  if (delivery.state === "not-configured") return "This channel is not set up on the server.";
  return null;
}

/** The toast after the server queued a delivery again. */
export function retryQueuedText(delivery: Pick<Delivery, "channel">): string {
  return `${deliveryChannelLabels[delivery.channel]} will be sent again in a moment.`;
}

/** The dashboard's warning when deliveries have failed, or null when none have. */
export function failedDeliveriesWarning(health: Pick<DeliveryHealth, "failed">): string | null {
  if (health.failed <= 0) return null;
  const count = health.failed === 1 ? "1 delivery failed" : `${formatCount(health.failed)} deliveries failed`;
  return `${count} — the owner is not hearing of some leads.`;
}

/** True when new leads go nowhere: neither the owner's e-mail nor a webhook is configured. */
export function noChannelConfigured(health: Pick<DeliveryHealth, "configured">): boolean {
  return !health.configured.ownerEmail && !health.configured.webhook;
}

/** What the mail server said to the test e-mail. */
export function testEmailSentText(result: TestEmailResult): string {
  return `Test e-mail sent to ${result.to.join(", ")}. The mail server answered: ${result.response}`;
}
