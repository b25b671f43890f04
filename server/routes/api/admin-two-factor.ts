import type { FastifyInstance, FastifyReply } from "fastify";
import { displayName } from "../../../contract/team.ts";
import {
  factorUserParams,
  identityConfirm,
  teamSettingsUpdate,
  totpConfirm,
  WRONG_CODE_MESSAGE,
  type RecoveryCodes,
  type SecondFactorsRemoved,
  type TeamSettings,
  type TotpSetup,
  type TwoFactorStatus,
} from "../../../contract/two-factor.ts";
import { sendHashBusy, verifyWithinSignInBound } from "../../lib/bounded-hash.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { sendSecondStepLimited, sendTooManyRequests } from "../../lib/too-many-requests.ts";
import { newTotpSecret, totpEnrolment, totpStepOf } from "../../lib/totp.ts";
import { activityActor, adminOf } from "../../plugins/app/admin-sessions.ts";
import { factorChangeNotice, requireFreshProof } from "./factor-change.ts";
import { loginRateLimit } from "./rate-limits.ts";

// The signed-in user's second factors (issue 23), and the team's rule that everyone must have one.
//   GET    /api/admin/two-factor                   TwoFactorStatus
//   POST   /api/admin/two-factor/confirm-identity  {password} or {code}: factor changes open for 5 minutes
//   POST   /api/admin/two-factor/totp              fresh proof: a new secret for the app (off until confirmed)
//   POST   /api/admin/two-factor/totp/confirm      fresh proof, {code}: on; answers ten recovery codes, shown once
//   DELETE /api/admin/two-factor/totp              fresh proof: off (the recovery codes end too)
//   POST   /api/admin/two-factor/recovery-codes    fresh proof: ten new codes, the old ones end
//   DELETE /api/admin/users/:id/second-factors     owner, fresh proof: removes a user's factors, ends their sessions
//   GET    /api/admin/team-settings                TeamSettings (everyone)
//   PATCH  /api/admin/team-settings                owner: require a second factor of everyone
// A user whose team requires a second factor reaches these before anything else (plugins/app/admin-sessions.ts);
// confirm-identity sits under /two-factor so that such a user can reach it too. "Fresh proof": the session's
// user proved who they are in the last five minutes (factor-change.ts, issue 32); every change e-mails them.

const WRONG_PASSWORD = "The password is not right.";

