import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  displayName,
  invitationAccept,
  invitationInput,
  INVITATION_TTL_MS,
  LAST_OWNER_MESSAGE,
  linkLookup,
  linkTokenOf,
  ownNameInput,
  userPatch,
  type AdminSessionsAnswer,
  type InvitationLookup,
  type TeamInvitation,
  type TeamInvitationsAnswer,
  type TeamUsersAnswer,
} from "../../../contract/team.ts";
import type { UserRole } from "../../../contract/user-roles.ts";
import { invitationMail } from "../../delivery/mail/team-mail.ts";
import { hashWithinSignInBound, sendHashBusy } from "../../lib/bounded-hash.ts";
import { linkOrigin } from "../../lib/link-origin.ts";
import { parseInput, parseInputAsync } from "../../lib/request-errors.ts";
import { deviceOf } from "../../lib/user-agent.ts";
import { activityActor, adminOf } from "../../plugins/app/admin-sessions.ts";
import { recordActivity } from "../../repositories/activity/activity-repository.ts";
import { LastOwnerError, normalizeUsername } from "../../repositories/users/users-repository.ts";
import { loginRateLimit } from "./rate-limits.ts";

// The team (issue 23, docs/decisions/038-team.md): users and roles, invitations, sessions.
//   GET    /api/admin/users                    every signed-in user: the team (assignment, filters)
//   POST   /api/admin/users                    owner: invites (a user always chooses their own password)
//   PATCH  /api/admin/users/:id                owner: role, name, active (the last-owner rule: 409)
//   DELETE /api/admin/users/:id                owner
//   DELETE /api/admin/users/:id/sessions       owner: ends every session of the user
//   GET    /api/admin/invitations              owner
//   POST   /api/admin/invitations              owner: the link is in the answer (and its e-mail queued with mail)
//   POST   /api/admin/invitations/:id/resend   owner: a new link, the old one revoked
//   DELETE /api/admin/invitations/:id          owner: revoke
//   POST   /api/admin/invitations/lookup       public {token}: what the invitation page shows
//   POST   /api/admin/invitations/accept       public {token, name?, password}: choose a password, be signed in
//   GET    /api/admin/sessions                 your own sessions
//   DELETE /api/admin/sessions[?all=true]      end your other sessions (all: this one too)
//   DELETE /api/admin/sessions/:id             end one of your sessions
// An invitation's token is in its link's fragment (/admin/invitation#<token>) and in the public routes'
// bodies, never in a path: no log line, Referer or metrics label holds it (issue 32, finding 1).

const idParams = z.object({ id: z.uuid({ error: "Not a valid id." }).toLowerCase() });
const sessionsQuery = z.object({ all: z.enum(["true", "false"]).optional() }).strict();

const NO_USER = { message: "There is no such user (they may have been deleted)." };
const NO_INVITATION = { message: "There is no such invitation." };
/** What a link that cannot be used says, by its state. */
const invitationRefusals: Record<Exclude<InvitationLookup["state"], "pending">, { status: number; message: string }> = {
  unknown: { status: 404, message: "This invitation link is not valid. Ask the owner to send a new one." },
  accepted: {
    status: 410,
    message: "This invitation has been used already. Sign in with your e-mail address and password.",
  },
  revoked: { status: 410, message: "This invitation was withdrawn. Ask the owner to send a new one." },
  expired: { status: 410, message: "This invitation has expired. Ask the owner to send a new one." },
};

function roleWords(role: string): string {
  return role === "owner" ? "owner" : "member";
}

