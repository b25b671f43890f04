import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AdminStatus } from "../../../contract/admin.ts";
import { displayName } from "../../../contract/team.ts";
import { SETUP_REQUIRED_CODE, SETUP_REQUIRED_MESSAGE, type SecondFactorMethod } from "../../../contract/two-factor.ts";
import { OWNER_ONLY_MESSAGE, type UserRole } from "../../../contract/user-roles.ts";
import { getDecoyHash, hashPassword, needsRehash, verifyPassword } from "../../lib/passwords.ts";
import { createSessionToken, hashSessionToken } from "../../lib/session-tokens.ts";
import { createWorkLimiter, WorkLimiterBusyError } from "../../lib/work-limiter.ts";

// The one owner of the team's sign-in (docs/sign-in.md). Admin sessions are database rows referenced by an
// HttpOnly cookie, so logout and password changes revoke them for every server instance at once. Every proven
// identity (password, password and a second factor, passkey, invitation) ends in completeSignIn; whether a
// user has a second factor is decided by secondFactorsOf; routes get their typed admin from adminOf.

/** How long a proof of identity (the sign-in, or a re-confirmation) opens changes to the second factors. */
export const FRESH_PROOF_MS = 5 * 60 * 1000;

/** How a sign-in was proven: the activity's record and the session's "passed a second factor". */
export type SignInMethod =
  "password" | "password+totp" | "password+recovery-code" | "password+passkey" | "passkey" | "invitation";

const SIGN_IN_SUMMARIES: Record<SignInMethod, string> = {
  password: "signed in with a password",
  "password+totp": "signed in with a password and an authenticator code",
  "password+recovery-code": "signed in with a password and a recovery code",
  "password+passkey": "signed in with a password and a passkey",
  passkey: "signed in with a passkey",
  invitation: "accepted the invitation",
};

/** The methods that passed a second factor (a passkey alone is one: possession, with the device's own user verification). */
const WITH_SECOND_FACTOR: ReadonlySet<SignInMethod> = new Set([
  "password+totp",
  "password+recovery-code",
  "password+passkey",
  "passkey",
]);

/** The signed-in user of a request. `sessionId`: the session's public id (the sessions list's "this device"). */
export type Admin = {
  userId: string;
  username: string;
  role: UserRole;
  name: string | null;
  sessionId: string;
  /** When the user last proved who they are in this session (sign-in or re-confirmation): see hasFreshProof. */
  provenAt: string;
  /** The team requires a second factor this user has not set up: only its setup is open to them. */
  secondFactorSetupRequired?: boolean;
};

/**
 * The signed-in admin of a route guarded by requireAdmin or requireOwner (its preHandler proved it). A route
 * that forgot its guard fails loudly here instead of acting for nobody.
 */
export function adminOf(request: FastifyRequest): Admin {
  if (!request.admin)
    throw new Error(`${request.routeOptions.url ?? "this route"} reads the admin without requireAdmin or requireOwner`);
  return request.admin;
}

/** Whether the admin proved who they are within FRESH_PROOF_MS: adding or removing a second factor needs it. */
export function hasFreshProof(admin: Admin, now: Date): boolean {
  return now.getTime() - Date.parse(admin.provenAt) < FRESH_PROOF_MS;
}

/** The answer of GET /api/admin/status and of every successful sign-in. */
export function statusOf(admin: Admin): AdminStatus {
  return {
    authenticated: true,
    username: admin.username,
    user: { id: admin.userId, role: admin.role, name: admin.name },
    ...(admin.secondFactorSetupRequired ? { secondFactorSetupRequired: true } : {}),
  };
}

type SignInUser = { id: string; username: string; role: string; name: string | null };

/** A right password of a user who has a second factor: the sign-in's second step comes next. */
export type SecondFactorPending = {
  secondFactorFor: { id: string; username: string; name: string | null; methods: SecondFactorMethod[] };
};

/** The actor of an activity record (repositories/activity/) for a signed-in user. */
export function activityActor(admin: Admin): { userId: string; name: string } {
  return { userId: admin.userId, name: displayName({ name: admin.name, email: admin.username }) };
}

