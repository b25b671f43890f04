import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { UserRole } from "../../../contract/user-roles.ts";
import type { Database } from "../../db/schema.ts";

/** What sign-in and the session checks need of a user. */
const accountColumns = ["id", "username", "passwordHash", "role", "name", "deactivatedAt", "totpEnabledAt"] as const;

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
        .select(accountColumns)
        .where("username", "=", normalizeUsername(username))
        .executeTakeFirst();
    },

    /** A new account; an owner unless `role` says otherwise (ADMIN_EMAIL and `npm run admin` make owners). */
    async create(username: string, passwordHash: string, options: { role?: UserRole; name?: string | null } = {}, trx: Kysely<Database> = db) {
      const now = clock().toISOString();
      return trx
        .insertInto("users")
        .values({ id: randomUUID(), username: normalizeUsername(username), passwordHash, role: options.role ?? "owner", name: options.name ?? null, updatedAt: now })
        .returning(["id", "username", "role", "name"])
        .executeTakeFirstOrThrow();
    },

    async findById(id: string) {
      return db.selectFrom("users").select(accountColumns).where("id", "=", id).executeTakeFirst();
    },

    /**
     * A successful sign-in: remembers when, and replaces a password hash made with older parameters
     * (lib/passwords.ts needsRehash) by the one given, without ending any session.
     */
    async signedIn(userId: string, rehashed?: string): Promise<void> {
      const now = clock().toISOString();
      await db
        .updateTable("users")
        .set(rehashed ? { lastSignInAt: now, passwordHash: rehashed, updatedAt: now } : { lastSignInAt: now })
        .where("id", "=", userId)
        .execute();
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