export default async function adminTwoFactorRoutes(app: FastifyInstance) {
  const { secondFactors, passkeys, users, activity } = app.repositories;
  const { requireAdmin, requireOwner } = app.adminSessions;
  const freshProof = requireFreshProof(app);

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/api/admin/two-factor", { preHandler: requireAdmin }, async (request): Promise<TwoFactorStatus> => {
    const { userId } = adminOf(request);
    const [totp, recoveryCodesLeft, keys, team] = await Promise.all([
      secondFactors.totpOf(userId),
      secondFactors.recoveryCodesLeft(userId),
      passkeys.listOf(userId),
      secondFactors.teamSettings(),
    ]);
    return {
      totp: totp?.enabled === true,
      recoveryCodesLeft: totp?.enabled ? recoveryCodesLeft : 0,
      passkeys: keys,
      required: team.requireSecondFactor,
    };
  });

  /** The refusal of a code that is not right (400: the session stays; it is not a sign-in). */
  const wrongCode = (reply: FastifyReply) =>
    reply.code(400).send({ message: WRONG_CODE_MESSAGE, errors: { code: WRONG_CODE_MESSAGE } });

  // The signed-in user proves who they are again. Wrong passwords count like the password change's (per
  // user); codes count with the sign-in's second step (per user, 5 per 15 minutes), so a stolen session is
  // no faster a way to guess either. A right one opens changes to the factors for five minutes.
  app.post(
    "/api/admin/two-factor/confirm-identity",
    { preHandler: requireAdmin, config: loginRateLimit(app.config) },
    async (request, reply) => {
      const input = parseInput(
        identityConfirm,
        request.body,
        "Please enter your password, or a code from your authenticator app.",
      );
      const admin = adminOf(request);
      if (input.password !== undefined) {
        const wait = await app.accountThrottle.passwordChangeAttempt(admin.userId);
        if (wait !== null) return sendTooManyRequests(reply, wait, "Too many wrong passwords.");
        const user = await users.findById(admin.userId);
        // The same bound on hashing work as the sign-in (decision 032): a flood of these cannot starve it.
        const valid = user ? await verifyWithinSignInBound(app, input.password, user.passwordHash) : false;
        if (valid === null) return sendHashBusy(reply);
        if (!valid) return reply.code(400).send({ message: WRONG_PASSWORD, errors: { password: WRONG_PASSWORD } });
        await app.accountThrottle.passwordChangeSucceeded(admin.userId);
      } else {
        const limited = await app.accountThrottle.secondStepAttempt(admin.userId);
        if (limited) return sendSecondStepLimited(reply, limited);
        const code = input.code!;
        const totp = await secondFactors.totpOf(admin.userId);
        if (!totp?.enabled) {
          const message = "You have no authenticator app on: enter your password instead.";
          return reply.code(400).send({ message, errors: { code: message } });
        }
        const step = totpStepOf(totp.secret, code.replace(/\s/g, ""), app.clock());
        const valid =
          step !== null
            ? await secondFactors.useTotpStep(admin.userId, step)
            : await secondFactors.useRecoveryCode(admin.userId, code);
        if (!valid) return wrongCode(reply);
        await app.accountThrottle.secondStepSucceeded(admin.userId);
      }
      await app.adminSessions.markProven(request);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/admin/two-factor/totp",
    { preHandler: [requireAdmin, freshProof] },
    async (request, reply): Promise<TotpSetup> => {
      const admin = adminOf(request);
      if ((await secondFactors.totpOf(admin.userId))?.enabled)
        return reply
          .code(409)
          .send({ message: "The authenticator app is on already. Turn it off first to move to another app." });
      const secret = newTotpSecret();
      await secondFactors.startTotp(admin.userId, secret);
      return { secret, ...totpEnrolment(secret, admin.username, app.config.delivery.business.companyName) };
    },
  );

  app.post(
    "/api/admin/two-factor/totp/confirm",
    { preHandler: [requireAdmin, freshProof] },
    async (request, reply): Promise<RecoveryCodes> => {
      const { code } = parseInput(totpConfirm, request.body, "Please enter the 6-digit code.");
      const admin = adminOf(request);
      const totp = await secondFactors.totpOf(admin.userId);
      if (!totp) return reply.code(409).send({ message: "Start the authenticator app's setup first." });
      if (totp.enabled) return reply.code(409).send({ message: "The authenticator app is on already." });
      const step = totpStepOf(totp.secret, code, app.clock());
      if (step === null || !(await secondFactors.useTotpStep(admin.userId, step))) {
        const message =
          "That code is not right. Check that the app shows this account, and that the phone's clock is right.";
        return reply.code(400).send({ message, errors: { code: message } });
      }
      const codes = await secondFactors.confirmTotp(
        admin.userId,
        factorChangeNotice(app, request, admin.username, { kind: "totp-on" }),
      );
      app.accountMail.wake();
      await activity.record({
        actor: activityActor(admin),
        kind: "user",
        summary: "turned on an authenticator app",
        subjectUserId: admin.userId,
      });
      return { codes };
    },
  );

  app.delete("/api/admin/two-factor/totp", { preHandler: [requireAdmin, freshProof] }, async (request, reply) => {
    const admin = adminOf(request);
    const methods = await app.adminSessions.secondFactorsOf(admin.userId);
    if (!methods.includes("totp")) return reply.code(409).send({ message: "The authenticator app is off already." });
    if ((await secondFactors.teamSettings()).requireSecondFactor && !methods.includes("passkey")) {
      return reply
        .code(409)
        .send({ message: "Your team requires a second factor: add a passkey before you turn the app off." });
    }
    await secondFactors.disableTotp(
      admin.userId,
      factorChangeNotice(app, request, admin.username, { kind: "totp-off" }),
    );
    app.accountMail.wake();
    await activity.record({
      actor: activityActor(admin),
      kind: "user",
      summary: "turned off the authenticator app",
      subjectUserId: admin.userId,
    });
    return reply.code(204).send();
  });

  app.post(
    "/api/admin/two-factor/recovery-codes",
    { preHandler: [requireAdmin, freshProof] },
    async (request, reply): Promise<RecoveryCodes> => {
      const admin = adminOf(request);
      if (!(await secondFactors.totpOf(admin.userId))?.enabled)
        return reply.code(409).send({ message: "Recovery codes come with the authenticator app: turn it on first." });
      const codes = await secondFactors.newRecoveryCodes(
        admin.userId,
        factorChangeNotice(app, request, admin.username, { kind: "recovery-codes" }),
      );
      app.accountMail.wake();
      await activity.record({
        actor: activityActor(admin),
        kind: "user",
        summary: "made new recovery codes (the old ones stopped working)",
        subjectUserId: admin.userId,
      });
      return { codes };
    },
  );

  // An owner removes a user's factors: one may have been added on a stolen session, or the user lost them
  // all. Their sessions end with them (the stolen one among them); they sign in with the password alone, and
  // a team that requires a second factor leads them to set one up again.
  app.delete(
    "/api/admin/users/:id/second-factors",
    { preHandler: [requireOwner, freshProof] },
    async (request, reply): Promise<SecondFactorsRemoved> => {
      const { id } = parseInput(factorUserParams, request.params, "Not a valid id.");
      const admin = adminOf(request);
      if (id === admin.userId)
        return reply.code(409).send({ message: "To change your own second factors, use Account › Security." });
      const user = await users.findById(id);
      if (!user) return reply.code(404).send({ message: "There is no such user (they may have been deleted)." });
      const who = displayName({ name: user.name, email: user.username });
      const actor = activityActor(admin);
      const removed = await secondFactors.removeAll(
        user.id,
        {
          actor,
          kind: "user",
          summary: `removed ${who}'s second factors (their sessions ended)`,
          subjectUserId: user.id,
        },
        factorChangeNotice(app, request, user.username, { kind: "factors-removed", by: actor.name }),
      );
      app.accountMail.wake();
      request.log.info({ userId: user.id, ...removed }, "an owner removed a user's second factors");
      return removed;
    },
  );

  app.get("/api/admin/team-settings", { preHandler: requireAdmin }, async (): Promise<TeamSettings> =>
    secondFactors.teamSettings(),
  );

  app.patch("/api/admin/team-settings", { preHandler: requireOwner }, async (request, reply): Promise<TeamSettings> => {
    const { requireSecondFactor } = parseInput(teamSettingsUpdate, request.body, "Invalid team settings.");
    const admin = adminOf(request);
    // Whoever turns it on must not be the first one it locks out.
    if (requireSecondFactor && (await app.adminSessions.secondFactorsOf(admin.userId)).length === 0) {
      return reply.code(409).send({
        message: "Set up a second factor for yourself first (Account › Security), then require it of everyone.",
      });
    }
    await secondFactors.setRequireSecondFactor(requireSecondFactor);
    await activity.record({
      actor: activityActor(admin),
      kind: "settings",
      summary: requireSecondFactor ? "required a second factor of everyone" : "stopped requiring a second factor",
      data: { by: displayName({ name: admin.name, email: admin.username }) },
    });
    return { requireSecondFactor };
  });
}