export type AdminSessions = {
  /**
   * Checks the credentials; on success starts a new session and sets its cookie. The hash waits its turn
   * in app.signInWork (`priority` for a known device of the account) and rejects with
   * WorkLimiterBusyError, unhashed, when that is full.
   */
  login(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    password: string,
    options?: { priority?: boolean },
  ): Promise<AdminStatus | SecondFactorPending | null>;
  /**
   * The one place a sign-in succeeds, for a user whose identity is proven: a session the browser held before
   * ends, a new one starts with its cookie, the user is marked signed in (with a rehashed password, when the
   * password step made one), the account's failure counts clear and this browser becomes a known device, and
   * the sign-in is recorded in the activity (an invitation's acceptance is recorded by the invitation itself).
   * `detail` is added to the activity's summary (the recovery codes left).
   */
  completeSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SignInUser,
    method: SignInMethod,
    options?: { detail?: string; rehashed?: string },
  ): Promise<AdminStatus>;
  /** The user's second factors; none (an empty list) means the password alone signs them in. The one rule. */
  secondFactorsOf(userId: string, totpEnabledAt?: string | null): Promise<SecondFactorMethod[]>;
  /** The current session's user proved who they are again (password or a factor): see hasFreshProof. */
  markProven(request: FastifyRequest): Promise<void>;
  /** The signed-in admin of this request, or null. Extends an idle session as it is used. */
  current(request: FastifyRequest): Promise<Admin | null>;
  logout(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** preHandler for admin-only routes: 401 without a valid session. */
  requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** preHandler for owner-only routes: 401 without a valid session, 403 for a member (contract/team.ts). */
  requireOwner(request: FastifyRequest, reply: FastifyReply): Promise<void>;
};

declare module "fastify" {
  interface FastifyRequest {
    admin: Admin | null;
  }
}

/** What a user whose team requires a second factor may reach before they set one up. */
const SETUP_PATHS = ["/api/admin/two-factor", "/api/admin/passkeys"];

/** Whether this request must wait for the user's second factor (the team requires one they lack). */
function setupFirst(request: FastifyRequest, admin: Admin): boolean {
  if (!admin.secondFactorSetupRequired) return false;
  const path = request.routeOptions.url ?? "";
  return !SETUP_PATHS.some((allowed) => path === allowed || path.startsWith(`${allowed}/`));
}

/** Writing lastSeenAt on every request would turn reads into writes; once a minute is precise enough. */
const EXTEND_AFTER_MS = 60_000;

