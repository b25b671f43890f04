import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { UserRole } from "../../../contract/user-roles.ts";
import type { Database } from "../../db/schema.ts";

export type SessionUser = {
  sessionId: string;
  userId: string;
  username: string;
  role: UserRole;
  name: string | null;
  expiresAt: string;
  lastSeenAt: string;
  absoluteExpiresAt: string;
  /** When the user last proved who they are in this session (the sign-in, or a re-confirmation). */
  provenAt: string;
  /** The team requires a second factor and this user has none (issue 23). */
  secondFactorSetupRequired: boolean;
};

/** The longest User-Agent kept: enough to tell a browser and a system apart. */
const USER_AGENT_MAX = 300;

export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async create(session: {
      tokenHash: string;
      userId: string;
      now: Date;
      idleMs: number;
      maxMs: number;
      userAgent?: string | undefined;
      secondFactor?: boolean;
    }) {
      const now = session.now.getTime();
      const absoluteExpiresAt = new Date(now + session.maxMs).toISOString();
      const expiresAt = new Date(Math.min(now + session.idleMs, now + session.maxMs)).toISOString();
      const id = randomUUID();
      await db
        .insertInto("sessions")
        .values({
          tokenHash: session.tokenHash,
          id,
          userId: session.userId,
          userAgent: session.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
          secondFactor: session.secondFactor ? 1 : 0,
          lastSeenAt: session.now.toISOString(),
          provenAt: session.now.toISOString(),
          expiresAt,
          absoluteExpiresAt,
        })
        .execute();
      return { id, expiresAt };
    },

    /** The session's user while the session has not expired and the user is active. */
    async findActive(tokenHash: string, now: Date): Promise<SessionUser | undefined> {
      const row = await db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.userId")
        .select([
          "sessions.id as sessionId",
          "sessions.userId",
          "users.username",
          "users.role",
          "users.name",
          "sessions.expiresAt",
          "sessions.lastSeenAt",
          "sessions.absoluteExpiresAt",
          "sessions.provenAt",
          "sessions.createdAt",
          // One statement still: whether the team requires a second factor this user lacks.
          sql<number>`case when (select require_second_factor from team_settings where id = 'team') = 1
            and users.totp_enabled_at is null
            and not exists (select 1 from passkeys where passkeys.user_id = users.id) then 1 else 0 end`.as(
            "setupRequired",
          ),
        ])
        .where("sessions.tokenHash", "=", tokenHash)
        .where("sessions.expiresAt", ">", now.toISOString())
        .where("users.deactivatedAt", "is", null)
        .executeTakeFirst();
      if (!row) return undefined;
      const { setupRequired, provenAt, createdAt, ...session } = row;
      return {
        ...session,
        role: session.role as UserRole,
        provenAt: provenAt ?? createdAt,
        secondFactorSetupRequired: Number(setupRequired) === 1,
      };
    },

    async extend(tokenHash: string, now: Date, expiresAt: string): Promise<void> {
      await db
        .updateTable("sessions")
        .set({ lastSeenAt: now.toISOString(), expiresAt })
        .where("tokenHash", "=", tokenHash)
        .execute();
    },

    /** The session's user proved who they are again (password or factor): changes to the factors are open for a while. */
    async markProven(sessionId: string, now: Date): Promise<void> {
      await db.updateTable("sessions").set({ provenAt: now.toISOString() }).where("id", "=", sessionId).execute();
    },

    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom("sessions").where("tokenHash", "=", tokenHash).execute();
    },

    /** A user's sessions that have not expired, most recently used first (the Account page). */
    async listOf(userId: string, now: Date) {
      return db
        .selectFrom("sessions")
        .select(["id", "userAgent", "createdAt", "lastSeenAt", "tokenHash"])
        .where("userId", "=", userId)
        .where("expiresAt", ">", now.toISOString())
        .orderBy("lastSeenAt", "desc")
        .execute();
    },

    /** Ends one of a user's sessions by its public id; false when the user has no such session. */
    async deleteOne(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("sessions")
        .where("userId", "=", userId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Ends every session of a user, but the one with `keepId`; answers how many ended. */
    async deleteAllOf(userId: string, keepId?: string): Promise<number> {
      let query = db.deleteFrom("sessions").where("userId", "=", userId);
      if (keepId) query = query.where("id", "!=", keepId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom("sessions").where("expiresAt", "<=", now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
