import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { displayName } from "../../../contract/team.ts";
import { passkeyRegistration, passkeyRename, passkeySignIn } from "../../../contract/two-factor.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { activityActor } from "../../plugins/app/admin-sessions.ts";
import { verificationState } from "../../repositories/users/verifications.ts";
import { loginRateLimit } from "./rate-limits.ts";
import { pendingSecondStep, secondStepCookie } from "./admin-session.ts";

// Passkeys (WebAuthn, issue 23) with @simplewebauthn/server: as a second factor after the password, or as
// the whole sign-in (a discoverable credential proves who and that they are present). Every challenge is a
// single-use, five-minute row in `verifications` (stored hashed), spent when the browser's answer is checked.
//   POST   /api/admin/passkeys/registration-options   signed in: options to create a passkey
//   POST   /api/admin/passkeys                        signed in: {response, name?} stores it
//   PATCH  /api/admin/passkeys/:id                    {name}
//   DELETE /api/admin/passkeys/:id
//   POST   /api/admin/passkeys/sign-in-options        public: options to sign in (the second step's user's keys, or any)
//   POST   /api/admin/passkeys/sign-in                public: {response}: a session

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const idParams = z.object({ id: z.string().min(1).max(1400).regex(/^[A-Za-z0-9_-]+$/) });
const SIGN_IN_REFUSED = "That passkey could not sign you in. Try again, or use your password.";

