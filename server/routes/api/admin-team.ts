import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { AdminStatus } from "../../../contract/admin.ts";
import {
  displayName,
  INVITATION_TTL_MS,
  invitationAccept,
  invitationInput,
  LAST_OWNER_MESSAGE,
  userPatch,
  type AdminSessionsAnswer,
  type InvitationLookup,
  type TeamInvitation,
  type TeamInvitationsAnswer,
  type TeamUsersAnswer,
} from "../../../contract/team.ts";
import type { UserRole } from "../../../contract/user-roles.ts";
import type { Database } from "../../db/schema.ts";
import { failureForLog } from "../../delivery/failure-log.ts";
import { invitationMail } from "../../delivery/mail/team-mail.ts";
import { linkOrigin } from "../../lib/link-origin.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { deviceOf } from "../../lib/user-agent.ts";
import { activityActor, type Admin } from "../../plugins/app/admin-sessions.ts";
import { recordActivity } from "../../repositories/activity/activity-repository.ts";
import { LastOwnerError, normalizeUsername } from "../../repositories/users/users-repository.ts";
import { userRefs } from "../../repositories/users/user-names.ts";
import { verificationState, type Verification } from "../../repositories/users/verifications.ts";
import { loginRateLimit } from "./rate-limits.ts";

// The team (issue 23, docs/decisions/038-team.md): users and roles, invitations, sessions.
//   GET    /api/admin/users                    every signed-in user: the team (assignment, filters)
//   POST   /api/admin/users                    owner: invites (a user always chooses their own password)
//   PATCH  /api/admin/users/:id                owner: role, name, active (the last-owner rule: 409)
//   DELETE /api/admin/users/:id                owner
//   DELETE /api/admin/users/:id/sessions       owner: ends every session of the user
//   GET    /api/admin/invitations              owner
//   POST   /api/admin/invitations              owner: the link is in the answer (and e-mailed with mail)
//   POST   /api/admin/invitations/:id/resend   owner: a new link, the old one revoked
//   DELETE /api/admin/invitations/:id          owner: revoke
//   GET    /api/admin/invitations/:token       public: what the invitation page shows
//   POST   /api/admin/invitations/:token/accept public: choose a password, be signed in
//   GET    /api/admin/sessions                 your own sessions
//   DELETE /api/admin/sessions[?all=true]      end your other sessions (all: this one too)
//   DELETE /api/admin/sessions/:id             end one of your sessions

const idParams = z.object({ id: z.uuid({ error: "Not a valid id." }).toLowerCase() });
// The link's token sits where the owner's routes have an invitation's id (one route tree, one parameter name).
const tokenParams = z.object({ id: z.string().min(20, { error: "Not a valid link." }).max(100, { error: "Not a valid link." }).regex(/^[A-Za-z0-9_-]+$/, { error: "Not a valid link." }) });
const sessionsQuery = z.object({ all: z.enum(["true", "false"]).optional() }).strict();

const NO_USER = { message: "There is no such user (they may have been deleted)." };
const NO_INVITATION = { message: "There is no such invitation." };
/** What a link that cannot be used says, by its state. */
const invitationRefusals: Record<Exclude<InvitationLookup["state"], "pending">, { status: number; message: string }> = {
  unknown: { status: 404, message: "This invitation link is not valid. Ask the owner to send a new one." },
  accepted: { status: 410, message: "This invitation has been used already. Sign in with your e-mail address and password." },
  revoked: { status: 410, message: "This invitation was withdrawn. Ask the owner to send a new one." },
  expired: { status: 410, message: "This invitation has expired. Ask the owner to send a new one." },
};

function roleWords(role: string): string {
  return role === "owner" ? "owner" : "member";
}

function statusOf(admin: Admin): AdminStatus {
  return { authenticated: true, username: admin.username, user: { id: admin.userId, role: admin.role, name: admin.name } };
}

