import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { PushDevice, PushSubscriptionInput } from "../../contract/push-subscriptions.ts";
import type { Database } from "../db/schema.ts";

// The users' web-push subscriptions (migration 0021), the one owner of push_subscriptions. A browser that
// subscribes again (new keys, or another user signed in on it) replaces its row: the endpoint is unique.

const deviceOf = (row: { id: string; deviceName: string; endpoint: string; createdAt: string }): PushDevice => ({
  id: row.id,
  deviceName: row.deviceName,
  service: new URL(row.endpoint).host,
  createdAt: new Date(row.createdAt).toISOString(),
});

export function createPushSubscriptionsRepository(db: Kysely<Database>, clock: () => Date) {
  return {
    /** A user's devices, oldest first. */
    async list(userId: string): Promise<PushDevice[]> {
      const rows = await db
        .selectFrom("pushSubscriptions")
        .select(["id", "deviceName", "endpoint", "createdAt"])
        .where("userId", "=", userId)
        .orderBy("createdAt")
        .orderBy("id")
        .execute();
      return rows.map(deviceOf);
    },

    /** Stores the browser's subscription for `userId`, or replaces the row its endpoint already has. */
    async save(userId: string, input: PushSubscriptionInput, deviceName: string): Promise<PushDevice> {
      const now = clock().toISOString();
      const row = await db
        .insertInto("pushSubscriptions")
        .values({
          id: randomUUID(),
          userId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          deviceName,
          createdAt: now,
          updatedAt: now,
        })
        .onConflict((conflict) =>
          conflict.column("endpoint").doUpdateSet({
            userId,
            p256dh: input.keys.p256dh,
            auth: input.keys.auth,
            deviceName,
            updatedAt: now,
          }),
        )
        .returning(["id", "deviceName", "endpoint", "createdAt"])
        .executeTakeFirstOrThrow();
      return deviceOf(row);
    },

    /** Removes one of the user's devices; false when the user has no such device. */
    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("pushSubscriptions")
        .where("id", "=", id)
        .where("userId", "=", userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
