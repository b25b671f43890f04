import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** Usernames are e-mail addresses, compared without regard to case. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** `clock`: the app's (AppOptions.clock), for the users' updatedAt. */
export function createUsersRepository(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  return {
    async findByUsername(username: string) {
      return db
        .selectFrom("users")
        .select(["id", "username", "passwordHash"])
        .where("username", "=", normalizeUsername(username))
        .executeTakeFirst();
    },

    async create(username: string, passwordHash: string) {
      const now = clock().toISOString();
      return db
        .insertInto("users")
        .values({ id: randomUUID(), username: normalizeUsername(username), passwordHash, updatedAt: now })
        .returning(["id", "username"])
        .executeTakeFirstOrThrow();
    },

    async findById(id: string) {
      return db.selectFrom("users").select(["id", "username", "passwordHash"]).where("id", "=", id).executeTakeFirst();
    },

    /**
     * Sets a new password and ends every session of the user, in one transaction; the session that made
     * the change (keepSessionHash) may stay signed in.
     */
    async setPassword(userId: string, passwordHash: string, keepSessionHash?: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("users")
          .set({ passwordHash, updatedAt: clock().toISOString() })
          .where("id", "=", userId)
          .execute();
        let sessions = trx.deleteFrom("sessions").where("userId", "=", userId);
        if (keepSessionHash) sessions = sessions.where("tokenHash", "!=", keepSessionHash);
        await sessions.execute();
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