export default async function adminTeamRoutes(app: FastifyInstance) {
  const { users, sessions, invitations, activity } = app.repositories;
  const { requireAdmin, requireOwner } = app.adminSessions;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  // ---- users ----

  app.get("/api/admin/users", { preHandler: requireAdmin }, async (): Promise<TeamUsersAnswer> => ({
    users: await users.list(),
  }));

  app.patch("/api/admin/users/:id", { preHandler: requireOwner }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid user address.");
    const patch = parseInput(userPatch, request.body, "Please correct the highlighted fields.");
    const actor = activityActor(adminOf(request));
    try {
      const before = await users.update(id, patch, async (trx, old) => {
        const who = displayName({ name: patch.name !== undefined ? patch.name : old.name, email: old.username });
        const records = [];
        if (patch.role !== undefined && patch.role !== old.role)
          records.push(`changed ${who}'s role to ${roleWords(patch.role)}`);
        if (patch.active === false && old.deactivatedAt === null)
          records.push(`deactivated ${who} (their sessions ended)`);
        if (patch.active === true && old.deactivatedAt !== null) records.push(`reactivated ${who}`);
        if (patch.name !== undefined && patch.name !== old.name)
          records.push(`renamed ${displayName({ name: old.name, email: old.username })} to ${who}`);
        await recordActivity(
          trx,
          records.map((summary) => ({ actor, kind: "user" as const, summary, subjectUserId: id })),
          app.clock(),
        );
      });
      if (!before) return reply.code(404).send(NO_USER);
    } catch (error) {
      if (error instanceof LastOwnerError) return reply.code(409).send({ message: LAST_OWNER_MESSAGE });
      throw error;
    }
    request.log.info({ userId: id, role: patch.role, active: patch.active }, "user changed");
    return (await users.list()).find((user) => user.id === id);
  });

  // The signed-in user names themself (issue 33): asked at first sign-in, changed on Account.
  app.put("/api/admin/account/name", { preHandler: requireAdmin }, async (request, reply) => {
    const { name } = parseInput(ownNameInput, request.body, "Please correct the highlighted fields.");
    const admin = adminOf(request);
    // The record names them as they are now called.
    const actor = activityActor({ ...admin, name });
    const before = await users.update(admin.userId, { name }, async (trx, old) => {
      if (old.name === name) return;
      const summary = old.name ? `renamed themself from ${old.name} to ${name}` : `set their name to ${name}`;
      await recordActivity(trx, [{ actor, kind: "user" as const, summary, subjectUserId: admin.userId }], app.clock());
    });
    if (!before) return reply.code(404).send(NO_USER);
    return { name };
  });

  app.delete("/api/admin/users/:id", { preHandler: requireOwner }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid user address.");
    const actor = activityActor(adminOf(request));
    try {
      const deleted = await users.delete(id, (trx, old) =>
        recordActivity(
          trx,
          [
            {
              actor,
              kind: "user",
              summary: `deleted the user ${displayName({ name: old.name, email: old.username })}`,
              subjectUserId: id,
            },
          ],
          app.clock(),
        ),
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
    const admin = adminOf(request);
    const user = await users.findById(id);
    if (!user) return reply.code(404).send(NO_USER);
    // An owner ending their own sessions here keeps the one they are using.
    const ended = await sessions.deleteAllOf(id, id === admin.userId ? admin.sessionId : undefined);
    await activity.record({
      actor: activityActor(admin),
      kind: "session",
      summary: `ended ${ended} ${ended === 1 ? "session" : "sessions"} of ${displayName({ name: user.name, email: user.username })}`,
      subjectUserId: id,
    });
    return { ended };
  });

  // ---- invitations ----

  /** Writes an invitation (revoking a pending one to the same address) and queues its e-mail when mail is set up. */
  async function invite(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { email: string; role: UserRole; name?: string | null | undefined },
    resent = false,
  ) {
    const email = normalizeUsername(input.email);
    const existing = await users.findByUsername(email);
    if (existing) {
      const message = existing.deactivatedAt
        ? `${email} has a deactivated account: reactivate it on the Team page instead.`
        : `${email} is on the team already.`;
      return reply.code(409).send({ message, errors: { email: message } });
    }
    const admin = adminOf(request);
    const actor = activityActor(admin);
    const origin = linkOrigin(app);
    const { mail, business } = app.config.delivery;
    const created = await invitations.create({
      email,
      role: input.role,
      name: input.name ?? null,
      createdBy: admin.userId,
      actor,
      summary: `${resent ? "sent a new invitation" : "invited"} ${email} as ${roleWords(input.role)}`,
      // Sent by the account mails' worker after this answer; the owner sees its state on the Team page.
      ...(mail && app.mailer
        ? {
            mail: (token: string, expiresAt: string) => ({
              ...invitationMail({
                to: email,
                companyName: business.companyName,
                invitedBy: actor.name,
                role: input.role,
                link: `${origin}/admin/invitation#${token}`,
                days: INVITATION_TTL_MS / 86_400_000,
              }),
              expiresAt,
            }),
          }
        : {}),
    });
    app.accountMail.wake();
    request.log.info({ role: input.role, emailed: created.view.mail !== null }, "invitation created");
    return reply.code(201).send({
      ...created.view,
      emailed: created.view.mail !== null,
      link: `${origin}/admin/invitation#${created.token}`,
    } satisfies TeamInvitation);
  }

  app.get("/api/admin/invitations", { preHandler: requireOwner }, async (): Promise<TeamInvitationsAnswer> => {
    // Pending ones, and the last 30 days' others (what happened to an invitation the owner sent).
    const rows = await invitations.list(new Date(app.clock().getTime() - 30 * 86_400_000));
    return { invitations: rows.map((row) => ({ ...row, emailed: row.mail !== null })) };
  });

  const inviteHandler = async (request: FastifyRequest, reply: FastifyReply) =>
    invite(request, reply, parseInput(invitationInput, request.body, "Please correct the highlighted fields."));
  app.post("/api/admin/invitations", { preHandler: requireOwner }, inviteHandler);
  app.post("/api/admin/users", { preHandler: requireOwner }, inviteHandler);

  app.post("/api/admin/invitations/:id/resend", { preHandler: requireOwner }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid invitation address.");
    const row = await invitations.findById(id);
    if (!row) return reply.code(404).send(NO_INVITATION);
    if (row.usedAt) return reply.code(409).send({ message: "This invitation has been accepted already." });
    return invite(request, reply, { email: row.email!, role: row.role as UserRole, name: row.name }, true);
  });

  app.delete("/api/admin/invitations/:id", { preHandler: requireOwner }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid invitation address.");
    const row = await invitations.findById(id);
    if (!row) return reply.code(404).send(NO_INVITATION);
    if (!(await invitations.withdraw(id, activityActor(adminOf(request)), `withdrew the invitation of ${row.email}`))) {
      return reply.code(409).send({ message: "Only a pending invitation can be withdrawn." });
    }
    return reply.code(204).send();
  });

  // The invitee's side: no session, limited per address like the sign-in.
  app.post(
    "/api/admin/invitations/lookup",
    { config: loginRateLimit(app.config) },
    async (request): Promise<InvitationLookup> => {
      const { token } = parseInput(linkLookup, request.body, "Open the whole link from the e-mail.");
      return invitations.lookup(token);
    },
  );

  app.post("/api/admin/invitations/accept", { config: loginRateLimit(app.config) }, async (request, reply) => {
    // The link first: an unknown, used, withdrawn or expired one is refused before the password is read or hashed.
    const { token } = parseInput(linkTokenOf, request.body, "Open the whole link from the e-mail.");
    const found = await invitations.lookup(token);
    if (found.state !== "pending") {
      const refusal = invitationRefusals[found.state];
      return reply.code(refusal.status).send({ message: refusal.message });
    }
    const input = await parseInputAsync(invitationAccept, request.body, "Please correct the highlighted fields.");
    const passwordHash = await hashWithinSignInBound(app, input.password);
    if (passwordHash === null) return sendHashBusy(reply);
    const outcome = await invitations.accept(token, passwordHash, input.name);
    if (outcome === "gone") return reply.code(410).send({ message: invitationRefusals.accepted.message });
    if ("taken" in outcome)
      return reply.code(409).send({ message: `${outcome.taken} has an account already. Sign in instead.` });
    const status = await app.adminSessions.completeSignIn(request, reply, outcome, "invitation");
    request.log.info({ userId: outcome.id, role: outcome.role }, "invitation accepted");
    return reply.code(201).send(status);
  });

  // ---- your own sessions ----

  app.get("/api/admin/sessions", { preHandler: requireAdmin }, async (request): Promise<AdminSessionsAnswer> => {
    const admin = adminOf(request);
    const rows = await sessions.listOf(admin.userId, app.clock());
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        device: deviceOf(row.userAgent),
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        current: row.id === admin.sessionId,
      })),
    };
  });

  app.delete("/api/admin/sessions/:id", { preHandler: requireAdmin }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, "Invalid session address.");
    const admin = adminOf(request);
    if (!(await sessions.deleteOne(admin.userId, id)))
      return reply.code(404).send({ message: "There is no such session (it may have ended already)." });
    await activity.record({
      actor: activityActor(admin),
      kind: "session",
      summary: id === admin.sessionId ? "signed out" : "ended one of their sessions",
      subjectUserId: admin.userId,
    });
    if (id === admin.sessionId) await app.adminSessions.logout(request, reply);
    return reply.code(204).send();
  });

  app.delete("/api/admin/sessions", { preHandler: requireAdmin }, async (request, reply) => {
    const { all } = parseInput(sessionsQuery, request.query, "Invalid parameters.");
    const admin = adminOf(request);
    const ended = await sessions.deleteAllOf(admin.userId, all === "true" ? undefined : admin.sessionId);
    await activity.record({
      actor: activityActor(admin),
      kind: "session",
      summary:
        all === "true" ? "signed out everywhere" : `ended ${ended} other ${ended === 1 ? "session" : "sessions"}`,
      subjectUserId: admin.userId,
    });
    if (all === "true") await app.adminSessions.logout(request, reply);
    return { ended };
  });
}
