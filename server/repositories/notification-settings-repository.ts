import type { Kysely } from "kysely";
import { CONFIRMATION_LINK_HOURS } from "../../contract/notification-settings.ts";
import type { Database } from "../db/schema.ts";
import { createSessionToken, hashSessionToken } from "../lib/session-tokens.ts";

// The owner's notification settings (contract/notification-settings.ts), the one owner of their tables
// (migration 0015): the addresses that receive new leads with their confirmation links, the auto-reply
// switch, the morning e-mail, and the claim of each day's morning e-mail. Every instance reads the stored
// rows: nothing is kept in memory. What the rows mean with the environment's defaults (the addresses in
// use, the auto-reply's state) is decided in server/delivery/owner-channels.ts.

const SETTINGS_ROW = "owner";
const HOUR_MS = 3_600_000;

export type StoredAddress = { address: string; tokenExpiresAt: string; addedAt: string; confirmedAt: string | null };
export type StoredNotificationSettings = {
  /** In the order they were added. */
  addresses: StoredAddress[];
  /** null: the environment's AUTO_REPLY decides. */
  autoReply: boolean | null;
  morningEmail: { enabled: boolean; hour: number };
};

/** An address just added or given a new link, with the link's token: only the e-mail ever holds it. */
export type IssuedLink = { address: string; token: string; expiresAt: string };

/** What a confirmation link is, as its page tells it. */
export type LinkState = { state: "waiting" | "confirmed" | "expired"; address: string } | { state: "unknown" };

/**
 * The stored settings; `db` may be a transaction (the delivery planner reads them in the lead's own, so a
 * lead is planned with the settings as they were when it was stored).
 */
export async function readNotificationSettings(db: Kysely<Database>): Promise<StoredNotificationSettings> {
  const [addresses, row] = await Promise.all([
    db
      .selectFrom("notifyAddresses")
      .select(["address", "tokenExpiresAt", "addedAt", "confirmedAt"])
      .orderBy("addedAt")
      .orderBy("address")
      .execute(),
    db
      .selectFrom("notificationSettings")
      .select(["autoReply", "morningEmailEnabled", "morningEmailHour"])
      .where("id", "=", SETTINGS_ROW)
      .executeTakeFirst(),
  ]);
  return {
    addresses,
    autoReply: row?.autoReply === null || row?.autoReply === undefined ? null : Number(row.autoReply) === 1,
    morningEmail: { enabled: Number(row?.morningEmailEnabled ?? 0) === 1, hour: Number(row?.morningEmailHour ?? 7) },
  };
}

function newLink(address: string, now: Date): IssuedLink & { tokenHash: string } {
  // The same 256-bit random token and SHA-256 at rest as a session's: a leaked table confirms nothing.
  const token = createSessionToken();
  return {
    address,
    token,
    tokenHash: hashSessionToken(token),
    expiresAt: new Date(now.getTime() + CONFIRMATION_LINK_HOURS * HOUR_MS).toISOString(),
  };
}

async function linkState(db: Kysely<Database>, token: string, now: Date): Promise<LinkState> {
  const row = await db
    .selectFrom("notifyAddresses")
    .select(["address", "tokenExpiresAt", "confirmedAt"])
    .where("tokenHash", "=", hashSessionToken(token))
    .executeTakeFirst();
  if (!row) return { state: "unknown" };
  if (row.confirmedAt !== null) return { state: "confirmed", address: row.address };
  return { state: Date.parse(row.tokenExpiresAt) <= now.getTime() ? "expired" : "waiting", address: row.address };
}

export type NotificationSettingsChange = {
  /** The whole new list: new addresses get a link, missing ones are removed (their links stop working). */
  addresses?: string[];
  autoReply?: boolean;
  morningEmail?: { enabled: boolean; hour: number };
};

