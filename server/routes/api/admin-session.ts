import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { adminLoginInput, passwordChange, type AdminStatus } from "../../../contract/admin.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { displayName } from "../../../contract/team.ts";
import { activityActor, type Admin } from "../../plugins/app/admin-sessions.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { hashSessionToken } from "../../lib/session-tokens.ts";
import { sendTooManyRequests } from "../../lib/too-many-requests.ts";
import { WorkLimiterBusyError } from "../../lib/work-limiter.ts";
import { loginRateLimit } from "./rate-limits.ts";

/** A refused sign-in may come back this soon: the queue holds at most a couple of seconds of work. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** Under a flood, one warning per this long (with the count) rather than one per refused attempt. */
const BUSY_LOG_INTERVAL_MS = 10_000;

function statusOf(admin: Admin): AdminStatus {
  return { authenticated: true, username: admin.username, user: { id: admin.userId, role: admin.role, name: admin.name } };
}

export default async function adminSessionRoutes(app: FastifyInstance) {
  const sessions = app.adminSessions;
  const throttle = app.accountThrottle;
  const { users } = app.repositories;

  let refusedSinceLog = 0;
  let lastBusyLogAt = -Infinity;
  /** The server is busy, not this client over a limit: 503, and nothing was hashed. */
  function sendBusy(request: FastifyRequest, reply: FastifyReply, reason: WorkLimiterBusyError["reason"]) {
    refusedSinceLog += 1;
    // Wall time, not app.clock: it paces a log line, not a rule a client meets.
    const now = Date.now();
    if (now - lastBusyLogAt >= BUSY_LOG_INTERVAL_MS) {
      request.log.warn({ reason, refused: refusedSinceLog }, "sign-in refused: too many password checks at once");
      refusedSinceLog = 0;
      lastBusyLogAt = now;
    }
    return reply
      .code(503)
      .header("retry-after", String(BUSY_RETRY_AFTER_SECONDS))
      .send({ message: "Too many sign-ins at this moment. Please try again in a few seconds." });
  }

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  // Under a flood a refusal must cost less than the hash it saves: with the queue full, an attempt that
  // cannot ask for priority is refused first thing (this route hook runs before the per-address limit's
  // database count), before any counter, account or body is looked at.
  const refuseWhenBusy = async (request: FastifyRequest, reply: FastifyReply) => {
    if (app.signInWork.full() && !throttle.hasDeviceCookie(request)) return sendBusy(request, reply, "queue full");
  };

  app.post("/api/admin/login", { onRequest: refuseWhenBusy, config: loginRateLimit(app.config) }, async (request, reply) => {
    const { username, password } = parseInput(adminLoginInput, request.body, "Please enter both email and password.");
    // Refused before the password is checked, so a 429 says nothing about the password.
    const attempt = await throttle.signInAttempt(request, username);
    if ("refusedForMs" in attempt) {
      return sendTooManyRequests(reply, attempt.refusedForMs, "Too many failed sign-ins for this account. Sign in from a browser you have used before, or wait.");
    }
    let admin;
    try {
      admin = await sessions.login(request, reply, username, password, { priority: attempt.knownDevice });
    } catch (error) {
      // The bound on hashing work is full (docs/decisions/032-sign-in-work-bound.md): the server is
      // busy, not this client over a limit, so 503; nothing was hashed.
      if (!(error instanceof WorkLimiterBusyError)) throw error;
      return sendBusy(request, reply, error.reason);
    }
    if (!admin) {
      request.log.info("admin sign-in refused");
      // The account's own record when the address has one; never the text typed for an unknown one
      // (people type passwords into the e-mail field).
      const account = await users.findByUsername(username);
      await app.repositories.activity.record(
        account
          ? { actor: { userId: account.id, name: displayName({ name: account.name, email: account.username }) }, kind: "sign-in-failed", summary: account.deactivatedAt ? "failed to sign in (the account is deactivated)" : "failed to sign in (wrong password)", subjectUserId: account.id }
          : { actor: null, kind: "sign-in-failed", summary: "Failed sign-in for an unknown address" },
      );
      return reply.code(401).send({ message: "Invalid email or password" });
    }
    await throttle.signInSucceeded(request, reply, admin);
    await app.repositories.activity.record({ actor: activityActor(admin), kind: "sign-in", summary: "signed in with a password", subjectUserId: admin.userId, data: { method: "password" } });
    return statusOf(admin);
  });

  app.post("/api/admin/logout", async (request, reply) => {
    await sessions.logout(request, reply);
    return { authenticated: false, username: null } satisfies AdminStatus;
  });

  app.get("/api/admin/status", async (request, reply) => {
    const admin = await sessions.current(request, reply);
    return admin ? statusOf(admin) : ({ authenticated: false, username: null } satisfies AdminStatus);
  });

  // The signed-in admin changes their password (contract/admin.ts passwordChange): the current session
  // stays, every other one of the account ends. Limited per address like the sign-in, and per admin: a
  // stolen session must not become a way to guess the current password (wrong ones count like failed
  // sign-ins).
  app.post("/api/admin/password", { preHandler: sessions.requireAdmin, config: loginRateLimit(app.config) }, async (request, reply) => {
    const input = parseInput(passwordChange, request.body, "Please correct the highlighted fields.");
    const admin = request.admin!;
    const wait = await throttle.passwordChangeAttempt(admin.userId);
    if (wait !== null) return sendTooManyRequests(reply, wait, "Too many wrong current passwords.");
    const user = await users.findById(admin.userId);
    if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
      return reply.code(400).send({ message: "The current password is not right.", errors: { currentPassword: "The current password is not right." } });
    }
    await throttle.passwordChangeSucceeded(user.id);
    const token = request.cookies[app.config.session.cookieName]!;
    await users.setPassword(user.id, await hashPassword(input.newPassword), hashSessionToken(token));
    request.log.info({ userId: user.id }, "admin password changed; other sessions ended");
    return reply.code(204).send();
  });
}
