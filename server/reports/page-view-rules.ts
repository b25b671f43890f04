import type { IncomingHttpHeaders } from "node:http";
import { isbot } from "isbot";

// Which page views count (issue 24): none from a browser that asks not to be tracked (Sec-GPC: 1, DNT: 1),
// none from a known bot or crawler, none from our own admins (a browser holding the admin session cookie),
// none of a page prefetched but maybe never seen. The page's script already sends nothing in the first
// case; the server checks again, so a script that ignores it still counts nothing.

/**
 * Crawlers, link previewers, monitors, HTTP libraries and headless browsers, by their User-Agent: isbot's
 * maintained list (it follows new crawlers so we do not have to). No User-Agent at all counts as a bot too:
 * every browser sends one.
 */
export function isKnownBot(userAgent: string | undefined): boolean {
  return !userAgent || isbot(userAgent);
}

export type UncountedReason = "privacy" | "bot" | "admin" | "prefetch";

/** Why a view is not counted, or null when it counts; the admin cookie's pattern is made once, not per view. */
export function viewRules(adminCookieName: string): (headers: IncomingHttpHeaders) => UncountedReason | null {
  const adminCookie = new RegExp(`(?:^|;\\s*)${adminCookieName}=`);
  return (headers) => {
    if (headers["sec-gpc"] === "1" || headers.dnt === "1") return "privacy";
    if (isKnownBot(headers["user-agent"])) return "bot";
    const purpose = headers["sec-purpose"] ?? headers.purpose;
    if (typeof purpose === "string" && purpose.includes("prefetch")) return "prefetch";
    if (adminCookie.test(headers.cookie ?? "")) return "admin";
    return null;
  };
}

/** Views a client address may send a minute: a person reading pages sends a few; more is a script. */
export const VIEWS_PER_ADDRESS_PER_MINUTE = 120;
const MINUTE_MS = 60_000;
/** Addresses tracked in one minute, at most: past it (a flood from everywhere), new addresses are not limited that minute. */
const MAX_ADDRESSES = 100_000;

/**
 * A per-address limit kept in this process's memory: a view is worth less than a database round trip,
 * so the shared counters of the forms' limits (rate_limits) are not used. Each instance limits on its own.
 */
export function createViewLimiter(clock: () => Date, perMinute = VIEWS_PER_ADDRESS_PER_MINUTE) {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    /** 0: allowed; otherwise the milliseconds until the address may send again. */
    hit(address: string): number {
      const now = clock().getTime();
      if (now - windowStart >= MINUTE_MS) {
        windowStart = now;
        counts = new Map();
      }
      const count = (counts.get(address) ?? 0) + 1;
      if (count > 1 && count > perMinute) return windowStart + MINUTE_MS - now;
      if (counts.size < MAX_ADDRESSES || counts.has(address)) counts.set(address, count);
      return 0;
    },
  };
}
