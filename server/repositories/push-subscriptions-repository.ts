import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { PushDevice, PushSubscriptionInput } from "../../contract/push-subscriptions.ts";
import type { Database } from "../db/schema.ts";
import type { QuietHours } from "../../contract/quiet-hours.ts";
import { quietHoursColumns, quietHoursOf } from "./users/users-repository.ts";

// The users' web-push subscriptions (migration 0021), the one owner of push_subscriptions. A browser that
// subscribes again (new keys, or another user signed in on it) replaces its row: the endpoint is unique.

const deviceOf = (row: { id: string; deviceName: string; endpoint: string; createdAt: string }): PushDevice => ({
  id: row.id,
  deviceName: row.deviceName,
  service: new URL(row.endpoint).host,
  createdAt: new Date(row.createdAt).toISOString(),
});

export type StoredPushSubscription = { id: string; endpoint: string; p256dh: string; auth: string };

/** A device that hears of a lead, named for the owner's deliveries view: "Pixel (ana@example.com)", with its user's quiet hours. */
export type PushTarget = { id: string; recipient: string; quiet: QuietHours | null };

/**
 * The devices of the users who hear of a new lead: every active owner's, and the assignee's when the lead
 * has one. Read in the lead's transaction by the delivery planner (server/delivery/plan.ts).
 */
export async function pushTargets(trx: Kysely<Database>, assigneeId: string | null = null): Promise<PushTarget[]> {
  const rows = await trx
    .selectFrom("pushSubscriptions")
    .innerJoin("users", "users.id", "pushSubscriptions.userId")
    .select(["pushSubscriptions.id", "pushSubscriptions.deviceName", "users.username"])
    .select(quietHoursColumns.map((column) => `users.${column}` as const))
    .where("users.deactivatedAt", "is", null)
    .where((eb) =>
      assigneeId === null
        ? eb("users.role", "=", "owner")
        : eb.or([eb("users.role", "=", "owner"), eb("users.id", "=", assigneeId)]),
    )
    .orderBy("pushSubscriptions.createdAt")
    .orderBy("pushSubscriptions.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    recipient: `${row.deviceName} (${row.username})`,
    quiet: quietHoursOf(row),
  }));
}

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

    /** The device a push delivery goes to, with what encrypting for it needs; undefined once removed. */
    async get(id: string): Promise<StoredPushSubscription | undefined> {
      return db
        .selectFrom("pushSubscriptions")
        .select(["id", "endpoint", "p256dh", "auth"])
        .where("id", "=", id)
        .executeTakeFirst();
    },

    /** How many devices of active owners hear of new leads (the admin's "nothing reaches you" banner). */
    async ownerDeviceCount(): Promise<number> {
      return (await pushTargets(db)).length;
    },

    /** A device the push service says is gone (404, 410): no user's device any more. */
    async removeGone(id: string): Promise<void> {
      await db.deleteFrom("pushSubscriptions").where("id", "=", id).execute();
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
