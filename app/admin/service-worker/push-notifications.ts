import type { PushMessage } from "../../../contract/push-subscriptions.ts";

// What the admin's service worker (service-worker.ts) does with a push and a click, as plain functions the
// unit tests call: the worker itself only passes the browser's events to them. Nothing here touches a
// global, so this module type-checks both with the page's DOM types and with the worker's.

/** Where the admin lives, and the service worker's scope: a click never opens anything outside it. */
export const ADMIN_SCOPE = "/admin/";

/** Where a notification without a usable address leads: the admin, whose router opens the dashboard. */
const ADMIN_HOME = ADMIN_SCOPE;

/** The pictures a notification shows: the app's icon, and the small monochrome badge Android's status bar uses. */
export const NOTIFICATION_ICON = "/admin/icons/icon-192.png";
export const NOTIFICATION_BADGE = "/admin/icons/badge-96.png";

/** Shown when a push cannot be read: it still says that something happened, and opens the admin. */
export const FALLBACK_MESSAGE: PushMessage = {
  title: "New activity",
  body: "Open the admin to see what is new.",
  url: ADMIN_HOME,
  tag: "admin-activity",
};

const TITLE_MAX = 120;
const BODY_MAX = 500;

const text = (value: unknown, max: number): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : null;

/**
 * The message a push carries (contract/push-subscriptions.ts), from its decrypted text: JSON with a title;
 * a missing body, url or tag falls back to the generic one's. Anything else (no payload, not JSON, no title)
 * gives FALLBACK_MESSAGE: a push must always show a notification (userVisibleOnly).
 */
export function pushMessageFrom(payload: string | null | undefined): PushMessage {
  if (!payload) return FALLBACK_MESSAGE;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return FALLBACK_MESSAGE;
  }
  if (typeof parsed !== "object" || parsed === null) return FALLBACK_MESSAGE;
  const fields = parsed as Record<string, unknown>;
  const title = text(fields.title, TITLE_MAX);
  if (!title) return FALLBACK_MESSAGE;
  return {
    title,
    body: text(fields.body, BODY_MAX) ?? "",
    url: typeof fields.url === "string" ? fields.url : ADMIN_HOME,
    tag: text(fields.tag, 200) ?? FALLBACK_MESSAGE.tag,
  };
}

/** The options of showNotification for a message: the click reads `data.url` back. */
export function notificationOptions(message: PushMessage) {
  return {
    body: message.body,
    tag: message.tag,
    // A newer push for the same lead replaces the older notification and still alerts the user.
    renotify: true,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: { url: message.url },
  };
}

/**
 * The absolute address a click opens: the message's url when it is a path of the admin on this origin,
 * else the admin's home. A push is signed by our server, but a click must never lead elsewhere whatever
 * a payload says (another origin, a javascript: URL, a path outside /admin/).
 */
export function clickTarget(url: unknown, origin: string): string {
  const home = new URL(ADMIN_HOME, origin).href;
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//")) return home;
  const target = urlOf(url, origin);
  if (!target || target.origin !== origin || !target.pathname.startsWith(ADMIN_SCOPE)) return home;
  return target.href;
}

/** A parsed URL, or null (not URL.canParse: Safari before 17 runs push too). */
function urlOf(url: string, base?: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

/** Enough of a WindowClient to choose one. */
export type WindowLike = { url: string; focused: boolean; visibilityState: string };

/**
 * The open admin window a click should reuse: a focused one first, then a visible one, then any; windows
 * of the public site (same origin, outside /admin/) are left alone. Null: open a new window.
 */
export function adminWindowFor<T extends WindowLike>(windows: readonly T[], origin: string): T | null {
  const admin = windows.filter((client) => {
    const url = urlOf(client.url);
    return url?.origin === origin && (url.pathname === "/admin" || url.pathname.startsWith(ADMIN_SCOPE));
  });
  return (
    admin.find((client) => client.focused) ??
    admin.find((client) => client.visibilityState === "visible") ??
    admin[0] ??
    null
  );
}
