import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

// Devices (browsers) the admin has signed in from: they pass the per-account limit on failed
// sign-ins (docs/decisions/011-throttling.md). Rows hold only the SHA-256 of the cookie's token.

export function createKnownDevicesRepository(db: Kysely<Database>) {
  return {
    async create(device: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
      await db
        .insertInto("knownDevices")
        .values({ tokenHash: device.tokenHash, userId: device.userId, expiresAt: device.expiresAt.toISOString() })
        .execute();
    },

    /** Whether the token belongs to a device that signed in to `username`'s account and has not expired. */
    async isKnown(tokenHash: string, username: string, now: Date): Promise<boolean> {
      const row = await db
        .selectFrom("knownDevices")
        .innerJoin("users", "users.id", "knownDevices.userId")
        .select("knownDevices.tokenHash")
        .where("knownDevices.tokenHash", "=", tokenHash)
        .where("users.username", "=", username)
        .where("knownDevices.expiresAt", ">", now.toISOString())
        .executeTakeFirst();
      return row !== undefined;
    },

    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom("knownDevices").where("tokenHash", "=", tokenHash).execute();
    },

    async deleteExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom("knownDevices").where("expiresAt", "<=", now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
