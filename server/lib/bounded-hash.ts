import type { FastifyInstance, FastifyReply } from "fastify";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { WorkLimiterBusyError } from "./work-limiter.ts";

// Every password hash a request makes waits its turn in the sign-in work bound (app.signInWork,
// docs/decisions/032-sign-in-work-bound.md; issue 32, finding 5): a flood of invitation or reset posts
// costs refusals, not argon2id runs, and cannot slow the other pages.

/** A refused hash may come back this soon: the bound's queue holds at most a couple of seconds of work. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** The new password's hash, or null when the bound refused the work (nothing was hashed). */
export async function hashWithinSignInBound(app: FastifyInstance, password: string): Promise<string | null> {
  try {
    return await app.signInWork.run(() => hashPassword(password));
  } catch (error) {
    if (error instanceof WorkLimiterBusyError) return null;
    throw error;
  }
}

/** Whether the password matches the stored hash, or null when the bound refused the work (nothing was checked). */
export async function verifyWithinSignInBound(
  app: FastifyInstance,
  password: string,
  stored: string,
): Promise<boolean | null> {
  try {
    return await app.signInWork.run(() => verifyPassword(password, stored));
  } catch (error) {
    if (error instanceof WorkLimiterBusyError) return null;
    throw error;
  }
}

/** 503 with Retry-After: the server is busy, not this client wrong; nothing was changed. */
export function sendHashBusy(reply: FastifyReply) {
  return reply
    .code(503)
    .header("retry-after", String(BUSY_RETRY_AFTER_SECONDS))
    .send({ message: "Too many sign-ins at this moment. Please try again in a few seconds." });
}
