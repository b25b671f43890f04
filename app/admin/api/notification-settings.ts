import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { NotificationSettings, NotificationSettingsUpdate } from "../../../contract/notification-settings.ts";
import type { TestEmailResult } from "../../../contract/deliveries.ts";
import { deliveryKeys } from "./deliveries.ts";
import { getJson, sendJson } from "./request.ts";

// /api/admin/settings/notifications (contract/notification-settings.ts): who gets new leads (the
// addresses the owner set, each confirmed by a link), the auto-reply and the morning e-mail; a new link
// for an address; a test e-mail to the addresses in use. Every change can change whether a channel
// reaches the owner, so the delivery health (the frame's banner) is fetched again after each.

export const NOTIFICATION_SETTINGS_ROOT = "/api/admin/settings/notifications";

export const notificationSettingsQuery = queryOptions({
  queryKey: [NOTIFICATION_SETTINGS_ROOT],
  queryFn: () => getJson<NotificationSettings>(NOTIFICATION_SETTINGS_ROOT),
  // An address may have been confirmed from the e-mail (another tab, another device) since.
  staleTime: 0,
});

/** The settings as the server answered them go into the cache; the health follows. */
function storeSettings(client: QueryClient, settings: NotificationSettings) {
  client.setQueryData(notificationSettingsQuery.queryKey, settings);
  void client.invalidateQueries({ queryKey: deliveryKeys.health });
}

/** PUT: any subset; `addresses` is the whole new list (a new address is sent a link, a missing one is removed). */
export const updateNotificationSettingsMutation = mutationOptions({
  mutationFn: (update: NotificationSettingsUpdate) =>
    sendJson<NotificationSettings>("PUT", NOTIFICATION_SETTINGS_ROOT, update),
  onSuccess: (settings, _update, _result, { client }) => storeSettings(client, settings),
});

/** POST …/resend: a new confirmation link for an address that is waiting or whose link expired. */
export const resendConfirmationMutation = mutationOptions({
  mutationFn: (address: string) =>
    sendJson<NotificationSettings>("POST", `${NOTIFICATION_SETTINGS_ROOT}/resend`, { address }),
  onSuccess: (settings, _address, _result, { client }) => storeSettings(client, settings),
});

/** POST …/test: a test e-mail to the addresses in use; 409 (no mail, no address) and 502 (refused) carry the reason. */
export const sendNotificationTestMutation = mutationOptions({
  mutationFn: () => sendJson<TestEmailResult>("POST", `${NOTIFICATION_SETTINGS_ROOT}/test`),
});
