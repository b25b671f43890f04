import type { DeliveryConfig } from "../config.ts";
import { readChatSettings } from "../repositories/chat-channel-repository.ts";
import type { DeliveryPlanner, DeliveryTarget } from "../repositories/leads/deliveries.ts";
import { readNotificationSettings } from "../repositories/notification-settings-repository.ts";
import { pushTargets } from "../repositories/push-subscriptions-repository.ts";
import { QUIET_HOURS_BREAK_THROUGH_BELOW_HOURS, quietUntil } from "../../contract/quiet-hours.ts";
import { replyWindowHours } from "../../contract/form-names.ts";
import { chatRecipient } from "./chat.ts";
import { autoReplyEnabled, ownerEmailRecipients } from "./owner-channels.ts";

/**
 * The deliveries every new lead gets, from the environment and the owner's settings read in the lead's
 * transaction (every instance plans alike): the owner's e-mail always, to the addresses in use (recorded
 * on the delivery) or recorded as not configured without mail or without an address, so the admin can say
 * so and send it later; the auto-reply to the lead when the owner's switch (else AUTO_REPLY) is on; the
 * webhook when WEBHOOK_URL is set; the chat channel when the owner set one; a push to each of the owners'
 * devices. A spam lead the owner rescues gets no auto-reply: it was judged a bot once, perhaps days ago, and
 * the address it gave may be anyone's (issue 19). insertDeliveries then sends an address at most one
 * auto-reply a day.
 */
export function deliveryPlanner(config: DeliveryConfig): DeliveryPlanner {
  return async (trx, lead, occasion = "new", now = new Date()) => {
    const stored = await readNotificationSettings(trx);
    const to = ownerEmailRecipients(stored, config);
    const targets: DeliveryTarget[] = [{ channel: "owner-email", recipient: to ? to.join(", ") : null }];
    if (autoReplyEnabled(stored, config) && occasion === "new")
      targets.push({ channel: "auto-reply", recipient: lead.email });
    // The origin only: the path of a Slack or Zapier hook URL is itself a secret.
    if (config.webhook) targets.push({ channel: "webhook", recipient: new URL(config.webhook.url).origin });
    // The service and the masked address (the whole one is a secret); the sender reads the address in use then.
    // A rescued lead is posted too: the channel is where the team sees every lead, as the owner's e-mail.
    const { channel: chat } = await readChatSettings(trx);
    if (chat) targets.push({ channel: "chat", recipient: chatRecipient(chat) });
    // A push to each device of the owners (issue 36; a new lead has no assignee yet); a rescued lead was
    // rescued by someone in the admin: nobody needs telling. A device whose user is in their quiet hours
    // gets it when they end, unless the form promises an answer within less than
    // QUIET_HOURS_BREAK_THROUGH_BELOW_HOURS (contract/quiet-hours.ts).
    if (occasion === "new") {
      const breaksThrough = replyWindowHours(lead.formName) < QUIET_HOURS_BREAK_THROUGH_BELOW_HOURS;
      for (const device of await pushTargets(trx))
        targets.push({
          channel: "push",
          recipient: device.recipient,
          pushSubscriptionId: device.id,
          notBefore: breaksThrough ? null : quietUntil(device.quiet, now.getTime()),
        });
    }
    return targets;
  };
}
