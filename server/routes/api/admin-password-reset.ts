import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import {
  linkLookup,
  linkTokenOf,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  passwordResetComplete,
  passwordResetRequest,
  type PasswordResetLookup,
} from "../../../contract/team.ts";
import { hashWithinSignInBound, sendHashBusy } from "../../lib/bounded-hash.ts";
import { parseInput, parseInputAsync } from "../../lib/request-errors.ts";
import { sendTooManyRequests } from "../../lib/too-many-requests.ts";
import { normalizeUsername } from "../../repositories/users/users-repository.ts";
import { loginRateLimit } from "./rate-limits.ts";

// Password reset by e-mail (issue 23; issue 32): a single-use link that works one hour.
//   POST /api/admin/password-reset           {email}                            always the same 202
//   POST /api/admin/password-reset/lookup    {token}                            what the page shows
//   POST /api/admin/password-reset/complete  {token, password, removePasskeys?} the new password (204)
// The token travels in the link's fragment (/admin/reset-password#<token>) and in these bodies, never in a
// path, so no log line, Referer or metrics label holds it. A request answers before any mail is sent and
// does the same work for every address: it queues the request, and the account mails' worker makes the
// link only for an active account (server/plugins/app/account-mail.ts). The link is checked before the
// password is hashed, and the hash waits its turn in the sign-in work bound.
// Limited like the sign-in: per address (loginRateLimit), and per account address whatever the client's
// address (the same window and maximum as failed sign-ins), counted for unknown addresses too.

function requestKey(email: string): string {
  return `password-reset|${createHash("sha256").update(normalizeUsername(email)).digest("hex")}`;
}

const refusals = {
  unknown: { status: 404, message: "This link is not valid. Ask for a new one." },
  expired: { status: 410, message: "This link has expired (it works one hour). Ask for a new one." },
  used: { status: 410, message: "This link has been used already. Ask for a new one if you need to." },
  inactive: { status: 410, message: "This account cannot sign in any more." },
} as const;

export default async function adminPasswordResetRoutes(app: FastifyInstance) {
  const { passwordResets, rateLimits } = app.repositories;
  const { enabled, account } = app.config.rateLimit;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.post("/api/admin/password-reset", { config: loginRateLimit(app.config) }, async (request, reply) => {
    const { email } = parseInput(passwordResetRequest, request.body, "Please enter your e-mail address.");
    if (enabled) {
      const now = app.clock();
      const { count, resetAt } = await rateLimits.hit(requestKey(email), account.windowMs, now);
      if (count > account.max)
        return sendTooManyRequests(
          reply,
          Date.parse(resetAt) - now.getTime(),
          "Too many reset requests for this address. Please wait.",
        );
    }
    if (!app.config.delivery.mail || !app.mailer) {
      request.log.warn(
        "password reset asked, but mail is not configured: nothing sent (use npm run admin -- reset-password)",
      );
    } else {
      // Whether the address has an account is the worker's question, after this answer.
      await passwordResets.request(email);
      app.accountMail.wake();
    }
    return reply.code(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
  });

  app.post(
    "/api/admin/password-reset/lookup",
    { config: loginRateLimit(app.config) },
    async (request): Promise<PasswordResetLookup> => {
      const { token } = parseInput(linkLookup, request.body, "Open the whole link from the e-mail.");
      const { state, hasPasskeys } = await passwordResets.lookup(token);
      if (state === "pending") return { state, hasPasskeys };
      return { state: state === "revoked" ? "used" : state };
    },
  );

  app.post("/api/admin/password-reset/complete", { config: loginRateLimit(app.config) }, async (request, reply) => {
    // The link first: an unknown, used or expired one is refused before the password is read or hashed.
    const { token } = parseInput(linkTokenOf, request.body, "Open the whole link from the e-mail.");
    const { state } = await passwordResets.lookup(token);
    if (state !== "pending") {
      const refusal = refusals[state === "revoked" ? "used" : state];
      return reply.code(refusal.status).send({ message: refusal.message });
    }
    const { password, removePasskeys } = await parseInputAsync(
      passwordResetComplete,
      request.body,
      "Please correct the highlighted fields.",
    );
    const passwordHash = await hashWithinSignInBound(app, password);
    if (passwordHash === null) return sendHashBusy(reply);
    const done = await passwordResets.complete(token, passwordHash, { removePasskeys: removePasskeys === true });
    if (done.outcome !== "done") {
      const refusal = refusals[done.outcome === "gone" ? "used" : "inactive"];
      return reply.code(refusal.status).send({ message: refusal.message });
    }
    if (enabled) await rateLimits.reset(requestKey(done.user.username));
    request.log.info(
      { userId: done.user.id, removedPasskeys: done.removedPasskeys },
      "password reset; every session ended",
    );
    return reply.code(204).send();
  });
}
