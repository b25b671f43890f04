import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { displayName } from "../../../contract/team.ts";
import {
  SECOND_STEP_EXPIRED_MESSAGE,
  passkeyParams,
  passkeyRegistration,
  passkeyRename,
  passkeySignIn,
} from "../../../contract/two-factor.ts";
import { isUsablePasskeyKey, PASSKEY_ALGORITHMS } from "../../lib/passkey-keys.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { activityActor, adminOf } from "../../plugins/app/admin-sessions.ts";
import type { StoredPasskey } from "../../repositories/users/passkeys-repository.ts";
import { factorChangeNotice, requireFreshProof } from "./factor-change.ts";
import { loginRateLimit } from "./rate-limits.ts";
import { pendingSecondStep, secondStepCookie } from "./admin-session.ts";

// Passkeys (WebAuthn, issue 23) with @simplewebauthn/server: as a second factor after the password, or as
// the whole sign-in (a discoverable credential proves who, and with the device's user verification, that it
// is them). Every challenge is a single-use, five-minute row in `verifications` (stored hashed), spent when
// the browser's answer is checked.
//   POST   /api/admin/passkeys/registration-options   fresh proof: options to create a passkey
//   POST   /api/admin/passkeys                        fresh proof, {response, name?}: stores it
//   PATCH  /api/admin/passkeys/:id                    {name}
//   DELETE /api/admin/passkeys/:id                    fresh proof
//   POST   /api/admin/passkeys/confirm-options        signed in: options to confirm it is you with a passkey
//   POST   /api/admin/passkeys/confirm-identity       {response}: factor changes open for 5 minutes
//   POST   /api/admin/passkeys/sign-in-options        public: options to sign in (the second step's user's keys, or any)
//   POST   /api/admin/passkeys/sign-in                public: {response}: a session
// "Fresh proof" (issue 32): the session's user proved who they are in the last five minutes (factor-change.ts);
// every added or removed passkey e-mails its user.

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const SIGN_IN_REFUSED = "That passkey could not sign you in. Try again, or use your password.";
const NOT_ADDED = "The passkey could not be added. Please try again.";
const CONFIRM_REFUSED = "That passkey could not confirm it is you. Try again, or use your password.";

type ChallengePurpose = "register" | "sign-in" | "confirm";

