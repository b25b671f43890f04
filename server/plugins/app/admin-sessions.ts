import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { displayName } from "../../../contract/team.ts";
import { SETUP_REQUIRED_CODE, SETUP_REQUIRED_MESSAGE, type SecondFactorMethod } from "../../../contract/two-factor.ts";
import { OWNER_ONLY_MESSAGE, type UserRole } from "../../../contract/user-roles.ts";
import { getDecoyHash, hashPassword, needsRehash, verifyPassword } from "../../lib/passwords.ts";
import { createSessionToken, hashSessionToken } from "../../lib/session-tokens.ts";
import { createWorkLimiter } from "../../lib/work-limiter.ts";

// Admin sessions are database rows referenced by an HttpOnly cookie, so logout and password changes
// revoke them for every server instance at once.

/** The signed-in user of a request. `sessionId`: the session's public id (the sessions list's "this device"). */
export type Admin = {
  userId: string;
  username: string;
  role: UserRole;
  name: string | null;
  sessionId: string;
  /** The team requires a second factor this user has not set up: only its setup is open to them. */
  secondFactorSetupRequired?: boolean;
};

/** A right password of a user who has a second factor: the sign-in's second step comes next. */
export type SecondFactorPending = { secondFactorFor: { id: string; username: string; name: string | null; methods: SecondFactorMethod[] } };

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
  login(request: FastifyRequest, reply: FastifyReply, username: string, password: string, options?: { priority?: boolean }): Promise<Admin | SecondFactorPending | null>;
  /**
   * Starts a session for a user whose identity is proven (password, invitation, second factor, passkey) and
   * sets its cookie; a session the browser held before ends. `secondFactor`: the sign-in passed one.
   */
  startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; username: string; role: string; name: string | null },
    options?: { secondFactor?: boolean },
  ): Promise<Admin>;
  /** The signed-in admin of this request, or null. Extends an idle session as it is used. */
  current(request: FastifyRequest, reply: FastifyReply): Promise<Admin | null>;
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
      reply.clearCookie(cookieName, { path: "/", httpOnly: true, sameSite: "lax", secure: request.protocol === "https" });
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
        // A hash made before argon2id, or with weaker parameters, is replaced now that the password is known.
        const rehashed = needsRehash(user.passwordHash) ? await hashPassword(password) : undefined;
        const hasPasskey = await app.repositories.passkeys.countOf(user.id).then((n) => n > 0);
        if (user.totpEnabledAt !== null || hasPasskey) {
          if (rehashed) await users.setPasswordHash(user.id, rehashed);
          const methods: SecondFactorMethod[] = [...(user.totpEnabledAt !== null ? (["totp", "recovery-code"] as const) : []), ...(hasPasskey ? (["passkey"] as const) : [])];
          return { secondFactorFor: { id: user.id, username: user.username, name: user.name, methods } };
        }
        await users.signedIn(user.id, rehashed);
        return adminSessions.startSession(request, reply, user);
      },

      async startSession(request, reply, user, options = {}) {
        // A fresh token at every sign-in; a session the browser already held is ended (no fixation).
        const previous = request.cookies[cookieName];
        if (previous) await sessions.delete(hashSessionToken(previous));
        const token = createSessionToken();
        const { id: sessionId } = await sessions.create({
          tokenHash: hashSessionToken(token),
          userId: user.id,
          now: app.clock(),
          idleMs,
          maxMs,
          userAgent: request.headers["user-agent"],
          secondFactor: options.secondFactor === true,
        });
        setCookie(request, reply, token);
        request.log.info({ userId: user.id }, "admin signed in");
        request.admin = { userId: user.id, username: user.username, role: user.role as UserRole, name: user.name, sessionId };
        return request.admin;
      },

      async current(request, reply) {
        if (request.admin) return request.admin;
        const token = request.cookies[cookieName];
        if (!token) return null;
        const tokenHash = hashSessionToken(token);
        const now = app.clock();
        const session = await sessions.findActive(tokenHash, now);
        if (!session) {
          clearCookie(request, reply);
          return null;
        }
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
        const admin = await adminSessions.current(request, reply);
        if (!admin) {
          reply.header("cache-control", "no-store");
          await reply.code(401).send({ message: "Sign in as the admin to see this" });
        } else if (setupFirst(request, admin)) {
          reply.header("cache-control", "no-store");
          await reply.code(403).send({ message: SETUP_REQUIRED_MESSAGE, code: SETUP_REQUIRED_CODE });
        }
      },

      async requireOwner(request, reply) {
        const admin = await adminSessions.current(request, reply);
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
  { name: "admin-sessions", dependencies: ["repositories"] },
);
