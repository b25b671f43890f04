import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { ChatSettings, ChatSettingsUpdate, ChatTestResult } from "../../../contract/chat-channel.ts";
import { deliveryKeys } from "./deliveries.ts";
import { getJson, sendJson } from "./request.ts";

// /api/admin/settings/chat (contract/chat-channel.ts): the chat channel every new lead is posted to, its
// address masked; set or turned off (owners), and a test message. A change can change whether anything
// reaches the owner, so the delivery health (the frame's banner) is fetched again after each.

export const CHAT_SETTINGS_PATH = "/api/admin/settings/chat";

export const chatSettingsQuery = queryOptions({
  queryKey: [CHAT_SETTINGS_PATH],
  queryFn: () => getJson<ChatSettings>(CHAT_SETTINGS_PATH),
  staleTime: 0,
});

function storeSettings(client: QueryClient, settings: ChatSettings) {
  client.setQueryData(chatSettingsQuery.queryKey, settings);
  void client.invalidateQueries({ queryKey: deliveryKeys.health });
}

/** PUT { kind, url } (on, or a new address) or { kind: null } (off). */
export const updateChatSettingsMutation = mutationOptions({
  mutationFn: (update: ChatSettingsUpdate) => sendJson<ChatSettings>("PUT", CHAT_SETTINGS_PATH, update),
  onSuccess: (settings, _update, _result, { client }) => storeSettings(client, settings),
});

/** POST …/test: a test message now; 409 (off) and 502 (the service refused, with its status) carry the reason. */
export const sendChatTestMutation = mutationOptions({
  mutationFn: () => sendJson<ChatTestResult>("POST", `${CHAT_SETTINGS_PATH}/test`),
});
