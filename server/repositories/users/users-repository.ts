import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { TeamUser } from "../../../contract/team.ts";
import type { QuietHours } from "../../../contract/quiet-hours.ts";
import { isPostgres } from "../../db/dialect.ts";
import type { UserRole } from "../../../contract/user-roles.ts";
import type { Database } from "../../db/schema.ts";

/** What sign-in and the session checks need of a user. */
const accountColumns = ["id", "username", "passwordHash", "role", "name", "deactivatedAt", "totpEnabledAt"] as const;

/** A change refused because it would leave no active owner (contract/team.ts LAST_OWNER_MESSAGE). */
export class LastOwnerError extends Error {}

/**
 * Whether `userId` is the only active owner. On PostgreSQL the active owners' rows are locked first, so two
 * transactions that each demote one of the last two owners cannot both pass; SQLite's transactions run one
 * at a time already (they begin IMMEDIATE, server/db/connection.ts).
 */
async function isLastActiveOwner(trx: Transaction<Database>, userId: string): Promise<boolean> {
  let owners = trx.selectFrom("users").select("id").where("role", "=", "owner").where("deactivatedAt", "is", null);
  if (isPostgres(trx)) owners = owners.forUpdate();
  const rows = await owners.execute();
  return rows.length === 1 && rows[0]!.id === userId;
}

/** A user's stored quiet hours (migration 0024), or null when never set. */
export function quietHoursOf(row: {
  quietHoursEnabled: number | null;
  quietHoursStart: number | null;
  quietHoursEnd: number | null;
  quietHoursTimeZone: string | null;
}): QuietHours | null {
  if (row.quietHoursStart === null || row.quietHoursEnd === null || row.quietHoursTimeZone === null) return null;
  return {
    enabled: Boolean(row.quietHoursEnabled),
    startHour: Number(row.quietHoursStart),
    endHour: Number(row.quietHoursEnd),
    timeZone: row.quietHoursTimeZone,
  };
}

export const quietHoursColumns = [
  "quietHoursEnabled",
  "quietHoursStart",
  "quietHoursEnd",
  "quietHoursTimeZone",
] as const;

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
    async create(
      username: string,
      passwordHash: string,
      options: { role?: UserRole; name?: string | null } = {},
      trx: Kysely<Database> = db,
    ) {
      const now = clock().toISOString();
      return trx
        .insertInto("users")
        .values({
          id: randomUUID(),
          username: normalizeUsername(username),
          passwordHash,
          role: options.role ?? "owner",
          name: options.name ?? null,
          updatedAt: now,
        })
        .returning(["id", "username", "role", "name"])
        .executeTakeFirstOrThrow();
    },

    /** The user's quiet hours, null when never set (contract/quiet-hours.ts). */
    async quietHours(userId: string): Promise<QuietHours | null> {
      const row = await db.selectFrom("users").select(quietHoursColumns).where("id", "=", userId).executeTakeFirst();
      return row ? quietHoursOf(row) : null;
    },

    async setQuietHours(userId: string, quiet: QuietHours): Promise<void> {
      await db
        .updateTable("users")
        .set({
          quietHoursEnabled: quiet.enabled ? 1 : 0,
          quietHoursStart: quiet.startHour,
          quietHoursEnd: quiet.endHour,
          quietHoursTimeZone: quiet.timeZone,
          updatedAt: clock().toISOString(),
        })
        .where("id", "=", userId)
        .execute();
    },

    async findById(id: string) {
      return db.selectFrom("users").select(accountColumns).where("id", "=", id).executeTakeFirst();
    },

    /** Replaces the password hash with the same password's newer hash (a rehash), ending no session. */
    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db
        .updateTable("users")
        .set({ passwordHash, updatedAt: clock().toISOString() })
        .where("id", "=", userId)
        .execute();
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

    /** The team, owners first, then by name or address (GET /api/admin/users). */
    async list(): Promise<TeamUser[]> {
      const [rows, passkeys] = await Promise.all([
        db
          .selectFrom("users")
          .select(["id", "username", "name", "role", "deactivatedAt", "totpEnabledAt", "lastSignInAt", "createdAt"])
          .execute(),
        db
          .selectFrom("passkeys")
          .select((eb) => ["userId", eb.fn.countAll<number>().as("n")])
          .groupBy("userId")
          .execute(),
      ]);
      const passkeyCount = new Map(passkeys.map((row) => [row.userId, Number(row.n)]));
      return rows
        .map((row): TeamUser => ({
          id: row.id,
          email: row.username,
          name: row.name,
          role: row.role as UserRole,
          active: row.deactivatedAt === null,
          secondFactor: { totp: row.totpEnabledAt !== null, passkeys: passkeyCount.get(row.id) ?? 0 },
          lastSignInAt: row.lastSignInAt,
          createdAt: row.createdAt,
        }))
        .sort(
          (a, b) =>
            Number(b.role === "owner") - Number(a.role === "owner") ||
            (a.name ?? a.email).localeCompare(b.name ?? b.email),
        );
    },

    /**
     * Changes a user's role, name or active state in one transaction, by the last-owner rule (LastOwnerError).
     * Deactivating ends every session and known device of the user at once. `inTransaction` runs in the same
     * transaction (the activity record). Answers the user as it was before, or undefined when there is none.
     */
    async update(
      userId: string,
      patch: { role?: UserRole | undefined; name?: string | null | undefined; active?: boolean | undefined },
      inTransaction?: (
        trx: Transaction<Database>,
        before: { role: string; name: string | null; username: string; deactivatedAt: string | null },
      ) => Promise<void>,
    ) {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom("users")
          .select(["role", "name", "username", "deactivatedAt"])
          .where("id", "=", userId)
          .executeTakeFirst();
        if (!before) return undefined;
        const losesOwner =
          before.role === "owner" &&
          before.deactivatedAt === null &&
          ((patch.role !== undefined && patch.role !== "owner") || patch.active === false);
        if (losesOwner && (await isLastActiveOwner(trx, userId))) throw new LastOwnerError();
        const now = clock().toISOString();
        const deactivating = patch.active === false && before.deactivatedAt === null;
        await trx
          .updateTable("users")
          .set({
            ...(patch.role !== undefined ? { role: patch.role } : {}),
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.active === false
              ? { deactivatedAt: before.deactivatedAt ?? now }
              : patch.active === true
                ? { deactivatedAt: null }
                : {}),
            updatedAt: now,
          })
          .where("id", "=", userId)
          .execute();
        if (deactivating) {
          await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
          await trx.deleteFrom("knownDevices").where("userId", "=", userId).execute();
        }
        await inTransaction?.(trx, before);
        return before;
      });
    },

    /** Deletes a user by the last-owner rule (LastOwnerError); sessions, devices, passkeys and codes go with it. */
    async delete(
      userId: string,
      inTransaction?: (trx: Transaction<Database>, before: { name: string | null; username: string }) => Promise<void>,
    ) {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom("users")
          .select(["role", "name", "username", "deactivatedAt"])
          .where("id", "=", userId)
          .executeTakeFirst();
        if (!before) return false;
        if (before.role === "owner" && before.deactivatedAt === null && (await isLastActiveOwner(trx, userId)))
          throw new LastOwnerError();
        await inTransaction?.(trx, before);
        await trx.deleteFrom("users").where("id", "=", userId).execute();
        return true;
      });
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
