// One page view counted by our own server (issue 24, POST /api/views): the path and the referrer's host
// only, no cookie, no identifier. Nothing at all when the browser asks not to be tracked (Global Privacy
// Control or Do Not Track); the server checks the same headers again.

export const VIEW_BEACON_PATH = "/api/views";

type PrivacySignals = { globalPrivacyControl?: boolean; doNotTrack?: string | null };

/** Whether the browser lets us count this view. */
export function mayCountView(navigator: PrivacySignals): boolean {
  return navigator.globalPrivacyControl !== true && navigator.doNotTrack !== "1";
}

/** The beacon's body: the page's path and the host the visitor came from (none when typed or bookmarked). */
export function viewBeaconBody(pathname: string, referrer: string): string {
  let ref: string | undefined;
  try {
    ref = referrer ? new URL(referrer).hostname : undefined;
  } catch {
    ref = undefined;
  }
  return JSON.stringify(ref ? { path: pathname, ref } : { path: pathname });
}

/**
 * Sends this page's view: sendBeacon (text/plain, survives leaving the page), else a keepalive fetch. Both
 * carry the site's cookies as any request does: an admin's session cookie is how the server leaves them out.
 */
export function sendPageView(): void {
  if (!mayCountView(navigator)) return;
  const body = viewBeaconBody(location.pathname, document.referrer);
  try {
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(VIEW_BEACON_PATH, body)) return;
    void fetch(VIEW_BEACON_PATH, { method: "POST", body, keepalive: true }).catch(() => undefined);
  } catch {
    // A view that cannot be sent is simply not counted.
  }
}
