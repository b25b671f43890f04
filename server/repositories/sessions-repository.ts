import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export type SessionUser = { userId: string; username: string; expiresAt: string; lastSeenAt: string; absoluteExpiresAt: string };

export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async create(session: { tokenHash: string; userId: string; now: Date; idleMs: number; maxMs: number }) {
      const now = session.now.getTime();
      const absoluteExpiresAt = new Date(now + session.maxMs).toISOString();
      const expiresAt = new Date(Math.min(now + session.idleMs, now + session.maxMs)).toISOString();
      await db
        .insertInto("sessions")
        .values({
          tokenHash: session.tokenHash,
          userId: session.userId,
          lastSeenAt: session.now.toISOString(),
          expiresAt,
          absoluteExpiresAt,
        })
        .execute();
      return { expiresAt };
    },

    /** The session's user while the session has not expired. */
    async findActive(tokenHash: string, now: Date): Promise<SessionUser | undefined> {
      return db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.userId")
        .select([
          "sessions.userId",
          "users.username",
          "sessions.expiresAt",
          "sessions.lastSeenAt",
          "sessions.absoluteExpiresAt",
        ])
        .where("sessions.tokenHash", "=", tokenHash)
        .where("sessions.expiresAt", ">", now.toISOString())
        .executeTakeFirst();
    },

    async extend(tokenHash: string, now: Date, expiresAt: string): Promise<void> {
      await db
        .updateTable("sessions")
        .set({ lastSeenAt: now.toISOString(), expiresAt })
        .where("tokenHash", "=", tokenHash)
        .execute();
    },

    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom("sessions").where("tokenHash", "=", tokenHash).execute();
    },

    async deleteExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom("sessions").where("expiresAt", "<=", now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
