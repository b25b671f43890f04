import type { RateLimitOptions } from "@fastify/rate-limit";
import type { ServerConfig } from "../../config.ts";

type RouteRateLimit = { rateLimit?: RateLimitOptions };

// Per-route limits for @fastify/rate-limit, keyed by client address (TRUST_PROXY decides which).
// The store is per process; several instances each count on their own.

export function formRateLimit(config: ServerConfig): RouteRateLimit {
  if (!config.rateLimit.enabled) return {};
  return { rateLimit: { max: config.rateLimit.forms.max, timeWindow: config.rateLimit.forms.windowMs } };
}

export function loginRateLimit(config: ServerConfig): RouteRateLimit {
  if (!config.rateLimit.enabled) return {};
  return { rateLimit: { max: config.rateLimit.login.max, timeWindow: config.rateLimit.login.windowMs } };
}
