import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { adminLoginInput, passwordChange, type AdminStatus } from "../../../contract/admin.ts";
import { hashWithinSignInBound, sendHashBusy, verifyWithinSignInBound } from "../../lib/bounded-hash.ts";
import { displayName } from "../../../contract/team.ts";
import {
  SECOND_STEP_EXPIRED_MESSAGE,
  WRONG_CODE_MESSAGE,
  secondFactorCode,
  type SecondFactorStep,
} from "../../../contract/two-factor.ts";
import { totpStepOf } from "../../lib/totp.ts";
import { verificationState } from "../../repositories/users/verifications.ts";
import { adminOf, statusOf } from "../../plugins/app/admin-sessions.ts";
import { parseInput, parseInputAsync } from "../../lib/request-errors.ts";
import { hashSessionToken } from "../../lib/session-tokens.ts";
import { sendSecondStepLimited, sendTooManyRequests } from "../../lib/too-many-requests.ts";
import { WorkLimiterBusyError } from "../../lib/work-limiter.ts";
import { loginRateLimit } from "./rate-limits.ts";

/** Under a flood, one warning per this long (with the count) rather than one per refused attempt. */
const BUSY_LOG_INTERVAL_MS = 10_000;

/** How long the sign-in's second step may take (its single-use token lives in secondStepCookie). */
const SECOND_STEP_TTL_MS = 5 * 60 * 1000;
export const secondStepCookie = "agency_second_step";

