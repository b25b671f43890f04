import type { DeliveryConfig } from "../config.ts";
import type { DeliveryPlanner, DeliveryTarget } from "../repositories/leads/deliveries.ts";

/**
 * The deliveries every new lead gets: the owner's e-mail always (recorded as not configured without mail,
 * so the admin can say so), the auto-reply to the lead when AUTO_REPLY=true, the webhook when WEBHOOK_URL
 * is set. A spam lead the owner rescues gets no auto-reply: it was judged a bot once, perhaps days ago,
 * and the address it gave may be anyone's (issue 19). insertDeliveries then sends an address at most one
 * auto-reply a day.
 */
export function deliveryPlanner(config: DeliveryConfig): DeliveryPlanner {
  return async (_trx, lead, occasion = "new") => {
    const targets: DeliveryTarget[] = [{ channel: "owner-email", recipient: config.mail ? config.notify.join(", ") : null }];
    if (config.mail && config.autoReply && occasion === "new") targets.push({ channel: "auto-reply", recipient: lead.email });
    // The origin only: the path of a Slack or Zapier hook URL is itself a secret.
    if (config.webhook) targets.push({ channel: "webhook", recipient: new URL(config.webhook.url).origin });
    return targets;
  };
}
