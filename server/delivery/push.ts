import type { Agent } from "node:https";
import webPush, { WebPushError } from "web-push";
import type { LeadKind } from "../../contract/admin-leads.ts";
import type { PushMessage } from "../../contract/push-subscriptions.ts";
import type { StoredPushSubscription } from "../repositories/push-subscriptions-repository.ts";
import type { LeadOf } from "../repositories/leads/lead-tables.ts";
import { formInWords, leadDisplayName, leadRequestSummary, replyByShortText, shorten } from "./lead-summary.ts";
import { PermanentDeliveryError } from "./worker.ts";

// Web push (issue 36): what a new lead's notification says, and one push to one device, signed with the
// VAPID key pair every instance shares (migration 0021) and encrypted for the device by `web-push`
// (RFC 8291). A device the push service says is gone is removed, and its delivery fails for good.

/** A lead's push is stale after a day: the push service drops it rather than deliver it late. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Longer than a push service takes to answer; the outbox retries a timeout. */
const PUSH_TIMEOUT_MS = 10_000;
const TITLE_MAX = 60;
const BODY_MAX = 160;

/**
 * "New lead: Ada Lovelace" / "SEO Services · Service inquiry form on /services/seo · Reply by Tue, Nov 24,
 * 10:04 AM EST": the name, what they asked for, the form and the deadline, short enough for a lock screen.
 * Clicking opens the lead; a later push for the same lead replaces this one (tag).
 */
export function leadPushMessage<K extends LeadKind>(kind: K, lead: LeadOf[K], ownerTimeZone: string): PushMessage {
  const parts = [
    leadRequestSummary(kind, lead),
    formInWords(lead.formName),
    `Reply by ${replyByShortText(lead.replyBy, ownerTimeZone)}`,
  ].filter((part): part is string => Boolean(part));
  return {
    title: shorten(`New lead: ${leadDisplayName(lead)}`, TITLE_MAX),
    body: shorten(parts.join(" · "), BODY_MAX),
    url: `/admin/leads/${kind}/${lead.id}`,
    tag: `lead-${lead.id}`,
  };
}

/**
 * A due follow-up (issue 36): "Follow up: Ada Lovelace" / "Send the proposal · +1 312 555 0100": the note the
 * follow-up was set with (else what they asked for) and the number to call; clicking opens the lead.
 */
export function followUpPushMessage<K extends LeadKind>(kind: K, lead: LeadOf[K]): PushMessage {
  const parts = [lead.followUpNote?.trim() || leadRequestSummary(kind, lead), lead.phone].filter(Boolean);
  return {
    title: shorten(`Follow up: ${leadDisplayName(lead)}`, TITLE_MAX),
    body: shorten(parts.join(" · "), BODY_MAX),
    url: `/admin/leads/${kind}/${lead.id}`,
    tag: `follow-up-${lead.id}`,
  };
}

/**
 * Who the pushes come from, for a push service that must reach the sender (RFC 8292 `sub`): the site when
 * it is served over https, else the mail sender's address, else the server's own placeholder.
 */
export function vapidSubject(siteOrigin: string | null, mailFrom: string | null): string {
  if (siteOrigin?.startsWith("https://")) return siteOrigin;
  const address = mailFrom ? (/<([^<>@\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()) : null;
  return address && /^[^@\s]+@[^@\s]+$/.test(address) ? `mailto:${address}` : "mailto:push@localhost.invalid";
}

export type VapidKeys = { publicKey: string; privateKey: string };

/** The push service's answers that mean the subscription is over (RFC 8030 §7.3; 404 from some services). */
const GONE = new Set([404, 410]);

/**
 * Sends one push; throws what the outbox records (it retries), or a PermanentDeliveryError when trying again
 * cannot help: the device was removed, or the push service says the subscription has ended (the device's row
 * is then removed too, through `removeGone`).
 */
export async function sendPush({
  subscription,
  message,
  keys,
  subject,
  topic,
  agent,
  removeGone,
}: {
  subscription: StoredPushSubscription | undefined;
  message: PushMessage;
  keys: VapidKeys;
  subject: string;
  /** Replaces an undelivered push with the same topic at the push service (at most 32 base64url characters). */
  topic: string;
  agent?: Agent | undefined;
  removeGone: (id: string) => Promise<void>;
}): Promise<void> {
  if (!subscription)
    throw new PermanentDeliveryError("This device was removed from notifications before the push went out.");
  try {
    await webPush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: "high",
        topic,
        timeout: PUSH_TIMEOUT_MS,
        ...(agent ? { agent } : {}),
      },
    );
  } catch (error) {
    if (!(error instanceof WebPushError)) throw error;
    const service = new URL(subscription.endpoint).host;
    if (GONE.has(error.statusCode)) {
      await removeGone(subscription.id);
      throw new PermanentDeliveryError(
        `The push service (${service}) says this device's subscription has ended (${error.statusCode}); the device was removed. Turn on "Notify this device" on it again.`,
        { cause: error },
      );
    }
    throw new Error(`The push service (${service}) answered ${error.statusCode}: ${shorten(error.body.trim(), 200)}`, {
      cause: error,
    });
  }
}
