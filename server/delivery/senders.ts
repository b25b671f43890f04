import type { SiteSettings } from "../../contract/content.ts";
import type { LeadKind } from "../../contract/admin-leads.ts";
import type { DeliveryConfig } from "../config.ts";
import type { StoredChatSettings } from "../repositories/chat-channel-repository.ts";
import type { ClaimedDelivery } from "../repositories/leads/deliveries.ts";
import type { LeadsRepository } from "../repositories/leads/leads-repository.ts";
import { chatLeadFacts, chatLeadMessage, sendChatMessage } from "./chat.ts";
import { autoReplyMail } from "./mail/auto-reply.ts";
import type { MailTransport } from "./mail/mail-transport.ts";
import { ownerMail } from "./mail/owner-mail.ts";
import { recipientList } from "./owner-channels.ts";
import { followUpPushMessage, leadPushMessage, sendPush, type VapidKeys } from "./push.ts";
import { sendWebhook, webhookBody } from "./webhook.ts";
import type { Agent } from "node:https";
import type { createPushSubscriptionsRepository } from "../repositories/push-subscriptions-repository.ts";
import { PermanentDeliveryError, type Send } from "./worker.ts";

// What each channel does with a claimed delivery. The lead is read at send time (the outbox keeps a
// reference, not a copy), so a lead erased before its delivery is simply not sent.

export function createSenders({
  config,
  siteOrigin,
  leads,
  mailer,
  push,
  chat,
  site,
  clock,
}: {
  config: DeliveryConfig;
  siteOrigin: string | null;
  leads: LeadsRepository;
  mailer: MailTransport | null;
  /** The devices, the shared VAPID keys (read once) and who the pushes come from; `agent` for a test's push service. */
  push: {
    subscriptions: Pick<ReturnType<typeof createPushSubscriptionsRepository>, "get" | "removeGone">;
    keys: () => Promise<VapidKeys>;
    subject: string;
    agent?: Agent | undefined;
  };
  /** The chat channel as stored now (the address in use at send time, not the one the lead was planned with). */
  chat: { read: () => Promise<StoredChatSettings> };
  /** The site's published settings (issue 37): the auto-reply's name, phone and the owner's own words. */
  site: { read: () => Promise<SiteSettings | null> };
  clock: () => Date;
}): Send {
  const adminUrl = (kind: LeadKind, id: string) => (siteOrigin ? `${siteOrigin}/admin/leads/${kind}/${id}` : null);

  return async (delivery: ClaimedDelivery) => {
    const lead = await leads.get(delivery.leadKind, delivery.leadId);
    if (!lead) return;
    const kind = delivery.leadKind;
    const now = clock();
    switch (delivery.channel) {
      case "owner-email": {
        if (!mailer || !config.mail)
          throw new Error("E-mail is not configured any more (SMTP_URL or MAIL_TRANSPORT, MAIL_FROM)");
        // The addresses in use when the delivery was written (or queued by the owner), not today's: a
        // retry reaches the same people.
        const to = recipientList(delivery.recipient);
        if (to.length === 0)
          throw new Error(
            "This delivery has no address to go to; send it again from the admin once an address is confirmed",
          );
        const message = ownerMail({
          kind,
          lead,
          deliveryId: delivery.id,
          from: config.mail.from,
          to,
          ownerTimeZone: config.ownerTimeZone,
          adminUrl: adminUrl(kind, lead.id),
        });
        await mailer.send(message);
        return;
      }
      case "auto-reply": {
        if (!mailer || !config.mail)
          throw new Error("E-mail is not configured any more (SMTP_URL or MAIL_TRANSPORT, MAIL_FROM)");
        // The settings the site shows now; before any are stored, the configured ones.
        const settings = await site.read();
        const message = autoReplyMail({
          kind,
          lead,
          deliveryId: delivery.id,
          from: config.mail.from,
          companyName: settings?.companyName ?? config.business.companyName,
          phone: settings?.phone ?? config.business.phone,
          ownWords: settings?.autoReplyText ?? "",
          now,
        });
        await mailer.send(message);
        return;
      }
      case "webhook": {
        if (!config.webhook) throw new Error("The webhook is not configured any more (WEBHOOK_URL, WEBHOOK_SECRET)");
        // The same webhook-id on every attempt of this delivery: receivers drop a repeat.
        await sendWebhook(config.webhook, {
          id: `msg_${delivery.id}`,
          body: webhookBody(kind, lead, { adminUrl: adminUrl(kind, lead.id) }),
          now,
        });
        return;
      }
      case "push":
      case "follow-up-push": {
        const subscription = delivery.pushSubscriptionId
          ? await push.subscriptions.get(delivery.pushSubscriptionId)
          : undefined;
        await sendPush({
          subscription,
          message:
            delivery.channel === "push"
              ? leadPushMessage(kind, lead, config.ownerTimeZone)
              : followUpPushMessage(kind, lead),
          keys: await push.keys(),
          subject: push.subject,
          // The lead's id without dashes (32 characters): a retry replaces the push still waiting.
          topic: lead.id.replaceAll("-", ""),
          agent: push.agent,
          removeGone: (id) => push.subscriptions.removeGone(id),
        });
        return;
      }
      case "chat": {
        // Read now: a retry goes to the address the owner set since; a channel turned off cannot be sent to.
        const { channel } = await chat.read();
        if (!channel)
          throw new PermanentDeliveryError(
            "The chat channel was turned off in Settings before this message went out. Turn it on again, then send this delivery again.",
          );
        await sendChatMessage(
          channel,
          chatLeadMessage(
            channel.service,
            chatLeadFacts(kind, lead, { ownerTimeZone: config.ownerTimeZone, adminUrl: adminUrl(kind, lead.id) }),
          ),
        );
        return;
      }
    }
  };
}
