import type { RateLimitOptions } from "@fastify/rate-limit";
import type { ServerConfig } from "../../config.ts";

type RouteRateLimit = { rateLimit?: RateLimitOptions };

// Per-route, per-address limits for @fastify/rate-limit (plugins/external/rate-limit.ts), keyed by
// client address (TRUST_PROXY decides which). The counters are database rows: every instance shares
// them and a restart keeps them. Per-account limits are plugins/app/account-throttle.ts.

export function formRateLimit(config: ServerConfig): RouteRateLimit {
  if (!config.rateLimit.enabled) return {};
  return { rateLimit: { max: config.rateLimit.forms.max, timeWindow: config.rateLimit.forms.windowMs } };
}

/** Sign-in attempts per address; the password change counts the same way, on its own counter. */
export function loginRateLimit(config: ServerConfig): RouteRateLimit {
  if (!config.rateLimit.enabled) return {};
  return { rateLimit: { max: config.rateLimit.login.max, timeWindow: config.rateLimit.login.windowMs } };
}

/**
 * Content-Security-Policy reports per address: a page that breaks its policy reports a few violations
 * per view (Chromium batches them), so 60 in 10 minutes covers a visitor reading many such pages; a
 * flood is cut off before its bodies are even read.
 */
export const CSP_REPORT_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 };

export function cspReportRateLimit(config: ServerConfig): RouteRateLimit {
  if (!config.rateLimit.enabled) return {};
  return { rateLimit: { max: CSP_REPORT_LIMIT.max, timeWindow: CSP_REPORT_LIMIT.windowMs } };
}
