import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createSessionToken, hashSessionToken } from "../../lib/session-tokens.ts";
import { normalizeUsername } from "../../repositories/users/users-repository.ts";

// Per-account limits that hold whatever address the attempts come from (docs/decisions/011-throttling.md):
// - failed sign-ins per account, for every username tried (known or not, so a 429 tells nothing);
//   past the limit only a device that has signed in to that account before may try, up to
//   KNOWN_DEVICE_FACTOR times the limit more (per device and account, so a stolen device cookie is
//   bounded too), so a distributed guesser is stopped without locking the owner out;
// - wrong current passwords per admin on the password change;
// - wrong codes at the sign-in's second step per account, apart from passwords and slower (SECOND_STEP_MAX
//   per SECOND_STEP_WINDOW_MS): a six-digit code is guessed far sooner than a password, and codes counted
//   with passwords let a guesser lock the owner out of every new browser (issue 32).
// Each attempt is counted before the password is checked (one atomic upsert), so parallel guesses
// cannot slip past the limit; a success clears the count again.

export type AccountThrottle = {
  /**
   * Counts a sign-in attempt for `username`: the wait in ms when it must be refused, else whether it
   * comes from a known device of that account (its password check goes ahead of others').
   */
  signInAttempt(
    request: FastifyRequest,
    username: string,
  ): Promise<{ refusedForMs: number } | { knownDevice: boolean }>;
  /** Whether the request carries a device cookie at all (unchecked: the check is a lookup). */
  hasDeviceCookie(request: FastifyRequest): boolean;
  /** A sign-in succeeded: clears the account's failures and remembers this device. */
  signInSucceeded(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { userId: string; username: string },
  ): Promise<void>;
  /** Counts a password change attempt of the admin; the wait in ms when it must be refused, else null. */
  passwordChangeAttempt(userId: string): Promise<number | null>;
  passwordChangeSucceeded(userId: string): Promise<void>;
  /** Counts a code tried at the sign-in's second step for the account; when refused, the wait in ms and when the next try is allowed. */
  secondStepAttempt(userId: string): Promise<{ refusedForMs: number; retryAt: string } | null>;
  /** A right code outside a sign-in (a re-confirmation): the account's count of codes starts again. */
  secondStepSucceeded(userId: string): Promise<void>;
};

/** Codes tried at the second step per account per window: at 5 per 15 minutes a year of guessing finds a code about 1 % of the time. */
export const SECOND_STEP_MAX = 5;
export const SECOND_STEP_WINDOW_MS = 15 * 60 * 1000;

function secondStepKey(userId: string): string {
  return `second-step-failures|${userId}`;
}

/** A known device stays known this long after its last sign-in. */
const KNOWN_DEVICE_MS = 365 * 24 * 60 * 60 * 1000;

/** Past the account's limit a known device may fail this many times the limit more, in the same window. */
export const KNOWN_DEVICE_FACTOR = 5;

/** Usernames are hashed in counter keys: people type passwords into the e-mail field, too. */
function usernameHash(username: string): string {
  return createHash("sha256").update(normalizeUsername(username)).digest("hex");
}

function signInKey(username: string): string {
  return `sign-in-failures|${usernameHash(username)}`;
}

/** A known device's own failures on one account, counted once the account is past its limit. */
function deviceSignInKey(deviceTokenHash: string, username: string): string {
  return `sign-in-device-failures|${deviceTokenHash}|${usernameHash(username)}`;
}

function passwordChangeKey(userId: string): string {
  return `password-change-failures|${userId}`;
}

export default fp(
  async (app) => {
    const { enabled, account } = app.config.rateLimit;
    const { rateLimits, knownDevices } = app.repositories;
    const deviceCookie = `${app.config.session.cookieName}_device`;
    const cookiePath = "/api/admin";

    /** Counts one attempt on `key`; the wait until the window ends when it is over the limit. */
    async function overLimit(key: string, max = account.max): Promise<number | null> {
      const now = app.clock();
      const { count, resetAt } = await rateLimits.hit(key, account.windowMs, now);
      return count > max ? Date.parse(resetAt) - now.getTime() : null;
    }

    function deviceTokenHash(request: FastifyRequest): string | null {
      const token = request.cookies[deviceCookie];
      return token ? hashSessionToken(token) : null;
    }

    const throttle: AccountThrottle = {
      hasDeviceCookie: (request) => enabled && Boolean(request.cookies[deviceCookie]),

      async signInAttempt(request, username) {
        if (!enabled) return { knownDevice: false };
        const wait = await overLimit(signInKey(username));
        const device = deviceTokenHash(request);
        const knownDevice =
          device !== null && (await knownDevices.isKnown(device, normalizeUsername(username), app.clock()));
        if (wait === null) return { knownDevice };
        if (knownDevice) {
          // A higher limit, not none: a stolen device cookie guesses a bounded number of times too.
          const deviceWait = await overLimit(deviceSignInKey(device, username), account.max * KNOWN_DEVICE_FACTOR);
          if (deviceWait === null) return { knownDevice };
          request.log.warn("sign-in refused: too many failed sign-ins from this device for this account");
          // Either window's end lets this device try again.
          return { refusedForMs: Math.min(wait, deviceWait) };
        }
        request.log.warn("sign-in refused: too many failed sign-ins for this account");
        return { refusedForMs: wait };
      },

      async signInSucceeded(request, reply, user) {
        if (!enabled) return;
        await rateLimits.reset(signInKey(user.username));
        await rateLimits.reset(secondStepKey(user.userId));
        // A fresh device token at every sign-in, like the session token; the old one is ended.
        const previous = deviceTokenHash(request);
        if (previous) {
          await knownDevices.delete(previous);
          await rateLimits.reset(deviceSignInKey(previous, user.username));
        }
        const token = createSessionToken();
        await knownDevices.create({
          tokenHash: hashSessionToken(token),
          userId: user.userId,
          expiresAt: new Date(app.clock().getTime() + KNOWN_DEVICE_MS),
        });
        reply.setCookie(deviceCookie, token, {
          path: cookiePath,
          httpOnly: true,
          sameSite: "strict",
          secure: request.protocol === "https",
          maxAge: Math.floor(KNOWN_DEVICE_MS / 1000),
        });
      },

      async passwordChangeAttempt(userId) {
        if (!enabled) return null;
        return overLimit(passwordChangeKey(userId));
      },

      async passwordChangeSucceeded(userId) {
        if (!enabled) return;
        await rateLimits.reset(passwordChangeKey(userId));
      },

      async secondStepSucceeded(userId) {
        if (!enabled) return;
        await rateLimits.reset(secondStepKey(userId));
      },

      async secondStepAttempt(userId) {
        if (!enabled) return null;
        const now = app.clock();
        const { count, resetAt } = await rateLimits.hit(secondStepKey(userId), SECOND_STEP_WINDOW_MS, now);
        return count > SECOND_STEP_MAX ? { refusedForMs: Date.parse(resetAt) - now.getTime(), retryAt: resetAt } : null;
      },
    };
    app.decorate("accountThrottle", throttle);
  },
  { name: "account-throttle", dependencies: ["repositories"] },
);