export default async function adminPasskeyRoutes(app: FastifyInstance) {
  const { passkeys, verifications, activity, users, secondFactors } = app.repositories;
  const { requireAdmin } = app.adminSessions;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  /** The relying party is the site the admin is on: its host name, and its origin. */
  const relyingParty = (request: FastifyRequest) => ({ rpID: request.hostname.replace(/:\d+$/, ""), origin: `${request.protocol}://${request.host}` });

  /** Spends a challenge of this purpose (and user, when given): the check @simplewebauthn calls with the answer's challenge. */
  const spendChallenge = (purpose: string, userId: string | null) => async (challenge: string) => {
    const row = await verifications.consume("passkey-challenge", challenge, userId ? { userId } : {});
    return row !== undefined && (JSON.parse(row.data ?? "{}") as { purpose?: string }).purpose === purpose;
  };

  app.post("/api/admin/passkeys/registration-options", { preHandler: requireAdmin }, async (request) => {
    const admin = request.admin!;
    const { rpID } = relyingParty(request);
    const existing = await passkeys.credentialsOf(admin.userId);
    const options = await generateRegistrationOptions({
      rpName: app.config.delivery.business.companyName,
      rpID,
      userName: admin.username,
      userDisplayName: displayName({ name: admin.name, email: admin.username }),
      userID: new TextEncoder().encode(admin.userId),
      attestationType: "none",
      excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports as AuthenticatorTransport[] | undefined })),
      // Discoverable, so the passkey can be the whole sign-in; the device's own check when it has one.
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    await verifications.create({ type: "passkey-challenge", ttlMs: CHALLENGE_TTL_MS, userId: admin.userId, token: options.challenge, data: { purpose: "register" } });
    return options;
  });

  app.post("/api/admin/passkeys", { preHandler: requireAdmin }, async (request, reply) => {
    const { response, name } = parseInput(passkeyRegistration, request.body, "Invalid passkey.");
    const admin = request.admin!;
    const { rpID, origin } = relyingParty(request);
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: spendChallenge("register", admin.userId),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
    } catch (error) {
      request.log.info({ reason: error instanceof Error ? error.message : String(error) }, "passkey registration refused");
      return reply.code(400).send({ message: "The passkey could not be added. Please try again." });
    }
    if (!verification.verified) return reply.code(400).send({ message: "The passkey could not be added. Please try again." });
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
    const count = await passkeys.countOf(admin.userId);
    await passkeys.create({
      id: credential.id,
      userId: admin.userId,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: name ?? `Passkey ${count + 1}`,
    });
    await activity.record({ actor: activityActor(admin), kind: "user", summary: "added a passkey", subjectUserId: admin.userId });
    return reply.code(201).send({ passkeys: await passkeys.listOf(admin.userId) });
  });

  app.patch("/api/admin/passkeys/:id", { preHandler: requireAdmin }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid passkey.");
    const { name } = parseInput(passkeyRename, request.body, "Please name the passkey.");
    if (!(await passkeys.rename(request.admin!.userId, id, name))) return reply.code(404).send({ message: "There is no such passkey." });
    return { passkeys: await passkeys.listOf(request.admin!.userId) };
  });

  app.delete("/api/admin/passkeys/:id", { preHandler: requireAdmin }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid passkey.");
    const admin = request.admin!;
    const totpOn = (await secondFactors.totpOf(admin.userId))?.enabled === true;
    if ((await secondFactors.teamSettings()).requireSecondFactor && !totpOn && (await passkeys.countOf(admin.userId)) === 1) {
      return reply.code(409).send({ message: "Your team requires a second factor: add another one before you remove this passkey." });
    }
    if (!(await passkeys.delete(admin.userId, id))) return reply.code(404).send({ message: "There is no such passkey." });
    await activity.record({ actor: activityActor(admin), kind: "user", summary: "removed a passkey", subjectUserId: admin.userId });
    return reply.code(204).send();
  });

  app.post("/api/admin/passkeys/sign-in-options", { config: loginRateLimit(app.config) }, async (request) => {
    const { rpID } = relyingParty(request);
    const pending = await pendingSecondStep(app, request);
    // At the second step, the keys of the user whose password was right; otherwise any passkey of this site.
    const allow = pending ? await passkeys.credentialsOf(pending.user.id) : [];
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: "preferred",
      ...(pending ? { allowCredentials: allow.map((key) => ({ id: key.id, transports: key.transports as AuthenticatorTransport[] | undefined })) } : {}),
    });
    await verifications.create({ type: "passkey-challenge", ttlMs: CHALLENGE_TTL_MS, token: options.challenge, data: { purpose: "sign-in" } });
    return options;
  });

  app.post("/api/admin/passkeys/sign-in", { config: loginRateLimit(app.config) }, async (request, reply) => {
    const { response } = parseInput(passkeySignIn, request.body, "Invalid passkey.");
    const { rpID, origin } = relyingParty(request);
    const key = await passkeys.find(response.id);
    const owner = key ? await users.findById(key.userId) : undefined;
    const pending = await pendingSecondStep(app, request);
    const refuse = async (why: string) => {
      request.log.info({ why }, "passkey sign-in refused");
      if (owner) await activity.record({ actor: { userId: owner.id, name: displayName({ name: owner.name, email: owner.username }) }, kind: "sign-in-failed", summary: "failed to sign in with a passkey", subjectUserId: owner.id });
      return reply.code(401).send({ message: SIGN_IN_REFUSED });
    };
    if (!key || !owner || owner.deactivatedAt !== null) return refuse("unknown passkey or inactive account");
    if (pending && pending.user.id !== owner.id) return refuse("a passkey of another account at the second step");
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: spendChallenge("sign-in", null),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: { id: key.id, publicKey: Buffer.from(key.publicKey, "base64url"), counter: key.counter, transports: key.transports },
        requireUserVerification: false,
      });
    } catch (error) {
      return refuse(error instanceof Error ? error.message : String(error));
    }
    if (!verification.verified) return refuse("not verified");
    await passkeys.used(key.id, verification.authenticationInfo.newCounter);
    if (pending) {
      const step = await verifications.find("second-factor", pending.token);
      if (step && verificationState(step, app.clock()) === "pending") await verifications.consume("second-factor", pending.token);
      reply.clearCookie(secondStepCookie, { path: "/api/admin" });
    }
    await users.signedIn(owner.id);
    const admin = await app.adminSessions.startSession(request, reply, owner, { secondFactor: true });
    await app.accountThrottle.signInSucceeded(request, reply, admin);
    await activity.record({ actor: activityActor(admin), kind: "sign-in", summary: pending ? "signed in with a password and a passkey" : "signed in with a passkey", subjectUserId: owner.id, data: { method: pending ? "password+passkey" : "passkey" } });
    return { authenticated: true, username: admin.username, user: { id: admin.userId, role: admin.role, name: admin.name } };
  });
}
