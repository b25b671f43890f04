import type { DeliveryConfig } from "../config.ts";
import type { DeliveryTarget } from "../repositories/leads/deliveries.ts";

/**
 * The deliveries every new lead gets: the owner's e-mail always (recorded as not configured without mail,
 * so the admin can say so), the auto-reply to the lead when AUTO_REPLY=true, the webhook when WEBHOOK_URL
 * is set.
 */
export function deliveryPlanner(config: DeliveryConfig) {
  return (lead: { email: string }): DeliveryTarget[] => {
    const targets: DeliveryTarget[] = [{ channel: "owner-email", recipient: config.mail ? config.notify.join(", ") : null }];
    if (config.mail && config.autoReply) targets.push({ channel: "auto-reply", recipient: lead.email });
    // The origin only: the path of a Slack or Zapier hook URL is itself a secret.
    if (config.webhook) targets.push({ channel: "webhook", recipient: new URL(config.webhook.url).origin });
    return targets;
  };
}
