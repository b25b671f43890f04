import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { displayName } from "../../../contract/team.ts";
import {
  passwordConfirm,
  teamSettingsUpdate,
  totpConfirm,
  type RecoveryCodes,
  type TeamSettings,
  type TotpSetup,
  type TwoFactorStatus,
} from "../../../contract/two-factor.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { sendTooManyRequests } from "../../lib/too-many-requests.ts";
import { newTotpSecret, totpEnrolment, totpStepOf } from "../../lib/totp.ts";
import { activityActor } from "../../plugins/app/admin-sessions.ts";

// The signed-in user's second factors (issue 23), and the team's rule that everyone must have one.
//   GET    /api/admin/two-factor                  TwoFactorStatus
//   POST   /api/admin/two-factor/totp             a new secret for the app (off until confirmed)
//   POST   /api/admin/two-factor/totp/confirm     {code}: on; answers ten recovery codes, shown once
//   DELETE /api/admin/two-factor/totp             {password}: off (the recovery codes end too)
//   POST   /api/admin/two-factor/recovery-codes   {password}: ten new codes, the old ones end
//   GET    /api/admin/team-settings               TeamSettings (everyone)
//   PATCH  /api/admin/team-settings               owner: require a second factor of everyone
// A user whose team requires a second factor reaches these before anything else (plugins/app/admin-sessions.ts).

const WRONG_PASSWORD = "The password is not right.";

export default async function adminTwoFactorRoutes(app: FastifyInstance) {
  const { secondFactors, passkeys, users, activity } = app.repositories;
  const { requireAdmin, requireOwner } = app.adminSessions;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/api/admin/two-factor", { preHandler: requireAdmin }, async (request): Promise<TwoFactorStatus> => {
    const userId = request.admin!.userId;
    const [totp, recoveryCodesLeft, keys, team] = await Promise.all([secondFactors.totpOf(userId), secondFactors.recoveryCodesLeft(userId), passkeys.listOf(userId), secondFactors.teamSettings()]);
    return { totp: totp?.enabled === true, recoveryCodesLeft: totp?.enabled ? recoveryCodesLeft : 0, passkeys: keys, required: team.requireSecondFactor };
  });

  app.post("/api/admin/two-factor/totp", { preHandler: requireAdmin }, async (request, reply): Promise<TotpSetup> => {
    const admin = request.admin!;
    if ((await secondFactors.totpOf(admin.userId))?.enabled) return reply.code(409).send({ message: "The authenticator app is on already. Turn it off first to move to another app." });
    const secret = newTotpSecret();
    await secondFactors.startTotp(admin.userId, secret);
    return { secret, ...totpEnrolment(secret, admin.username, app.config.delivery.business.companyName) };
  });

  app.post("/api/admin/two-factor/totp/confirm", { preHandler: requireAdmin }, async (request, reply): Promise<RecoveryCodes> => {
    const { code } = parseInput(totpConfirm, request.body, "Please enter the 6-digit code.");
    const admin = request.admin!;
    const totp = await secondFactors.totpOf(admin.userId);
    if (!totp) return reply.code(409).send({ message: "Start the authenticator app's setup first." });
    if (totp.enabled) return reply.code(409).send({ message: "The authenticator app is on already." });
    const step = totpStepOf(totp.secret, code, app.clock());
    if (step === null || !(await secondFactors.useTotpStep(admin.userId, step))) {
      const message = "That code is not right. Check that the app shows this account, and that the phone's clock is right.";
      return reply.code(400).send({ message, errors: { code: message } });
    }
    const codes = await secondFactors.confirmTotp(admin.userId);
    await activity.record({ actor: activityActor(admin), kind: "user", summary: "turned on an authenticator app", subjectUserId: admin.userId });
    return { codes };
  });

  /**
   * The current password confirms turning a factor off or renewing the codes: a left-open session is not
   * enough. Wrong ones count like the password change's (per admin). Answers whether to go on; when not,
   * the refusal (429 or 400) has been sent.
   */
  async function passwordConfirmed(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const { password } = parseInput(passwordConfirm, request.body, "Please enter your password.");
    const userId = request.admin!.userId;
    const wait = await app.accountThrottle.passwordChangeAttempt(userId);
    if (wait !== null) {
      await sendTooManyRequests(reply, wait, "Too many wrong passwords.");
      return false;
    }
    const user = await users.findById(userId);
    if (!user || !(await verifyPassword(password, user.passwordHash))) {
      await reply.code(400).send({ message: WRONG_PASSWORD, errors: { password: WRONG_PASSWORD } });
      return false;
    }
    await app.accountThrottle.passwordChangeSucceeded(userId);
    return true;
  }

  app.delete("/api/admin/two-factor/totp", { preHandler: requireAdmin }, async (request, reply) => {
    if (!(await passwordConfirmed(request, reply))) return reply;
    const admin = request.admin!;
    if ((await secondFactors.teamSettings()).requireSecondFactor && (await passkeys.countOf(admin.userId)) === 0) {
      return reply.code(409).send({ message: "Your team requires a second factor: add a passkey before you turn the app off." });
    }
    await secondFactors.disableTotp(admin.userId);
    await activity.record({ actor: activityActor(admin), kind: "user", summary: "turned off the authenticator app", subjectUserId: admin.userId });
    return reply.code(204).send();
  });

  app.post("/api/admin/two-factor/recovery-codes", { preHandler: requireAdmin }, async (request, reply): Promise<RecoveryCodes> => {
    if (!(await passwordConfirmed(request, reply))) return reply;
    const admin = request.admin!;
    if (!(await secondFactors.totpOf(admin.userId))?.enabled) return reply.code(409).send({ message: "Recovery codes come with the authenticator app: turn it on first." });
    const codes = await secondFactors.newRecoveryCodes(admin.userId);
    await activity.record({ actor: activityActor(admin), kind: "user", summary: "made new recovery codes (the old ones stopped working)", subjectUserId: admin.userId });
    return { codes };
  });

  app.get("/api/admin/team-settings", { preHandler: requireAdmin }, async (): Promise<TeamSettings> => secondFactors.teamSettings());

  app.patch("/api/admin/team-settings", { preHandler: requireOwner }, async (request, reply): Promise<TeamSettings> => {
    const { requireSecondFactor } = parseInput(teamSettingsUpdate, request.body, "Invalid team settings.");
    const admin = request.admin!;
    // Whoever turns it on must not be the first one it locks out.
    if (requireSecondFactor && !(await secondFactors.hasSecondFactor(admin.userId))) {
      return reply.code(409).send({ message: "Set up a second factor for yourself first (Account › Security), then require it of everyone." });
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
