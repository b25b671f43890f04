import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { PushDevice, PushPublicKey } from "../../../contract/push-subscriptions.ts";
import { apiRequest, HttpError } from "../../lib/api-client.ts";
import {
  hasPushSubscription,
  rememberThisDevice,
  subscribeThisDevice,
  thisDeviceId,
  unsubscribeThisDevice,
} from "../push-device.ts";
import { getJson, sendJson } from "./request.ts";

// Web push (issue 36, contract/push-subscriptions.ts): the signed-in user's devices, and turning this one on
// and off (the browser's part is ../push-device.ts).
//
//   GET    /api/admin/push-public-key
//   GET    /api/admin/push-subscriptions
//   POST   /api/admin/push-subscriptions
//   DELETE /api/admin/push-subscriptions/:id

const DEVICES_PATH = "/api/admin/push-subscriptions";
const PUBLIC_KEY_PATH = "/api/admin/push-public-key";

export const pushDevicesQuery = queryOptions({
  queryKey: [DEVICES_PATH],
  queryFn: () => getJson<{ devices: PushDevice[] }>(DEVICES_PATH),
});

/** Whether this browser holds a subscription; with the stored device id and the list, whether it is on. */
export const thisBrowserSubscribedQuery = queryOptions({
  queryKey: ["push-subscription-of-this-browser"],
  queryFn: hasPushSubscription,
});

const publicKeyQuery = queryOptions({
  queryKey: [PUBLIC_KEY_PATH],
  queryFn: () => getJson<PushPublicKey>(PUBLIC_KEY_PATH),
});

/** Removes a row; one already gone (404: removed elsewhere) counts as removed. */
async function deleteDevice(id: string): Promise<void> {
  try {
    await apiRequest("DELETE", `${DEVICES_PATH}/${encodeURIComponent(id)}`);
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404)) throw error;
  }
}

function refresh(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: pushDevicesQuery.queryKey }),
    client.invalidateQueries({ queryKey: thisBrowserSubscribedQuery.queryKey }),
  ]);
}

export type TurnOnInput = {
  /** The browser's answer, asked for in the click's own handler (askNotificationPermission). */
  permission: Promise<NotificationPermission>;
  deviceName?: string;
};

/** Subscribes this browser and stores the subscription as one of the user's devices. */
export const turnOnPushMutation = mutationOptions({
  mutationFn: async ({ permission, deviceName }: TurnOnInput, { client }) => {
    const { publicKey } = await client.fetchQuery(publicKeyQuery);
    const subscription = await subscribeThisDevice(permission, publicKey);
    const { device } = await sendJson<{ device: PushDevice }>("POST", DEVICES_PATH, {
      ...subscription,
      ...(deviceName ? { deviceName } : {}),
    });
    const before = thisDeviceId();
    rememberThisDevice(device.id);
    // This browser's row from an older subscription (one the browser dropped) reaches nobody any more.
    if (before && before !== device.id) await deleteDevice(before).catch(() => undefined);
    return device;
  },
  onSettled: (_device, _error, _input, _result, { client }) => refresh(client),
});

/** Removes this device's row and ends the browser's subscription. */
export const turnOffPushMutation = mutationOptions({
  mutationFn: async () => {
    const id = thisDeviceId();
    if (id) await deleteDevice(id);
    rememberThisDevice(null);
    await unsubscribeThisDevice();
  },
  onSettled: (_result, _error, _input, _context, { client }) => refresh(client),
});

/** Removes one of the user's devices from the list; this one's subscription ends too. */
export const removePushDeviceMutation = mutationOptions({
  mutationFn: async (id: string) => {
    await deleteDevice(id);
    if (id === thisDeviceId()) {
      rememberThisDevice(null);
      await unsubscribeThisDevice();
    }
  },
  onSettled: (_result, _error, _input, _context, { client }) => refresh(client),
});