export default async function adminTeamRoutes(app: FastifyInstance) {
  const { users, sessions, verifications, activity } = app.repositories;
  const { requireAdmin, requireOwner } = app.adminSessions;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  // ---- users ----

  app.get("/api/admin/users", { preHandler: requireAdmin }, async (): Promise<TeamUsersAnswer> => ({ users: await users.list() }));

  app.patch("/api/admin/users/:id", { preHandler: requireOwner }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid user address.");
    const patch = parseInput(userPatch, request.body, "Please correct the highlighted fields.");
    const actor = activityActor(request.admin!);
    try {
      const before = await users.update(id, patch, async (trx, old) => {
        const who = displayName({ name: patch.name !== undefined ? patch.name : old.name, email: old.username });
        const records = [];
        if (patch.role !== undefined && patch.role !== old.role) records.push(`changed ${who}'s role to ${roleWords(patch.role)}`);
        if (patch.active === false && old.deactivatedAt === null) records.push(`deactivated ${who} (their sessions ended)`);
        if (patch.active === true && old.deactivatedAt !== null) records.push(`reactivated ${who}`);
        if (patch.name !== undefined && patch.name !== old.name) records.push(`renamed ${displayName({ name: old.name, email: old.username })} to ${who}`);
        await recordActivity(trx, records.map((summary) => ({ actor, kind: "user" as const, summary, subjectUserId: id })), app.clock());
      });
      if (!before) return reply.code(404).send(NO_USER);
    } catch (error) {
      if (error instanceof LastOwnerError) return reply.code(409).send({ message: LAST_OWNER_MESSAGE });
      throw error;
    }
    request.log.info({ userId: id, role: patch.role, active: patch.active }, "user changed");
    return (await users.list()).find((user) => user.id === id);
  });

  app.delete("/api/admin/users/:id", { preHandler: requireOwner }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid user address.");
    const actor = activityActor(request.admin!);
    try {
      const deleted = await users.delete(id, (trx, old) =>
        recordActivity(trx, [{ actor, kind: "user", summary: `deleted the user ${displayName({ name: old.name, email: old.username })}`, subjectUserId: id }], app.clock()),
      );
      if (!deleted) return reply.code(404).send(NO_USER);
    } catch (error) {
      if (error instanceof LastOwnerError) return reply.code(409).send({ message: LAST_OWNER_MESSAGE });
      throw error;
    }
    request.log.info({ userId: id }, "user deleted");
    return reply.code(204).send();
  });

  app.delete("/api/admin/users/:id/sessions", { preHandler: requireOwner }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid user address.");
    const user = await users.findById(id);
    if (!user) return reply.code(404).send(NO_USER);
    // An owner ending their own sessions here keeps the one they are using.
    const ended = await sessions.deleteAllOf(id, id === request.admin!.userId ? request.admin!.sessionId : undefined);
    await activity.record({
      actor: activityActor(request.admin!),
      kind: "session",
      summary: `ended ${ended} ${ended === 1 ? "session" : "sessions"} of ${displayName({ name: user.name, email: user.username })}`,
      subjectUserId: id,
    });
    return { ended };
  });

  // ---- invitations ----

  async function invitationView(rows: Verification[]): Promise<TeamInvitation[]> {
    const ref = await userRefs(app.db, rows.map((row) => row.createdBy));
    const now = app.clock();
    return rows.map((row) => {
      const state = verificationState(row, now);
      return {
        id: row.id,
        email: row.email!,
        role: row.role as UserRole,
        state: state === "used" ? "accepted" : state,
        invitedBy: ref(row.createdBy)?.name ?? null,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt!,
        emailed: (JSON.parse(row.data ?? "{}") as { emailed?: boolean }).emailed === true,
      };
    });
  }

  /** Writes an invitation (revoking a pending one to the same address) and e-mails it when mail is set up. */
  async function invite(request: FastifyRequest, reply: FastifyReply, input: { email: string; role: UserRole; name?: string | undefined }, resent = false) {
    const email = normalizeUsername(input.email);
    const existing = await users.findByUsername(email);
    if (existing) {
      const message = existing.deactivatedAt ? `${email} has a deactivated account: reactivate it on the Team page instead.` : `${email} is on the team already.`;
      return reply.code(409).send({ message, errors: { email: message } });
    }
    const admin = request.admin!;
    const actor = activityActor(admin);
    const created = await app.db.transaction().execute(async (trx) => {
      const pending = await trx
        .selectFrom("verifications")
        .select("id")
        .where("type", "=", "invitation")
        .where("email", "=", email)
        .where("usedAt", "is", null)
        .where("revokedAt", "is", null)
        .execute();
      for (const row of pending) await verifications.revoke(row.id, "invitation", trx as Kysely<Database>);
      const invitation = await verifications.create(
        { type: "invitation", ttlMs: INVITATION_TTL_MS, email, role: input.role, data: { name: input.name ?? null, emailed: false }, createdBy: admin.userId },
        trx as Kysely<Database>,
      );
      await recordActivity(trx, [{ actor, kind: "invitation", summary: `${resent ? "sent a new invitation" : "invited"} ${email} as ${roleWords(input.role)}` }], app.clock());
      return invitation;
    });
    const link = `${linkOrigin(app, request)}/admin/invitation/${created.token}`;
    let emailed = false;
    const { mail, business } = app.config.delivery;
    if (mail && app.mailer) {
      try {
        await app.mailer.send(invitationMail({ from: mail.from, to: email, companyName: business.companyName, invitedBy: actor.name, role: input.role, link, days: INVITATION_TTL_MS / 86_400_000 }));
        emailed = true;
        await app.db.updateTable("verifications").set({ data: JSON.stringify({ name: input.name ?? null, emailed: true }) }).where("id", "=", created.id).execute();
      } catch (error) {
        request.log.warn({ failure: failureForLog(error) }, "invitation e-mail not sent; the owner can copy the link");
      }
    }
    request.log.info({ role: input.role, emailed }, "invitation created");
    const [view] = await invitationView([(await verifications.findById(created.id))!]);
    return reply.code(201).send({ ...view!, emailed, link } satisfies TeamInvitation);
  }

  app.get("/api/admin/invitations", { preHandler: requireOwner }, async (): Promise<TeamInvitationsAnswer> => {
    // Pending ones, and the last 30 days' others (what happened to an invitation the owner sent).
    const since = new Date(app.clock().getTime() - 30 * 86_400_000).toISOString();
    const rows = await app.db.selectFrom("verifications").selectAll().where("type", "=", "invitation").where("createdAt", ">=", since).orderBy("createdAt", "desc").limit(200).execute();
    return { invitations: await invitationView(rows) };
  });

  const inviteHandler = async (request: FastifyRequest, reply: FastifyReply) =>
    invite(request, reply, parseInput(invitationInput, request.body, "Please correct the highlighted fields."));
  app.post("/api/admin/invitations", { preHandler: requireOwner }, inviteHandler);
  app.post("/api/admin/users", { preHandler: requireOwner }, inviteHandler);

  app.post("/api/admin/invitations/:id/resend", { preHandler: requireOwner }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid invitation address.");
    const row = await verifications.findById(id);
    if (!row || row.type !== "invitation") return reply.code(404).send(NO_INVITATION);
    if (row.usedAt) return reply.code(409).send({ message: "This invitation has been accepted already." });
    const name = (JSON.parse(row.data ?? "{}") as { name?: string | null }).name ?? undefined;
    return invite(request, reply, { email: row.email!, role: row.role as UserRole, name }, true);
  });

  app.delete("/api/admin/invitations/:id", { preHandler: requireOwner }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid invitation address.");
    const row = await verifications.findById(id);
    if (!row || row.type !== "invitation") return reply.code(404).send(NO_INVITATION);
    if (!(await verifications.revoke(id, "invitation"))) return reply.code(409).send({ message: "Only a pending invitation can be withdrawn." });
    await activity.record({ actor: activityActor(request.admin!), kind: "invitation", summary: `withdrew the invitation of ${row.email}` });
    return reply.code(204).send();
  });

  // The invitee's side: no session, limited per address like the sign-in.
  app.get("/api/admin/invitations/:id", { config: loginRateLimit(app.config) }, async (request): Promise<InvitationLookup> => {
    const parsed = tokenParams.safeParse(request.params);
    const row = parsed.success ? await verifications.find("invitation", parsed.data.id) : undefined;
    if (!row) return { state: "unknown" };
    const state = verificationState(row, app.clock());
    if (state !== "pending") return { state: state === "used" ? "accepted" : state };
    const name = (JSON.parse(row.data ?? "{}") as { name?: string | null }).name ?? null;
    return { state: "pending", email: row.email!, role: row.role as UserRole, name, expiresAt: row.expiresAt! };
  });

  app.post("/api/admin/invitations/:id/accept", { config: loginRateLimit(app.config) }, async (request, reply) => {
    const parsed = tokenParams.safeParse(request.params);
    const input = parseInput(invitationAccept, request.body, "Please correct the highlighted fields.");
    const token = parsed.success ? parsed.data.id : null;
    const row = token ? await verifications.find("invitation", token) : undefined;
    const state = row ? verificationState(row, app.clock()) : "unknown";
    if (!row || !token || state !== "pending") {
      const refusal = invitationRefusals[state === "used" ? "accepted" : state === "pending" ? "unknown" : state];
      return reply.code(refusal.status).send({ message: refusal.message });
    }
    const passwordHash = await hashPassword(input.password);
    const invitedName = (JSON.parse(row.data ?? "{}") as { name?: string | null }).name ?? null;
    const outcome = await app.db.transaction().execute(async (trx) => {
      // One conditional update: of two tabs accepting at once, one wins.
      const used = await verifications.consume("invitation", token, {}, trx as Kysely<Database>);
      if (!used) return "gone" as const;
      if (await trx.selectFrom("users").select("id").where("username", "=", normalizeUsername(used.email!)).executeTakeFirst()) return "taken" as const;
      const user = await users.create(used.email!, passwordHash, { role: used.role as UserRole, name: input.name ?? invitedName }, trx as Kysely<Database>);
      await recordActivity(
        trx,
        [{ actor: { userId: user.id, name: displayName({ name: user.name, email: user.username }) }, kind: "invitation", summary: `accepted the invitation and joined as ${roleWords(user.role)}`, subjectUserId: user.id }],
        app.clock(),
      );
      return user;
    });
    if (outcome === "gone") return reply.code(410).send({ message: invitationRefusals.accepted.message });
    if (outcome === "taken") return reply.code(409).send({ message: `${row.email} has an account already. Sign in instead.` });
    await users.signedIn(outcome.id);
    const admin = await app.adminSessions.startSession(request, reply, { id: outcome.id, username: outcome.username, role: outcome.role, name: outcome.name });
    request.log.info({ userId: outcome.id, role: outcome.role }, "invitation accepted");
    return reply.code(201).send(statusOf(admin));
  });

  // ---- your own sessions ----

  app.get("/api/admin/sessions", { preHandler: requireAdmin }, async (request): Promise<AdminSessionsAnswer> => {
    const admin = request.admin!;
    const rows = await sessions.listOf(admin.userId, app.clock());
    return {
      sessions: rows.map((row) => ({ id: row.id, device: deviceOf(row.userAgent), createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, current: row.id === admin.sessionId })),
    };
  });

  app.delete("/api/admin/sessions/:id", { preHandler: requireAdmin }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid session address.");
    const admin = request.admin!;
    if (!(await sessions.deleteOne(admin.userId, id))) return reply.code(404).send({ message: "There is no such session (it may have ended already)." });
    await activity.record({ actor: activityActor(admin), kind: "session", summary: id === admin.sessionId ? "signed out" : "ended one of their sessions", subjectUserId: admin.userId });
    if (id === admin.sessionId) await app.adminSessions.logout(request, reply);
    return reply.code(204).send();
  });

  app.delete("/api/admin/sessions", { preHandler: requireAdmin }, async (request, reply) => {
    const { all } = parseInput(sessionsQuery, request.query, "Invalid parameters.");
    const admin = request.admin!;
    const ended = await sessions.deleteAllOf(admin.userId, all === "true" ? undefined : admin.sessionId);
    await activity.record({ actor: activityActor(admin), kind: "session", summary: all === "true" ? "signed out everywhere" : `ended ${ended} other ${ended === 1 ? "session" : "sessions"}`, subjectUserId: admin.userId });
    if (all === "true") await app.adminSessions.logout(request, reply);
    return { ended };
  });
}