export default async function adminPasskeyRoutes(app: FastifyInstance) {
  const { passkeys, verifications, activity, users, secondFactors } = app.repositories;
  const { requireAdmin } = app.adminSessions;
  const freshProof = requireFreshProof(app);

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  /**
   * The relying party: SITE_ORIGIN's host and origin when it is set; else (development, the browser tests)
   * the host the admin is served on. A check the browser's answer must match, never a link.
   */
  const relyingParty = (request: FastifyRequest) => {
    if (app.config.siteOrigin) return { rpID: new URL(app.config.siteOrigin).hostname, origin: app.config.siteOrigin };
    return { rpID: request.hostname.replace(/:\d+$/, ""), origin: `${request.protocol}://${request.host}` };
  };

  /** Spends a challenge of this purpose (and user, when given): the check @simplewebauthn calls with the answer's challenge. */
  const spendChallenge = (purpose: ChallengePurpose, userId: string | null) => async (challenge: string) => {
    const row = await verifications.consume("passkey-challenge", challenge, userId ? { userId } : {});
    return row !== undefined && (JSON.parse(row.data ?? "{}") as { purpose?: string }).purpose === purpose;
  };

  const descriptors = (keys: StoredPasskey[]) =>
    keys.map((key) => ({ id: key.id, transports: key.transports as AuthenticatorTransport[] | undefined }));

  /**
   * Checks an assertion by `key` against a challenge of `purpose`; the reason when it fails (a thrown error of
   * a malformed answer is a refusal, never a 5xx). On success the key's counter moves on.
   */
  async function checkAssertion(
    request: FastifyRequest,
    response: unknown,
    key: StoredPasskey,
    purpose: ChallengePurpose,
    userId: string | null,
    requireUserVerification: boolean,
  ): Promise<string | null> {
    const { rpID, origin } = relyingParty(request);
    try {
      const verification = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: spendChallenge(purpose, userId),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: key.id,
          publicKey: Buffer.from(key.publicKey, "base64url"),
          counter: key.counter,
          transports: key.transports as AuthenticatorTransport[] | undefined,
        },
        requireUserVerification,
      });
      if (!verification.verified) return "not verified";
      await passkeys.used(key.id, verification.authenticationInfo.newCounter);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  app.post("/api/admin/passkeys/registration-options", { preHandler: [requireAdmin, freshProof] }, async (request) => {
    const admin = adminOf(request);
    const { rpID } = relyingParty(request);
    const existing = await passkeys.credentialsOf(admin.userId);
    const options = await generateRegistrationOptions({
      rpName: app.config.delivery.business.companyName,
      rpID,
      userName: admin.username,
      userDisplayName: displayName({ name: admin.name, email: admin.username }),
      userID: new TextEncoder().encode(admin.userId),
      attestationType: "none",
      excludeCredentials: descriptors(existing),
      // Discoverable, so the passkey can be the whole sign-in; the device's own check when it has one.
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    await verifications.create({
      type: "passkey-challenge",
      ttlMs: CHALLENGE_TTL_MS,
      userId: admin.userId,
      token: options.challenge,
      data: { purpose: "register" },
    });
    return options;
  });

  app.post("/api/admin/passkeys", { preHandler: [requireAdmin, freshProof] }, async (request, reply) => {
    const { response, name } = parseInput(passkeyRegistration, request.body, "Invalid passkey.");
    const admin = adminOf(request);
    const { rpID, origin } = relyingParty(request);
    const refuse = (reason: string, message = NOT_ADDED) => {
      request.log.info({ reason }, "passkey registration refused");
      return reply.code(400).send({ message });
    };
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: spendChallenge("register", admin.userId),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
    } catch (error) {
      return refuse(error instanceof Error ? error.message : String(error));
    }
    if (!verification.verified) return refuse("not verified");
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
    // With "none" attestation only the key's algorithm was checked: a truncated key would be stored and
    // never sign anyone in (issue 32, finding 8).
    if (!isUsablePasskeyKey(credential.publicKey))
      return refuse(
        "the public key is not a complete COSE key",
        "The passkey could not be added: the device sent an incomplete key. Please try again.",
      );
    // Another account's credential id (a replayed answer) would break the table's key: say so instead.
    if (await passkeys.find(credential.id)) return reply.code(409).send({ message: "This passkey is added already." });
    const count = await passkeys.countOf(admin.userId);
    const passkeyName = name ?? `Passkey ${count + 1}`;
    await passkeys.create(
      {
        id: credential.id,
        userId: admin.userId,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        // The browser's word, unchecked by the library: only a list of names is kept.
        transports: Array.isArray(credential.transports)
          ? credential.transports
              .filter((transport) => typeof transport === "string" && transport.length <= 20)
              .slice(0, 8)
          : undefined,
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: passkeyName,
      },
      factorChangeNotice(app, request, admin.username, { kind: "passkey-added", passkeyName }),
    );
    app.accountMail.wake();
    await activity.record({
      actor: activityActor(admin),
      kind: "user",
      summary: "added a passkey",
      subjectUserId: admin.userId,
    });
    return reply.code(201).send({ passkeys: await passkeys.listOf(admin.userId) });
  });

  // A new name changes no one's sign-in: no fresh proof, no e-mail.
  app.patch("/api/admin/passkeys/:id", { preHandler: requireAdmin }, async (request, reply) => {
    const { id } = parseInput(passkeyParams, request.params, "Invalid passkey.");
    const { name } = parseInput(passkeyRename, request.body, "Please name the passkey.");
    const { userId } = adminOf(request);
    if (!(await passkeys.rename(userId, id, name)))
      return reply.code(404).send({ message: "There is no such passkey." });
    return { passkeys: await passkeys.listOf(userId) };
  });

  app.delete("/api/admin/passkeys/:id", { preHandler: [requireAdmin, freshProof] }, async (request, reply) => {
    const { id } = parseInput(passkeyParams, request.params, "Invalid passkey.");
    const admin = adminOf(request);
    const keys = await passkeys.listOf(admin.userId);
    const key = keys.find((candidate) => candidate.id === id);
    if (!key) return reply.code(404).send({ message: "There is no such passkey." });
    const methods = await app.adminSessions.secondFactorsOf(admin.userId);
    if ((await secondFactors.teamSettings()).requireSecondFactor && !methods.includes("totp") && keys.length === 1) {
      return reply
        .code(409)
        .send({ message: "Your team requires a second factor: add another one before you remove this passkey." });
    }
    if (
      !(await passkeys.delete(
        admin.userId,
        id,
        factorChangeNotice(app, request, admin.username, { kind: "passkey-removed", passkeyName: key.name }),
      ))
    ) {
      return reply.code(404).send({ message: "There is no such passkey." });
    }
    app.accountMail.wake();
    await activity.record({
      actor: activityActor(admin),
      kind: "user",
      summary: "removed a passkey",
      subjectUserId: admin.userId,
    });
    return reply.code(204).send();
  });

  // Confirming it is you with one of your passkeys (instead of the password): with the device's user
  // verification, as a passkey-only sign-in needs, since it stands in for the password here.
  app.post("/api/admin/passkeys/confirm-options", { preHandler: requireAdmin }, async (request, reply) => {
    const admin = adminOf(request);
    const { rpID } = relyingParty(request);
    const keys = await passkeys.credentialsOf(admin.userId);
    if (keys.length === 0)
      return reply.code(409).send({ message: "You have no passkey: enter your password instead." });
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: "required",
      allowCredentials: descriptors(keys),
    });
    await verifications.create({
      type: "passkey-challenge",
      ttlMs: CHALLENGE_TTL_MS,
      userId: admin.userId,
      token: options.challenge,
      data: { purpose: "confirm" },
    });
    return options;
  });

  app.post(
    "/api/admin/passkeys/confirm-identity",
    { preHandler: requireAdmin, config: loginRateLimit(app.config) },
    async (request, reply) => {
      const { response } = parseInput(passkeySignIn, request.body, "Invalid passkey.");
      const admin = adminOf(request);
      const key = await passkeys.find(response.id);
      const refusedWhy =
        !key || key.userId !== admin.userId
          ? "not a passkey of this user"
          : await checkAssertion(request, response, key, "confirm", admin.userId, true);
      if (refusedWhy !== null) {
        request.log.info({ why: refusedWhy }, "passkey confirmation refused");
        return reply.code(400).send({ message: CONFIRM_REFUSED });
      }
      await app.adminSessions.markProven(request);
      return reply.code(204).send();
    },
  );

  app.post("/api/admin/passkeys/sign-in-options", { config: loginRateLimit(app.config) }, async (request) => {
    const { rpID } = relyingParty(request);
    const pending = await pendingSecondStep(app, request);
    // At the second step, the keys of the user whose password was right, and the device's presence is
    // enough; otherwise any passkey of this site, and it must verify its user (fingerprint, face, PIN): a
    // passkey alone is the whole sign-in then, so one possession must not count as two factors.
    const allow = pending ? await passkeys.credentialsOf(pending.user.id) : [];
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: pending ? "preferred" : "required",
      ...(pending ? { allowCredentials: descriptors(allow) } : {}),
    });
    await verifications.create({
      type: "passkey-challenge",
      ttlMs: CHALLENGE_TTL_MS,
      token: options.challenge,
      data: { purpose: "sign-in" },
    });
    return options;
  });

  app.post("/api/admin/passkeys/sign-in", { config: loginRateLimit(app.config) }, async (request, reply) => {
    const { response } = parseInput(passkeySignIn, request.body, "Invalid passkey.");
    const key = await passkeys.find(response.id);
    const owner = key ? await users.findById(key.userId) : undefined;
    const pending = await pendingSecondStep(app, request);
    const refuse = async (why: string, message = SIGN_IN_REFUSED): Promise<FastifyReply> => {
      request.log.info({ why }, "passkey sign-in refused");
      if (owner)
        await activity.record({
          actor: { userId: owner.id, name: displayName({ name: owner.name, email: owner.username }) },
          kind: "sign-in-failed",
          summary: "failed to sign in with a passkey",
          subjectUserId: owner.id,
        });
      return reply.code(401).send({ message });
    };
    if (!key || !owner || owner.deactivatedAt !== null) return refuse("unknown passkey or inactive account");
    if (pending && pending.user.id !== owner.id) return refuse("a passkey of another account at the second step");
    // A passkey alone must verify its user; after the password, presence is enough (issue 32, finding 8).
    const refusedWhy = await checkAssertion(request, response, key, "sign-in", null, pending === null);
    if (refusedWhy !== null) return refuse(refusedWhy);
    if (pending) {
      // One conditional update: the step is spent once, whatever else raced it (as the code's second step).
      if (!(await verifications.consume("second-factor", pending.token)))
        return refuse("the second step was spent or ended meanwhile", SECOND_STEP_EXPIRED_MESSAGE);
      reply.clearCookie(secondStepCookie, { path: "/api/admin" });
    }
    return app.adminSessions.completeSignIn(request, reply, owner, pending ? "password+passkey" : "passkey");
  });
}
