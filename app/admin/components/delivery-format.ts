import type { Delivery, DeliveryHealth, DeliveryState, TestEmailResult } from "../../../contract/deliveries.ts";
import { deliveryChannelLabels } from "../../../contract/deliveries.ts";
import type { DeliveryView } from "../../../contract/deliveries.ts";
import type { NotifyAddressState } from "../../../contract/notification-settings.ts";
import { formatCount } from "./lead-format.ts";

// Wording of lead delivery in the admin: state badges, when "send again" is offered, and the dashboard's
// warnings. Every state reads as text; the colour only repeats it.

export const deliveryStateLabels: Record<DeliveryState, string> = {
  pending: "Waiting",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  "not-configured": "Not configured",
  scheduled: "Scheduled",
};

/** Text and colour pairs with at least 4.5:1 contrast (the -900 shades on their -100 backgrounds). */
export const deliveryStateBadgeClasses: Record<DeliveryState, string> = {
  pending: "bg-amber-100 text-amber-900",
  sending: "bg-sky-100 text-sky-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  "not-configured": "bg-slate-200 text-slate-900",
  scheduled: "bg-indigo-100 text-indigo-900",
};

export const deliveryViewLabels: Record<DeliveryView, string> = {
  attention: "Needs attention",
  failed: "Failed",
  pending: "Waiting",
  "not-configured": "Never sent",
};

export const deliveryViewEmptyTexts: Record<DeliveryView, string> = {
  attention: "Nothing needs attention: no delivery failed or is waiting to be sent.",
  failed: "No failed deliveries.",
  pending: "No deliveries are waiting to be sent.",
  "not-configured": "None: every lead arrived while a way to reach you was set up.",
};

/**
 * What was not delivered, in a sentence: "Not delivered: 3 never sent (nothing was set up), 1 failed.
 * 2 waiting." Never sent counts as not delivered (issue 20, point 1); null when everything went.
 */
export function notDeliveredSummary(
  health: Pick<DeliveryHealth, "notConfigured" | "failed" | "pending">,
): string | null {
  const parts = [
    health.notConfigured > 0
      ? `${formatCount(health.notConfigured)} never sent (nothing was set up to send them)`
      : null,
    health.failed > 0 ? `${formatCount(health.failed)} failed` : null,
  ].filter((part) => part !== null);
  const waiting = health.pending > 0 ? `${formatCount(health.pending)} waiting to be sent.` : null;
  if (parts.length === 0) return waiting;
  return `Not delivered: ${parts.join(", ")}.${waiting ? ` ${waiting}` : ""}`;
}

/**
 * Why "send again" is not offered for this delivery, or null when it is. The server re-queues pending,
 * failed and sent deliveries; one being sent is already on its way. A not-configured owner e-mail goes
 * to the addresses in use once the owner's e-mail works (`health`); any other not-configured channel has
 * nowhere to go.
 */
export function retryBlockedReason(
  delivery: Pick<Delivery, "state" | "channel">,
  health?: Pick<DeliveryHealth, "configured" | "ownerEmailProblem">,
): string | null {
  if (delivery.state === "sending") return "It is being sent right now.";
  if (delivery.state === "scheduled") return "It goes out at its time.";
  if (delivery.state !== "not-configured") return null;
  if (delivery.channel !== "owner-email") return "This channel is not set up on the server.";
  if (health?.configured.ownerEmail) return null;
  if (health?.ownerEmailProblem === "no-address") return "No address receives new leads yet: add one in Settings.";
  return "E-mail is not set up on the server.";
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

/**
 * The frame's banner while no channel tells the owner of a new lead (issue 20, point 1), or null once
 * one does. What to do depends on the server: with mail, the owner adds an address in Settings; without
 * it, only the developer can help (the server's environment holds the mail settings).
 */
export type OwnerReachNotice = { title: string; text: string; fix: "add-address" | "developer" };

export function ownerReachNotice(
  health: Pick<DeliveryHealth, "reachesOwner" | "ownerEmailProblem">,
): OwnerReachNotice | null {
  if (health.reachesOwner) return null;
  const title = "New leads are not sent to you.";
  if (health.ownerEmailProblem === "no-mail") {
    return {
      title,
      text:
        "You only see them here: this server cannot send e-mail and has no webhook. Your developer must set SMTP_URL and MAIL_FROM " +
        "(to e-mail you) or WEBHOOK_URL (to send leads to another system), as the README explains under Configuration. " +
        "An owner can also post them to a Slack, Microsoft Teams or Google Chat channel (Settings, Chat).",
      fix: "developer",
    };
  }
  return { title, text: "You only see them here: no e-mail address receives them yet.", fix: "add-address" };
}

/** An address that receives new leads, by its state (Settings, "Who gets new leads"). */
export const notifyAddressStateLabels: Record<NotifyAddressState, string> = {
  confirmed: "Confirmed",
  waiting: "Waiting for confirmation",
  expired: "Link expired",
};

export const notifyAddressStateClasses: Record<NotifyAddressState, string> = {
  confirmed: "bg-green-100 text-green-900",
  waiting: "bg-amber-100 text-amber-900",
  expired: "bg-red-100 text-red-900",
};

/** What the mail server said to the test e-mail. */
export function testEmailSentText(result: TestEmailResult): string {
  return `Test e-mail sent to ${result.to.join(", ")}. The mail server answered: ${result.response}`;
}
