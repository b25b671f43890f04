import type { DeliveryHealth } from "../../contract/deliveries.ts";
import type { NotificationSettings, NotifyAddressState } from "../../contract/notification-settings.ts";
import type { DeliveryConfig } from "../config.ts";
import type { StoredNotificationSettings } from "../repositories/notification-settings-repository.ts";

// What the owner's stored settings mean with the environment's defaults: the one place that says where
// the owner's e-mail goes, whether the auto-reply is on and whether anything reaches the owner (issue 20).
// The planner, the senders, the settings and health routes and the morning e-mail all ask here. Pure.

/** The owner's confirmed addresses, else NOTIFY_EMAIL; empty: nobody is e-mailed. */
export function addressesInUse(stored: StoredNotificationSettings, config: DeliveryConfig): string[] {
  const confirmed = stored.addresses
    .filter((address) => address.confirmedAt !== null)
    .map((address) => address.address);
  return confirmed.length > 0 ? confirmed : config.notify;
}

/** Why the owner's e-mail cannot go now, or null when it can. */
export function ownerEmailProblem(
  stored: StoredNotificationSettings,
  config: DeliveryConfig,
): DeliveryHealth["ownerEmailProblem"] {
  if (!config.mail) return "no-mail";
  return addressesInUse(stored, config).length === 0 ? "no-address" : null;
}

/** The addresses the owner's e-mail goes to now, or null when it cannot go (no mail, no address). */
export function ownerEmailRecipients(stored: StoredNotificationSettings, config: DeliveryConfig): string[] | null {
  return ownerEmailProblem(stored, config) === null ? addressesInUse(stored, config) : null;
}

/** The auto-reply: the owner's switch when set, else AUTO_REPLY; never without mail. */
export function autoReplyEnabled(stored: StoredNotificationSettings, config: DeliveryConfig): boolean {
  return config.mail !== null && (stored.autoReply ?? config.autoReply);
}

/** A delivery's recorded recipient ("a@x, b@y") as addresses. */
export function recipientList(recipient: string): string[] {
  return recipient
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
}

/**
 * Which channels deliver now, and whether any of them tells the owner of a new lead; `ownerDevices`: the
 * owners' push devices; `chat`: the chat channel is on.
 */
export function channelHealth(
  stored: StoredNotificationSettings,
  config: DeliveryConfig,
  { ownerDevices = 0, chat = false }: { ownerDevices?: number; chat?: boolean } = {},
): Pick<DeliveryHealth, "configured" | "reachesOwner" | "ownerEmailProblem"> {
  const problem = ownerEmailProblem(stored, config);
  const configured = {
    ownerEmail: problem === null,
    autoReply: autoReplyEnabled(stored, config),
    webhook: config.webhook !== null,
    push: ownerDevices > 0,
    chat,
  };
  return {
    configured,
    reachesOwner: configured.ownerEmail || configured.webhook || configured.push || configured.chat,
    ownerEmailProblem: problem,
  };
}

/** The settings as the owner sees them; the route adds where the links point (it knows the server's origin). */
export function notificationSettingsView(
  stored: StoredNotificationSettings,
  config: DeliveryConfig,
  now: Date,
): Omit<NotificationSettings, "links"> {
  const stateOf = (address: StoredNotificationSettings["addresses"][number]): NotifyAddressState => {
    if (address.confirmedAt !== null) return "confirmed";
    return Date.parse(address.tokenExpiresAt) <= now.getTime() ? "expired" : "waiting";
  };
  return {
    mailConfigured: config.mail !== null,
    addresses: stored.addresses.map((address) => ({
      address: address.address,
      state: stateOf(address),
      addedAt: address.addedAt,
      confirmedAt: address.confirmedAt,
    })),
    environmentAddresses: config.notify,
    addressesInUse: config.mail ? addressesInUse(stored, config) : [],
    autoReply: { enabled: autoReplyEnabled(stored, config), setHere: stored.autoReply !== null },
    morningEmail: stored.morningEmail,
    ownerTimeZone: config.ownerTimeZone,
  };
}