export default fp(
  async (app) => {
    const { cookieName, idleMs, maxMs } = app.config.session;
    const { users, sessions } = app.repositories;
    const signInWork = createWorkLimiter(app.config.signInWork);

    function setCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
      reply.setCookie(cookieName, token, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: request.protocol === "https",
        maxAge: Math.floor(maxMs / 1000),
      });
    }

    function clearCookie(request: FastifyRequest, reply: FastifyReply) {
      reply.clearCookie(cookieName, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: request.protocol === "https",
      });
    }

    /** A fresh token at every sign-in; a session the browser already held is ended (no fixation). */
    async function startSession(
      request: FastifyRequest,
      reply: FastifyReply,
      user: SignInUser,
      secondFactor: boolean,
    ): Promise<Admin> {
      const previous = request.cookies[cookieName];
      if (previous) await sessions.delete(hashSessionToken(previous));
      const token = createSessionToken();
      const now = app.clock();
      const { id: sessionId } = await sessions.create({
        tokenHash: hashSessionToken(token),
        userId: user.id,
        now,
        idleMs,
        maxMs,
        userAgent: request.headers["user-agent"],
        secondFactor,
      });
      setCookie(request, reply, token);
      request.admin = {
        userId: user.id,
        username: user.username,
        role: user.role as UserRole,
        name: user.name,
        sessionId,
        provenAt: now.toISOString(),
      };
      return request.admin;
    }

    const adminSessions: AdminSessions = {
      async login(request, reply, username, password, options = {}) {
        const user = await users.findByUsername(username);
        // Unknown usernames are checked against a decoy so both failures take the same time, and wait
        // in the same queue: a refusal says nothing about the account either.
        const valid = await signInWork.run(
          async () => verifyPassword(password, user?.passwordHash ?? (await getDecoyHash())),
          { priority: options.priority === true },
        );
        // A deactivated account is refused like a wrong password: the answer says nothing more.
        if (!user || !valid || user.deactivatedAt !== null) return null;
        // A hash made before argon2id, or with weaker parameters, is replaced now that the password is known;
        // in the work bound like every hash, and left for the next sign-in when the bound is full.
        const rehashed = needsRehash(user.passwordHash)
          ? await signInWork
              .run(() => hashPassword(password))
              .catch((error: unknown) => {
                if (error instanceof WorkLimiterBusyError) return undefined;
                throw error;
              })
          : undefined;
        const methods = await adminSessions.secondFactorsOf(user.id, user.totpEnabledAt);
        if (methods.length > 0) {
          if (rehashed) await users.setPasswordHash(user.id, rehashed);
          return { secondFactorFor: { id: user.id, username: user.username, name: user.name, methods } };
        }
        return adminSessions.completeSignIn(request, reply, user, "password", rehashed ? { rehashed } : {});
      },

      async secondFactorsOf(userId, totpEnabledAt) {
        const totpOn =
          totpEnabledAt !== undefined ? totpEnabledAt !== null : (await users.findById(userId))?.totpEnabledAt != null;
        const hasPasskey = (await app.repositories.passkeys.countOf(userId)) > 0;
        return [...(totpOn ? (["totp", "recovery-code"] as const) : []), ...(hasPasskey ? (["passkey"] as const) : [])];
      },

      async completeSignIn(request, reply, user, method, options = {}) {
        await users.signedIn(user.id, options.rehashed);
        const admin = await startSession(request, reply, user, WITH_SECOND_FACTOR.has(method));
        await app.accountThrottle.signInSucceeded(request, reply, admin);
        if (method !== "invitation") {
          const summary = options.detail
            ? `${SIGN_IN_SUMMARIES[method]} (${options.detail})`
            : SIGN_IN_SUMMARIES[method];
          await app.repositories.activity.record({
            actor: activityActor(admin),
            kind: "sign-in",
            summary,
            subjectUserId: admin.userId,
            data: { method },
          });
        }
        request.log.info({ userId: user.id, method }, "admin signed in");
        return statusOf(admin);
      },

      async markProven(request) {
        const admin = adminOf(request);
        const now = app.clock();
        await sessions.markProven(admin.sessionId, now);
        admin.provenAt = now.toISOString();
      },

      async current(request) {
        if (request.admin) return request.admin;
        const token = request.cookies[cookieName];
        if (!token) return null;
        const tokenHash = hashSessionToken(token);
        const now = app.clock();
        const session = await sessions.findActive(tokenHash, now);
        // An ended session's cookie is left alone: the browser may have signed in again while this request
        // was on its way (a sign-in ends the session it held), and clearing the name would end the new one.
        // A stale token only ever finds nothing; sign-out clears the cookie.
        if (!session) return null;
        if (now.getTime() - Date.parse(session.lastSeenAt) > EXTEND_AFTER_MS) {
          const expiresAt = new Date(Math.min(now.getTime() + idleMs, Date.parse(session.absoluteExpiresAt)));
          await sessions.extend(tokenHash, now, expiresAt.toISOString());
        }
        request.admin = {
          userId: session.userId,
          username: session.username,
          role: session.role,
          name: session.name,
          sessionId: session.sessionId,
          provenAt: session.provenAt,
          secondFactorSetupRequired: session.secondFactorSetupRequired,
        };
        return request.admin;
      },

      async logout(request, reply) {
        const token = request.cookies[cookieName];
        if (token) await sessions.delete(hashSessionToken(token));
        request.admin = null;
        clearCookie(request, reply);
      },

      async requireAdmin(request, reply) {
        const admin = await adminSessions.current(request);
        if (!admin) {
          reply.header("cache-control", "no-store");
          await reply.code(401).send({ message: "Sign in as the admin to see this" });
        } else if (setupFirst(request, admin)) {
          reply.header("cache-control", "no-store");
          await reply.code(403).send({ message: SETUP_REQUIRED_MESSAGE, code: SETUP_REQUIRED_CODE });
        }
      },

      async requireOwner(request, reply) {
        const admin = await adminSessions.current(request);
        reply.header("cache-control", "no-store");
        if (!admin) {
          await reply.code(401).send({ message: "Sign in as the admin to see this" });
        } else if (setupFirst(request, admin)) {
          await reply.code(403).send({ message: SETUP_REQUIRED_MESSAGE, code: SETUP_REQUIRED_CODE });
        } else if (admin.role !== "owner") {
          await reply.code(403).send({ message: OWNER_ONLY_MESSAGE });
        }
      },
    };

    app.decorateRequest("admin", null);
    app.decorate("adminSessions", adminSessions);
    app.decorate("signInWork", signInWork);

    // Expired sessions are removed by plugins/app/sweeps.ts.
  },
  { name: "admin-sessions", dependencies: ["repositories", "account-throttle"] },
);
