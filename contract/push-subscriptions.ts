import { z } from "zod";

// Web push (issue 36): a browser's subscription as PushSubscription.toJSON() gives it, with the name the user
// gives this device, and how the admin lists a user's devices. The endpoint is the push service's address
// for this browser; whoever holds it (and the keys) can push, so it is stored but never listed whole.

const base64url = /^[A-Za-z0-9_-]+$/;
/** The bytes a base64url text stands for (no padding); -1 when it is not base64url. */
function base64urlBytes(text: string): number {
  if (!base64url.test(text) || text.length % 4 === 1) return -1;
  return Math.floor((text.length * 3) / 4);
}

export const DEVICE_NAME_MAX = 60;

export const pushSubscriptionInput = z
  .object({
    endpoint: z
      .string({ error: "The subscription has no endpoint." })
      .max(2048, { error: "The endpoint is too long." })
      .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", {
        error: "The endpoint must be an https:// address of a push service.",
      }),
    // PushSubscription.toJSON() gives it (null for no expiry); the push service says when it is gone.
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        // The browser's P-256 public key, uncompressed: 65 bytes.
        p256dh: z.string().refine((value) => base64urlBytes(value) === 65, {
          error: "keys.p256dh must be the browser's P-256 public key (65 bytes, base64url).",
        }),
        // The shared authentication secret: 16 bytes.
        auth: z.string().refine((value) => base64urlBytes(value) === 16, {
          error: "keys.auth must be 16 bytes, base64url.",
        }),
      },
      { error: "The subscription has no keys." },
    ),
    deviceName: z
      .string()
      .trim()
      .min(1, { error: "Please name this device." })
      .max(DEVICE_NAME_MAX, { error: `A device name has at most ${DEVICE_NAME_MAX} characters.` })
      .optional(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** A subscribed device as GET /api/admin/push-subscriptions lists it. */
export type PushDevice = {
  id: string;
  deviceName: string;
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com, …): which browser family. */
  service: string;
  createdAt: string;
};

/** GET /api/admin/push-public-key: the VAPID public key, for PushManager.subscribe's applicationServerKey. */
export type PushPublicKey = { publicKey: string };

/** DELETE /api/admin/push-subscriptions/:id */
export const pushDeviceParams = z.object({ id: z.uuid({ error: "Invalid device." }).toLowerCase() });

/**
 * What a push carries (encrypted for the device, RFC 8291): the service worker (app/admin/service-worker)
 * shows `title` and `body`, groups by `tag` (a newer push for the same lead replaces the older one) and
 * opens `url`, an admin path, when the notification is clicked.
 */
export type PushMessage = { title: string; body: string; url: string; tag: string };