export function createNotificationSettingsRepository(db: Kysely<Database>) {
  return {
    read(): Promise<StoredNotificationSettings> {
      return readNotificationSettings(db);
    },

    /** Applies a change in one transaction; answers the links of the addresses it added. */
    update(change: NotificationSettingsChange, now: Date): Promise<IssuedLink[]> {
      return db.transaction().execute(async (trx) => {
        const at = now.toISOString();
        const issued: IssuedLink[] = [];
        if (change.addresses) {
          const wanted = change.addresses.map((address) => address.toLowerCase());
          const existing = new Set(
            (await trx.selectFrom("notifyAddresses").select("address").execute()).map((row) => row.address),
          );
          const removed = [...existing].filter((address) => !wanted.includes(address));
          if (removed.length > 0) await trx.deleteFrom("notifyAddresses").where("address", "in", removed).execute();
          for (const address of wanted.filter((address) => !existing.has(address))) {
            const link = newLink(address, now);
            // Two admins adding one address at once: the second keeps the first's row and sends no link.
            const inserted = await trx
              .insertInto("notifyAddresses")
              .values({
                address,
                tokenHash: link.tokenHash,
                tokenExpiresAt: link.expiresAt,
                addedAt: at,
                confirmedAt: null,
              })
              .onConflict((oc) => oc.column("address").doNothing())
              .returning("address")
              .executeTakeFirst();
            if (inserted) issued.push({ address, token: link.token, expiresAt: link.expiresAt });
          }
        }
        if (change.autoReply !== undefined || change.morningEmail !== undefined) {
          await trx
            .updateTable("notificationSettings")
            .set({
              ...(change.autoReply !== undefined && { autoReply: change.autoReply ? 1 : 0 }),
              ...(change.morningEmail !== undefined && {
                morningEmailEnabled: change.morningEmail.enabled ? 1 : 0,
                morningEmailHour: change.morningEmail.hour,
              }),
              updatedAt: at,
            })
            .where("id", "=", SETTINGS_ROW)
            .execute();
        }
        return issued;
      });
    },

    /** A new link for an address still waiting (the old one stops working); undefined for an unknown or confirmed address. */
    async renewLink(address: string, now: Date): Promise<IssuedLink | undefined> {
      const link = newLink(address.toLowerCase(), now);
      const row = await db
        .updateTable("notifyAddresses")
        .set({ tokenHash: link.tokenHash, tokenExpiresAt: link.expiresAt })
        .where("address", "=", link.address)
        .where("confirmedAt", "is", null)
        .returning("address")
        .executeTakeFirst();
      return row && { address: link.address, token: link.token, expiresAt: link.expiresAt };
    },

    /** What the link of `token` is now (the page shown before its Confirm button is pressed). */
    linkState(token: string, now: Date): Promise<LinkState> {
      return linkState(db, token, now);
    },

    /**
     * Confirms the address of `token` if its link is unused and unexpired: one conditional update, so two
     * presses (or two instances) confirm once. Otherwise answers why not ("used" is a confirmed address).
     */
    async confirm(
      token: string,
      now: Date,
    ): Promise<{ outcome: "confirmed" | "used" | "expired"; address: string } | { outcome: "unknown" }> {
      const tokenHash = hashSessionToken(token);
      const at = now.toISOString();
      const confirmed = await db
        .updateTable("notifyAddresses")
        .set({ confirmedAt: at })
        .where("tokenHash", "=", tokenHash)
        .where("confirmedAt", "is", null)
        .where("tokenExpiresAt", ">", at)
        .returning("address")
        .executeTakeFirst();
      if (confirmed) return { outcome: "confirmed", address: confirmed.address };
      const state = await linkState(db, token, now);
      if (state.state === "unknown") return { outcome: "unknown" };
      return { outcome: state.state === "confirmed" ? "used" : "expired", address: state.address };
    },

    /**
     * Takes `day`'s morning e-mail for this instance: true when it is ours to send. One statement, an
     * insert keyed by the day that writes only when the day has no row, or an unsent one whose claim is
     * older than `leaseMs` (its instance died mid-send); RETURNING says whether it wrote. Instances racing
     * for one day cannot both win (PostgreSQL's second insert waits for the first and sees its row; SQLite
     * has one writer).
     */
    async claimMorningEmail(day: string, now: Date, leaseMs: number): Promise<boolean> {
      const cutoff = new Date(now.getTime() - leaseMs).toISOString();
      const row = await db
        .insertInto("morningEmails")
        .values({ day, claimedAt: now.toISOString(), sentAt: null })
        .onConflict((oc) =>
          oc
            .column("day")
            .doUpdateSet((eb) => ({ claimedAt: eb.ref("excluded.claimedAt") }))
            .where("morningEmails.sentAt", "is", null)
            .where("morningEmails.claimedAt", "<=", cutoff),
        )
        .returning("day")
        .executeTakeFirst();
      return row !== undefined;
    },

    async morningEmailSent(day: string, now: Date): Promise<void> {
      await db.updateTable("morningEmails").set({ sentAt: now.toISOString() }).where("day", "=", day).execute();
    },

    /** A send that failed gives the day back, so a later tick (of any instance) tries again. */
    async releaseMorningEmail(day: string): Promise<void> {
      await db.deleteFrom("morningEmails").where("day", "=", day).where("sentAt", "is", null).execute();
    },

    /** The hourly sweep: the days older than a month (a day is only ever claimed on the day). */
    async deleteOldMorningEmails(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - 31 * 24 * HOUR_MS).toISOString();
      const result = await db.deleteFrom("morningEmails").where("claimedAt", "<", cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type NotificationSettingsRepository = ReturnType<typeof createNotificationSettingsRepository>;
