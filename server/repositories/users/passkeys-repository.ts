import type { Kysely } from "kysely";
import type { PasskeyView } from "../../../contract/two-factor.ts";
import type { Database } from "../../db/schema.ts";
import { insertAccountMail, type AccountMail } from "../account-mails-repository.ts";

// The users' passkeys (WebAuthn credentials, issue 23): the public key and signature counter of each, by
// credential id. Nothing secret is stored: a passkey's private key never leaves the authenticator. Adding or
// removing one queues the user's notice (`notice`, issue 32) in the same transaction.

export type StoredPasskey = {
  id: string;
  userId: string;
  publicKey: string;
  counter: number;
  transports: string[] | undefined;
};

export function createPasskeysRepository(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  return {
    async countOf(userId: string): Promise<number> {
      const row = await db
        .selectFrom("passkeys")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async listOf(userId: string): Promise<PasskeyView[]> {
      return db
        .selectFrom("passkeys")
        .select(["id", "name", "createdAt", "lastUsedAt"])
        .where("userId", "=", userId)
        .orderBy("createdAt", "asc")
        .execute();
    },

    /** The stored credentials of a user (to exclude at registration, or to allow at a second step). */
    async credentialsOf(userId: string): Promise<StoredPasskey[]> {
      const rows = await db
        .selectFrom("passkeys")
        .select(["id", "userId", "publicKey", "counter", "transports"])
        .where("userId", "=", userId)
        .execute();
      return rows.map((row) => ({
        ...row,
        counter: Number(row.counter),
        transports: row.transports ? (JSON.parse(row.transports) as string[]) : undefined,
      }));
    },

    async find(id: string): Promise<StoredPasskey | undefined> {
      const row = await db
        .selectFrom("passkeys")
        .select(["id", "userId", "publicKey", "counter", "transports"])
        .where("id", "=", id)
        .executeTakeFirst();
      return (
        row && {
          ...row,
          counter: Number(row.counter),
          transports: row.transports ? (JSON.parse(row.transports) as string[]) : undefined,
        }
      );
    },

    async create(
      passkey: {
        id: string;
        userId: string;
        publicKey: string;
        counter: number;
        transports: string[] | undefined;
        deviceType: string;
        backedUp: boolean;
        name: string;
      },
      notice?: AccountMail,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("passkeys")
          .values({
            id: passkey.id,
            userId: passkey.userId,
            publicKey: passkey.publicKey,
            counter: passkey.counter,
            transports: passkey.transports ? JSON.stringify(passkey.transports) : null,
            deviceType: passkey.deviceType,
            backedUp: passkey.backedUp ? 1 : 0,
            name: passkey.name,
            createdAt: clock().toISOString(),
          })
          .execute();
        if (notice) await insertAccountMail(trx, notice, clock());
      });
    },

    /** After a sign-in with it: the authenticator's new counter, and when. */
    async used(id: string, counter: number): Promise<void> {
      await db
        .updateTable("passkeys")
        .set({ counter, lastUsedAt: clock().toISOString() })
        .where("id", "=", id)
        .execute();
    },

    async rename(userId: string, id: string, name: string): Promise<boolean> {
      const result = await db
        .updateTable("passkeys")
        .set({ name })
        .where("userId", "=", userId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(userId: string, id: string, notice?: AccountMail): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom("passkeys")
          .where("userId", "=", userId)
          .where("id", "=", id)
          .executeTakeFirst();
        const deleted = Number(result.numDeletedRows) > 0;
        if (deleted && notice) await insertAccountMail(trx, notice, clock());
        return deleted;
      });
    },

    /** Removes every passkey of a user (pass the caller's transaction as `db`); answers how many. */
    async deleteAllOf(userId: string): Promise<number> {
      const result = await db.deleteFrom("passkeys").where("userId", "=", userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
