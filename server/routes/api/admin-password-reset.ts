import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import {
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PASSWORD_RESET_TTL_MS,
  displayName,
  passwordResetComplete,
  passwordResetRequest,
  type PasswordResetLookup,
} from "../../../contract/team.ts";
import type { Database } from "../../db/schema.ts";
import { failureForLog } from "../../delivery/failure-log.ts";
import { passwordResetMail } from "../../delivery/mail/team-mail.ts";
import { linkOrigin } from "../../lib/link-origin.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { sendTooManyRequests } from "../../lib/too-many-requests.ts";
import { recordActivity } from "../../repositories/activity/activity-repository.ts";
import { normalizeUsername } from "../../repositories/users/users-repository.ts";
import { verificationState } from "../../repositories/users/verifications.ts";
import { loginRateLimit } from "./rate-limits.ts";

// Password reset by e-mail (issue 23): a single-use link that works one hour.
//   POST /api/admin/password-reset          {email}     always the same 202: it never tells whether an address has an account
//   GET  /api/admin/password-reset/:token               what the page shows (pending, used, expired, unknown)
//   POST /api/admin/password-reset/:token   {password}  the new password; every session of the user ends (204)
// Limited like the sign-in: per address (loginRateLimit), and per account address whatever the client's
// address (the same window and maximum as failed sign-ins), counted for unknown addresses too.

const tokenParams = z.object({ token: z.string().min(20).max(100).regex(/^[A-Za-z0-9_-]+$/) });

function requestKey(email: string): string {
  return `password-reset|${createHash("sha256").update(normalizeUsername(email)).digest("hex")}`;
}

export default async function adminPasswordResetRoutes(app: FastifyInstance) {
  const { users, verifications, rateLimits, sessions } = app.repositories;
  const { enabled, account } = app.config.rateLimit;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.post("/api/admin/password-reset", { config: loginRateLimit(app.config) }, async (request, reply) => {
    const { email } = parseInput(passwordResetRequest, request.body, "Please enter your e-mail address.");
    if (enabled) {
      const now = app.clock();
      const { count, resetAt } = await rateLimits.hit(requestKey(email), account.windowMs, now);
      if (count > account.max) return sendTooManyRequests(reply, Date.parse(resetAt) - now.getTime(), "Too many reset requests for this address. Please wait.");
    }
    const user = await users.findByUsername(email);
    const { mail, business } = app.config.delivery;
    if (user && user.deactivatedAt === null) {
      if (!mail || !app.mailer) {
        request.log.warn("password reset asked, but mail is not configured: nothing sent (use npm run admin -- reset-password)");
      } else {
        const link = await app.db.transaction().execute(async (trx) => {
          // A new link replaces the previous one.
          await verifications.revokeAllOf(user.id, "password-reset", trx as Kysely<Database>);
          const created = await verifications.create({ type: "password-reset", ttlMs: PASSWORD_RESET_TTL_MS, userId: user.id }, trx as Kysely<Database>);
          await recordActivity(trx, [{ actor: null, kind: "user", summary: `a password reset link was sent to ${user.username}`, subjectUserId: user.id }], app.clock());
          return `${linkOrigin(app, request)}/admin/reset-password/${created.token}`;
        });
        try {
          await app.mailer.send(passwordResetMail({ from: mail.from, to: user.username, companyName: business.companyName, link, minutes: PASSWORD_RESET_TTL_MS / 60_000 }));
          request.log.info("password reset link sent");
        } catch (error) {
          request.log.warn({ failure: failureForLog(error) }, "password reset link not sent");
        }
      }
    }
    return reply.code(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
  });

  app.get("/api/admin/password-reset/:token", { config: loginRateLimit(app.config) }, async (request): Promise<PasswordResetLookup> => {
    const parsed = tokenParams.safeParse(request.params);
    const row = parsed.success ? await verifications.find("password-reset", parsed.data.token) : undefined;
    if (!row) return { state: "unknown" };
    const state = verificationState(row, app.clock());
    return { state: state === "revoked" ? "used" : state };
  });

  app.post("/api/admin/password-reset/:token", { config: loginRateLimit(app.config) }, async (request, reply) => {
    const parsed = tokenParams.safeParse(request.params);
    const { password } = parseInput(passwordResetComplete, request.body, "Please correct the highlighted fields.");
    if (!parsed.success) return reply.code(404).send({ message: "This link is not valid. Ask for a new one." });
    const passwordHash = await hashPassword(password);
    const used = await verifications.consume("password-reset", parsed.data.token);
    if (!used) {
      const row = await verifications.find("password-reset", parsed.data.token);
      const state = row ? verificationState(row, app.clock()) : "unknown";
      if (state === "expired") return reply.code(410).send({ message: "This link has expired (it works one hour). Ask for a new one." });
      if (state === "unknown") return reply.code(404).send({ message: "This link is not valid. Ask for a new one." });
      return reply.code(410).send({ message: "This link has been used already. Ask for a new one if you need to." });
    }
    const user = await users.findById(used.userId!);
    if (!user || user.deactivatedAt !== null) return reply.code(410).send({ message: "This account cannot sign in any more." });
    // Every session ends, this browser's too: the next sign-in uses the new password (and the second factor).
    await users.setPassword(user.id, passwordHash);
    await sessions.deleteAllOf(user.id);
    if (enabled) await rateLimits.reset(requestKey(user.username));
    await app.repositories.activity.record({
      actor: { userId: user.id, name: displayName({ name: user.name, email: user.username }) },
      kind: "user",
      summary: "set a new password with a reset link (every session ended)",
      subjectUserId: user.id,
    });
    request.log.info({ userId: user.id }, "password reset; every session ended");
    return reply.code(204).send();
  });
}
