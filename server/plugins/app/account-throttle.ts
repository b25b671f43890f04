import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createSessionToken, hashSessionToken } from "../../lib/session-tokens.ts";
import { normalizeUsername } from "../../repositories/users-repository.ts";

// Per-account limits that hold whatever address the attempts come from (docs/decisions/011-throttling.md):
// - failed sign-ins per account, for every username tried (known or not, so a 429 tells nothing);
//   past the limit only a device that has signed in to that account before may try, so a
//   distributed guesser is stopped without locking the owner out;
// - wrong current passwords per admin on the password change.
// Each attempt is counted before the password is checked (one atomic upsert), so parallel guesses
// cannot slip past the limit; a success clears the count again.

export type AccountThrottle = {
  /** Counts a sign-in attempt for `username`; the wait in ms when it must be refused, else null. */
  signInAttempt(request: FastifyRequest, username: string): Promise<number | null>;
  /** A sign-in succeeded: clears the account's failures and remembers this device. */
  signInSucceeded(request: FastifyRequest, reply: FastifyReply, user: { userId: string; username: string }): Promise<void>;
  /** Counts a password change attempt of the admin; the wait in ms when it must be refused, else null. */
  passwordChangeAttempt(userId: string): Promise<number | null>;
  passwordChangeSucceeded(userId: string): Promise<void>;
};

/** A known device stays known this long after its last sign-in. */
const KNOWN_DEVICE_MS = 365 * 24 * 60 * 60 * 1000;

/** Usernames are hashed in counter keys: people type passwords into the e-mail field, too. */
function signInKey(username: string): string {
  return `sign-in-failures|${createHash("sha256").update(normalizeUsername(username)).digest("hex")}`;
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
    async function overLimit(key: string): Promise<number | null> {
      const now = app.clock();
      const { count, resetAt } = await rateLimits.hit(key, account.windowMs, now);
      return count > account.max ? Date.parse(resetAt) - now.getTime() : null;
    }

    function deviceTokenHash(request: FastifyRequest): string | null {
      const token = request.cookies[deviceCookie];
      return token ? hashSessionToken(token) : null;
    }

    const throttle: AccountThrottle = {
      async signInAttempt(request, username) {
        if (!enabled) return null;
        const wait = await overLimit(signInKey(username));
        if (wait === null) return null;
        const device = deviceTokenHash(request);
        if (device && (await knownDevices.isKnown(device, normalizeUsername(username), app.clock()))) return null;
        request.log.warn("sign-in refused: too many failed sign-ins for this account");
        return wait;
      },

      async signInSucceeded(request, reply, user) {
        if (!enabled) return;
        await rateLimits.reset(signInKey(user.username));
        // A fresh device token at every sign-in, like the session token; the old one is ended.
        const previous = deviceTokenHash(request);
        if (previous) await knownDevices.delete(previous);
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
    };
    app.decorate("accountThrottle", throttle);
  },
  { name: "account-throttle", dependencies: ["repositories"] },
);
