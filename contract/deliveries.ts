import { z } from "zod";
import type { LeadKind } from "./admin-leads.ts";

// Lead delivery (docs/decisions/018-lead-delivery.md): every lead that is not spam is delivered to the owner
// by e-mail, to the lead by an auto-reply (AUTO_REPLY=true), to a webhook (WEBHOOK_URL), to the owner's devices
// (push) and to a chat channel (contract/chat-channel.ts), from an outbox
// the server retries until each delivery is sent or given up.
//
//   GET  /api/admin/deliveries?state=attention|failed|pending|not-configured   deliveries that need the owner -> DeliveryList
//   GET  /api/admin/deliveries/health                           channels and counts              -> DeliveryHealth
//   POST /api/admin/deliveries/:id/retry                        send again now                   -> Delivery
//        (a not-configured owner e-mail: to the addresses in use, once mail and an address work; else 409)
//   POST /api/admin/deliveries/send-unsent                      every not-configured owner e-mail to the
//                                                               addresses in use (409 while none works) -> SendUnsentResult
//   POST /api/admin/deliveries/test-email                       a test e-mail to the addresses in use -> TestEmailResult
// A lead's detail (GET /api/admin/leads/:kind/:id) carries its deliveries.

export const deliveryChannels = ["owner-email", "auto-reply", "webhook", "push", "follow-up-push", "chat"] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];

export const deliveryChannelLabels: Record<DeliveryChannel, string> = {
  "owner-email": "E-mail to you",
  "auto-reply": "Auto-reply to the lead",
  webhook: "Webhook",
  push: "Notification on a device",
  "follow-up-push": "Follow-up reminder on a device",
  chat: "Chat message",
};

/**
 * pending: waiting for its (next) attempt; sending: a worker holds it; failed: given up after two days of
 * retries; scheduled: waits for its time (a follow-up's reminder), not counted as waiting until then.
 */
export const deliveryStates = ["pending", "sending", "sent", "failed", "not-configured", "scheduled"] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export type Delivery = {
  id: string;
  leadKind: LeadKind;
  leadId: string;
  channel: DeliveryChannel;
  /**
   * The addresses, the webhook's origin, the device (its name and its user) or the chat service and its
   * masked address it goes to (empty when not configured).
   */
  recipient: string;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
};

/** A delivery with the name of its lead, for the deliveries view. */
export type DeliveryWithLead = Delivery & { leadName: string };
export type DeliveryList = { items: DeliveryWithLead[] };

export const DELIVERY_LIST_MAX = 200;

/**
 * The views of the deliveries list: attention (failed and waiting, the default), one of them, or
 * not-configured (recorded while no channel was set up: never sent, see send-unsent).
 */
export const deliveryViews = ["attention", "failed", "pending", "not-configured"] as const;
export type DeliveryView = (typeof deliveryViews)[number];

export const deliveryListQuery = z.object({
  state: z.enum(deliveryViews, { error: `state must be one of: ${deliveryViews.join(", ")}` }).default("attention"),
});

export const deliveryParams = z.object({
  id: z.uuid({ error: "id must be a delivery id" }).transform((id) => id.toLowerCase()),
});

export type DeliveryHealth = {
  /**
   * Which channels deliver now: ownerEmail needs mail and at least one address in use
   * (contract/notification-settings.ts); push, an owner's device (contract/push-subscriptions.ts); chat, the
   * owner's chat channel (contract/chat-channel.ts).
   */
  configured: { ownerEmail: boolean; autoReply: boolean; webhook: boolean; push: boolean; chat: boolean };
  /**
   * True when at least one channel notifies the owner of a new lead (the owner's e-mail, the webhook, a push
   * to a device of an owner, or the chat).
   * False: every admin page shows the banner that says so and what to do (issue 20).
   */
  reachesOwner: boolean;
  /** Why the owner's e-mail does not go, when it does not: no mail on the server, or no address in use. */
  ownerEmailProblem: "no-mail" | "no-address" | null;
  /** Deliveries recorded as not configured (never delivered): counted as not delivered. */
  notConfigured: number;
  failed: number;
  pending: number;
  /** When the oldest delivery still waiting was written (a stuck queue shows here). */
  oldestPendingAt: string | null;
};

export type TestEmailResult = { to: string[]; response: string };

/** How many not-configured owner e-mails were queued to the addresses in use. */
export type SendUnsentResult = { queued: number; to: string[] };
