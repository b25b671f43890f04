import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

// The IMAP poller's row in mailbox_state (one per mailbox, id = the mailbox's name): where it is (UIDVALIDITY,
// the last UID it has dealt with), the lease that lets one instance poll at a time, and what the admin shows
// (the last good poll, the last error). This repository owns the table; the poller
// (server/delivery/inbound/poller.ts) takes it as `state`.

export type MailboxPlace = { uidValidity: string | null; lastUid: number };
export type MailboxStatus = { lastPolledAt: string | null; lastError: string | null };

export function createMailboxStateRepository(db: Kysely<Database>, mailbox: string) {
  const row = () => db.selectFrom("mailboxState").where("id", "=", mailbox);
  return {
    /**
     * Takes (or renews) the lease until `until` for `holder` when no other instance holds one that runs
     * past `now`: one conditional UPDATE, so two instances racing cannot both win (on either database).
     */
    async takeLease(holder: string, now: Date, until: Date): Promise<boolean> {
      await db
        .insertInto("mailboxState")
        .values({ id: mailbox, lastUid: 0 })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      const result = await db
        .updateTable("mailboxState")
        .set({ leaseHolder: holder, leaseUntil: until.toISOString() })
        .where("id", "=", mailbox)
        .where((eb) =>
          eb.or([
            eb("leaseHolder", "is", null),
            eb("leaseHolder", "=", holder),
            eb("leaseUntil", "<=", now.toISOString()),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async releaseLease(holder: string): Promise<void> {
      await db
        .updateTable("mailboxState")
        .set({ leaseHolder: null, leaseUntil: null })
        .where("id", "=", mailbox)
        .where("leaseHolder", "=", holder)
        .execute();
    },

    async place(): Promise<MailboxPlace> {
      const found = await row().select(["uidValidity", "lastUid"]).executeTakeFirst();
      return { uidValidity: found?.uidValidity ?? null, lastUid: found?.lastUid ?? 0 };
    },

    /** Saves the place; only the lease's holder may (an instance whose lease ran out writes nothing). */
    async savePlace(holder: string, place: MailboxPlace): Promise<boolean> {
      const result = await db
        .updateTable("mailboxState")
        .set(place)
        .where("id", "=", mailbox)
        .where("leaseHolder", "=", holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A poll's end: a good one clears the error; a failed one keeps the last good poll's time. */
    async recordPoll(now: Date, error: string | null): Promise<void> {
      await db
        .insertInto("mailboxState")
        .values({ id: mailbox, lastUid: 0 })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      await db
        .updateTable("mailboxState")
        .set(error === null ? { lastPolledAt: now.toISOString(), lastError: null } : { lastError: error })
        .where("id", "=", mailbox)
        .execute();
    },

    async status(): Promise<MailboxStatus> {
      const found = await row().select(["lastPolledAt", "lastError"]).executeTakeFirst();
      return { lastPolledAt: found?.lastPolledAt ?? null, lastError: found?.lastError ?? null };
    },
  };
}

export type MailboxStateRepository = ReturnType<typeof createMailboxStateRepository>;
