import type { Kysely } from "kysely";
import { chatServices, type ChatService } from "../../contract/chat-channel.ts";
import type { Database } from "../db/schema.ts";

// The chat channel (issue 36, point 2; contract/chat-channel.ts), the one owner of the chat_channel table
// (migration 0023): one row, or none until the owner first sets it. Every instance reads the stored row (the
// planner in the lead's transaction, the sender at send time), so nothing is kept in memory.

const ROW = "chat";

/** The channel while it is on: the service and its incoming webhook's address (a secret). */
export type StoredChatChannel = { service: ChatService; url: string };
export type StoredChatSettings = { channel: StoredChatChannel | null; updatedAt: string | null };

/** The stored setting; `db` may be a transaction (a lead is planned with the channel as it was then). */
export async function readChatSettings(db: Kysely<Database>): Promise<StoredChatSettings> {
  const row = await db
    .selectFrom("chatChannel")
    .select(["service", "url", "updatedAt"])
    .where("id", "=", ROW)
    .executeTakeFirst();
  if (!row) return { channel: null, updatedAt: null };
  const service = chatServices.find((known) => known === row.service);
  return { channel: service && row.url ? { service, url: row.url } : null, updatedAt: row.updatedAt };
}

export function createChatChannelRepository(db: Kysely<Database>, clock: () => Date) {
  /** Stores the channel (null: off), by the user `by`; `inTransaction` runs in the same transaction (the Activity). */
  async function put(
    channel: StoredChatChannel | null,
    by: string,
    inTransaction: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const values = {
        service: channel?.service ?? null,
        url: channel?.url ?? null,
        updatedAt: clock().toISOString(),
        updatedBy: by,
      };
      await trx
        .insertInto("chatChannel")
        .values({ id: ROW, ...values })
        .onConflict((conflict) => conflict.column("id").doUpdateSet(values))
        .execute();
      await inTransaction(trx);
    });
  }

  return {
    read(): Promise<StoredChatSettings> {
      return readChatSettings(db);
    },
    put,
  };
}
