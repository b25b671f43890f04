import type { PushSubscriptionInput } from "../../contract/push-subscriptions.ts";

// Web push on this device (issue 36): whether the browser can do it, its service worker
// (service-worker/service-worker.ts), the push subscription, and which of the user's devices is this one.
// The API does not list endpoints, so the id of this device's row is remembered in localStorage after
// subscribing. The plain functions at the top are the unit tests'; the rest talks to the browser.

/** Built by scripts/admin-service-worker.ts; its scope is the admin, the folder it is served from. */
const SERVICE_WORKER_URL = "/admin/service-worker.js";
const SERVICE_WORKER_SCOPE = "/admin/";
const DEVICE_ID_KEY = "admin:push-device-id";
/** Longer than a worker takes to start or a push service to answer: a wait past it is a failure, said in words. */
const STEP_TIMEOUT_MS = 20_000;

/** What this browser can do: push; nothing until the admin is on the Home Screen (iOS); nothing at all. */
export type PushSupport = "supported" | "ios-home-screen" | "unsupported";

/** The state the "Notify this device" switch tells in words. */
export type PushStatus =
  | { kind: "unsupported" | "ios-home-screen" | "denied" | "dismissed" | "off" | "on" | "turning-on" | "turning-off" }
  | { kind: "failed"; message: string };

export function pushSupportOf(browser: {
  hasNotification: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  ios: boolean;
  standalone: boolean;
}): PushSupport {
  if (browser.hasNotification && browser.hasServiceWorker && browser.hasPushManager) return "supported";
  // Safari on iOS and iPadOS (16.4 on) offers push only to a web app opened from the Home Screen.
  return browser.ios && !browser.standalone ? "ios-home-screen" : "unsupported";
}

/** What the switch's status line says, and whether it is a problem (shown as one) or news. */
export function pushStatusMessage(status: PushStatus): { text: string; problem: boolean } {
  switch (status.kind) {
    case "unsupported":
      return { text: "This browser cannot show notifications from the admin.", problem: true };
    case "ios-home-screen":
      return {
        text: "This browser cannot show notifications from the admin. On an iPhone or iPad, add the admin to the Home Screen first (Share, then Add to Home Screen), open it from there and turn this on.",
        problem: true,
      };
    case "denied":
      return { text: "Notifications are blocked for this site in the browser's settings.", problem: true };
    case "dismissed":
      return {
        text: "The browser was not allowed to show notifications. Turn the switch on again and choose Allow.",
        problem: true,
      };
    case "failed":
      return { text: status.message, problem: true };
    case "turning-on":
      return { text: "Turning notifications on for this device...", problem: false };
    case "turning-off":
      return { text: "Turning notifications off for this device...", problem: false };
    case "on":
      return {
        text: "This device is notified of each new lead and each follow-up that falls due, also while the admin is closed.",
        problem: false,
      };
    case "off":
      return { text: "This device is not notified.", problem: false };
  }
}

/** The bytes of a base64url text (the VAPID public key): applicationServerKey as every browser takes it. */
export function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, index) => byte === b[index]);
}

/** A failure of the browser's part (permission, worker, push service), already in words for the page. */
export class PushDeviceError extends Error {
  constructor(
    message: string,
    readonly kind: "denied" | "dismissed" | "failed" = "failed",
  ) {
    super(message);
    this.name = "PushDeviceError";
  }
}

/** The browser's own error, as it names it ("AbortError: Registration failed - push service not available"). */
export function browserErrorText(error: unknown): string {
  if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name;
  return String(error);
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushDeviceError(what)), STEP_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------------
// The browser.

export function detectPushSupport(): PushSupport {
  if (typeof window === "undefined") return "unsupported";
  const ua = navigator.userAgent;
  return pushSupportOf({
    hasNotification: "Notification" in window,
    hasServiceWorker: "serviceWorker" in navigator,
    hasPushManager: "PushManager" in window,
    // iPadOS says it is a Mac: one with a touch screen is an iPad.
    ios: /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1),
    standalone:
      window.matchMedia("(display-mode: standalone)").matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
  });
}

/** Whether notifications are blocked for the site (the browser will not ask again). */
export function notificationsBlocked(): boolean {
  return typeof Notification !== "undefined" && Notification.permission === "denied";
}

/**
 * Registers the admin's service worker (at the admin's start, and before subscribing). Never throws: where
 * service workers are missing (plain http off localhost, old browsers, some private modes) the admin works
 * as before, without push.
 */
export async function registerAdminServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  } catch {
    return null;
  }
}

/**
 * Asks the browser's permission. Called in the click's own handler: some browsers ask only during the user's
 * gesture, which an await before it would end.
 */
export function askNotificationPermission(): Promise<NotificationPermission> {
  if (typeof Notification === "undefined") return Promise.resolve("denied");
  if (Notification.permission !== "default") return Promise.resolve(Notification.permission);
  return Notification.requestPermission();
}

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await registerAdminServiceWorker();
  if (!registration) throw new PushDeviceError("The admin's service worker could not be started in this browser.");
  // subscribe() needs an active worker; a new one is still installing.
  await withTimeout(navigator.serviceWorker.ready, "The admin's service worker did not start. Please try again.");
  return registration;
}

/** This device's subscription, if it has one (no worker registered: none). */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!("serviceWorker" in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether the browser holds a push subscription for the admin. */
export async function hasPushSubscription(): Promise<boolean> {
  try {
    return (await currentSubscription()) !== null;
  } catch {
    return false;
  }
}

/**
 * Subscribes this browser with the server's VAPID key (an older subscription made with another key is
 * replaced) and gives what POST /api/admin/push-subscriptions takes.
 */
export async function subscribeThisDevice(
  permission: Promise<NotificationPermission>,
  publicKey: string,
): Promise<Omit<PushSubscriptionInput, "deviceName">> {
  const answer = await permission;
  if (answer === "denied")
    throw new PushDeviceError("Notifications are blocked for this site in the browser's settings.", "denied");
  if (answer !== "granted") throw new PushDeviceError("Notifications were not allowed.", "dismissed");
  const registration = await activeRegistration();
  const key = base64urlBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await withTimeout(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      "The browser's push service did not answer. Please try again later.",
    );
  } catch (error) {
    if (error instanceof PushDeviceError) throw error;
    throw new PushDeviceError(
      `This browser could not subscribe to notifications (${browserErrorText(error)}). Please try again later.`,
    );
  }
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
}

/** Ends this browser's subscription: the push service stops delivering to it. */
export async function unsubscribeThisDevice(): Promise<void> {
  await (await currentSubscription())?.unsubscribe();
}

/** The id of this device's row, remembered after subscribing (null: none, or storage refused). */
export function thisDeviceId(): string | null {
  try {
    return window.localStorage.getItem(DEVICE_ID_KEY);
  } catch {
    return null;
  }
}

export function rememberThisDevice(id: string | null) {
  try {
    if (id) window.localStorage.setItem(DEVICE_ID_KEY, id);
    else window.localStorage.removeItem(DEVICE_ID_KEY);
  } catch {
    // Storage refused (private mode): the list cannot mark this device after a reload, nothing else changes.
  }
}
