import type { FastifyReply } from "fastify";
import { secondStepLimitMessage } from "../../contract/two-factor.ts";

// Every 429 of the API reads alike: a Retry-After header in whole seconds and a JSON message that
// says how long to wait (the per-address limits of plugins/external/rate-limit.ts and the
// per-account limits of plugins/app/account-throttle.ts).

export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}

export function tooManyRequestsMessage(waitMs: number, reason = "Too many requests."): string {
  const seconds = retryAfterSeconds(waitMs);
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return `${reason} Please try again in ${wait}.`;
}

export function sendTooManyRequests(reply: FastifyReply, waitMs: number, reason?: string) {
  return reply
    .code(429)
    .header("retry-after", String(retryAfterSeconds(waitMs)))
    .send({ message: tooManyRequestsMessage(waitMs, reason) });
}

/** 429 for an account whose codes at the sign-in's second step are over their limit: `retryAt` lets a page say when. */
export function sendSecondStepLimited(reply: FastifyReply, limited: { refusedForMs: number; retryAt: string }) {
  return reply
    .code(429)
    .header("retry-after", String(retryAfterSeconds(limited.refusedForMs)))
    .send({ message: secondStepLimitMessage(limited.refusedForMs), retryAt: limited.retryAt });
}