/** The user whose password was right in this browser less than five minutes ago, with the step's token. */
export async function pendingSecondStep(app: FastifyInstance, request: FastifyRequest) {
  const token = request.cookies[secondStepCookie];
  if (!token || token.length > 100) return null;
  const row = await app.repositories.verifications.find("second-factor", token);
  if (!row?.userId || verificationState(row, app.clock()) !== "pending") return null;
  const user = await app.repositories.users.findById(row.userId);
  if (!user || user.deactivatedAt !== null) return null;
  return { token, user };
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
    return sendHashBusy(reply);
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

  app.post(
    "/api/admin/login",
    { onRequest: refuseWhenBusy, config: loginRateLimit(app.config) },
    async (request, reply) => {
      const { username, password } = parseInput(adminLoginInput, request.body, "Please enter both email and password.");
      // Refused before the password is checked, so a 429 says nothing about the password.
      const attempt = await throttle.signInAttempt(request, username);
      if ("refusedForMs" in attempt) {
        return sendTooManyRequests(
          reply,
          attempt.refusedForMs,
          "Too many failed sign-ins for this account. Sign in from a browser you have used before, or wait.",
        );
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
            ? {
                actor: { userId: account.id, name: displayName({ name: account.name, email: account.username }) },
                kind: "sign-in-failed",
                summary: account.deactivatedAt
                  ? "failed to sign in (the account is deactivated)"
                  : "failed to sign in (wrong password)",
                subjectUserId: account.id,
              }
            : { actor: null, kind: "sign-in-failed", summary: "Failed sign-in for an unknown address" },
        );
        return reply.code(401).send({ message: "Invalid email or password" });
      }
      if ("secondFactorFor" in admin) {
        // The password was right; the sign-in's second step proves the rest. The account's failure count
        // stays until then; codes guessed at the next step have a limit of their own.
        const user = admin.secondFactorFor;
        const step = await app.repositories.verifications.create({
          type: "second-factor",
          ttlMs: SECOND_STEP_TTL_MS,
          userId: user.id,
        });
        reply.setCookie(secondStepCookie, step.token, {
          path: "/api/admin",
          httpOnly: true,
          sameSite: "strict",
          secure: request.protocol === "https",
          maxAge: SECOND_STEP_TTL_MS / 1000,
        });
        return {
          authenticated: false,
          username: null,
          secondFactor: { methods: user.methods },
        } satisfies SecondFactorStep;
      }
      return admin;
    },
  );

  // The sign-in's second step: a code from the authenticator app, or a recovery code. (A passkey's assertion
  // goes to POST /api/admin/passkeys/sign-in, which reads the same step.)
  app.post("/api/admin/login/second-factor", { config: loginRateLimit(app.config) }, async (request, reply) => {
    const { code } = parseInput(secondFactorCode, request.body, "Please enter the code.");
    const pending = await pendingSecondStep(app, request);
    if (!pending) return reply.code(401).send({ message: SECOND_STEP_EXPIRED_MESSAGE });
    const { user } = pending;
    // Counted before the code is checked, per account and apart from passwords (plugins/app/account-throttle.ts):
    // codes are slowed far more than passwords, and guessing them never locks the password step.
    const limited = await throttle.secondStepAttempt(user.id);
    if (limited) return sendSecondStepLimited(reply, limited);
    const factors = app.repositories.secondFactors;
    let method: "password+totp" | "password+recovery-code" | null = null;
    const totp = await factors.totpOf(user.id);
    if (totp?.enabled) {
      const step = totpStepOf(totp.secret, code.replace(/\s/g, ""), app.clock());
      if (step !== null && (await factors.useTotpStep(user.id, step))) method = "password+totp";
      else if (step === null && (await factors.useRecoveryCode(user.id, code))) method = "password+recovery-code";
    }
    if (!method) {
      const actor = { userId: user.id, name: displayName({ name: user.name, email: user.username }) };
      await app.repositories.activity.record({
        actor,
        kind: "sign-in-failed",
        summary: "failed the second step of a sign-in (wrong code)",
        subjectUserId: user.id,
      });
      return reply.code(401).send({ message: WRONG_CODE_MESSAGE, errors: { code: WRONG_CODE_MESSAGE } });
    }
    // One conditional update: the step is spent once, whatever else raced it.
    if (!(await app.repositories.verifications.consume("second-factor", pending.token)))
      return reply.code(401).send({ message: SECOND_STEP_EXPIRED_MESSAGE });
    reply.clearCookie(secondStepCookie, { path: "/api/admin" });
    const left = method === "password+recovery-code" ? await factors.recoveryCodesLeft(user.id) : null;
    return sessions.completeSignIn(request, reply, user, method, left !== null ? { detail: `${left} left` } : {});
  });

  app.post("/api/admin/logout", async (request, reply) => {
    await sessions.logout(request, reply);
    return { authenticated: false, username: null } satisfies AdminStatus;
  });

  app.get("/api/admin/status", async (request) => {
    const admin = await sessions.current(request);
    return admin ? statusOf(admin) : ({ authenticated: false, username: null } satisfies AdminStatus);
  });

  // The signed-in admin changes their password (contract/admin.ts passwordChange): the current session
  // stays, every other one of the account ends. Limited per address like the sign-in, and per admin: a
  // stolen session must not become a way to guess the current password (wrong ones count like failed
  // sign-ins).
  app.post(
    "/api/admin/password",
    { preHandler: sessions.requireAdmin, config: loginRateLimit(app.config) },
    async (request, reply) => {
      const input = await parseInputAsync(passwordChange, request.body, "Please correct the highlighted fields.");
      const admin = adminOf(request);
      const wait = await throttle.passwordChangeAttempt(admin.userId);
      if (wait !== null) return sendTooManyRequests(reply, wait, "Too many wrong current passwords.");
      const user = await users.findById(admin.userId);
      // Both hashes wait their turn in the sign-in work bound, like every other (issue 32, finding 5).
      const valid = user ? await verifyWithinSignInBound(app, input.currentPassword, user.passwordHash) : false;
      if (valid === null) return sendHashBusy(reply);
      if (!user || !valid) {
        return reply.code(400).send({
          message: "The current password is not right.",
          errors: { currentPassword: "The current password is not right." },
        });
      }
      await throttle.passwordChangeSucceeded(user.id);
      const newHash = await hashWithinSignInBound(app, input.newPassword);
      if (newHash === null) return sendHashBusy(reply);
      const token = request.cookies[app.config.session.cookieName]!;
      await users.setPassword(user.id, newHash, hashSessionToken(token));
      request.log.info({ userId: user.id }, "admin password changed; other sessions ended");
      return reply.code(204).send();
    },
  );
}
