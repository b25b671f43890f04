import type { Kysely } from "kysely";
import { displayName, PASSWORD_RESET_TTL_MS } from "../../../contract/team.ts";
import type { Database } from "../../db/schema.ts";
import { createAccountMailsRepository } from "../account-mails-repository.ts";
import { recordActivity } from "../activity/activity-repository.ts";
import { createPasskeysRepository } from "./passkeys-repository.ts";
import { normalizeUsername } from "./users-repository.ts";
import { createVerificationsRepository, verificationState, type VerificationState } from "./verifications.ts";

// Password resets by e-mail (issue 23; issue 32 findings 1, 2, 4 and 5): a request is queued the same way
// for every address (one row in the account mails' outbox), the worker makes the link only for an active
// account, and the link is used in one transaction: the new password, every session ended, the passkeys
// removed when the user asked, and the activity record.

export type PasswordResetOutcome =
  | { outcome: "done"; user: { id: string; username: string }; removedPasskeys: number }
  /** Used, revoked or expired meanwhile (of two tabs, one wins). */
  | { outcome: "gone" }
  /** The account was deactivated or deleted since the link was made. */
  | { outcome: "inactive" };

export function createPasswordResetsRepository(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const verifications = createVerificationsRepository(db, clock);
  const mails = createAccountMailsRepository(db);
  const passkeys = createPasskeysRepository(db, clock);

  return {
    /** A reset asked for `address` (finding 4: the same single insert whether it has an account or not). */
    async request(address: string): Promise<void> {
      const now = clock();
      await mails.queuePasswordReset(normalizeUsername(address), now, new Date(now.getTime() + PASSWORD_RESET_TTL_MS));
    },

    /**
     * A fresh link for the active account of `address`, replacing its previous one, with the activity record;
     * null when the address has no active account. Answers the token (the only time it is known).
     */
    async createLink(address: string): Promise<{ token: string; username: string } | null> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom("users")
          .select(["id", "username", "deactivatedAt"])
          .where("username", "=", normalizeUsername(address))
          .executeTakeFirst();
        if (!user || user.deactivatedAt !== null) return null;
        await verifications.revokeAllOf(user.id, "password-reset", trx);
        const created = await verifications.create(
          { type: "password-reset", ttlMs: PASSWORD_RESET_TTL_MS, userId: user.id },
          trx,
        );
        await recordActivity(
          trx,
          [
            {
              actor: null,
              kind: "user",
              summary: `a password reset link was e-mailed to ${user.username}`,
              subjectUserId: user.id,
            },
          ],
          clock(),
        );
        return { token: created.token, username: user.username };
      });
    },

    /** A token's state and, for the holder of a link that works, whether the account has passkeys. */
    async lookup(token: string): Promise<{ state: VerificationState | "unknown"; hasPasskeys: boolean }> {
      const row = await verifications.find("password-reset", token);
      if (!row) return { state: "unknown", hasPasskeys: false };
      const state = verificationState(row, clock());
      if (state !== "pending" || !row.userId) return { state, hasPasskeys: false };
      return { state, hasPasskeys: (await passkeys.countOf(row.userId)) > 0 };
    },

    /**
     * Uses the link: the new password, every session of the user ended, and with `removePasskeys` every
     * passkey removed, with the activity record; one transaction, so a refused link changes nothing.
     */
    async complete(
      token: string,
      passwordHash: string,
      { removePasskeys }: { removePasskeys: boolean },
    ): Promise<PasswordResetOutcome> {
      return db.transaction().execute(async (trx): Promise<PasswordResetOutcome> => {
        const used = await verifications.consume("password-reset", token, {}, trx);
        if (!used?.userId) return { outcome: "gone" };
        const user = await trx
          .selectFrom("users")
          .select(["id", "username", "name", "deactivatedAt"])
          .where("id", "=", used.userId)
          .executeTakeFirst();
        if (!user || user.deactivatedAt !== null) return { outcome: "inactive" };
        const now = clock().toISOString();
        await trx.updateTable("users").set({ passwordHash, updatedAt: now }).where("id", "=", user.id).execute();
        await trx.deleteFrom("sessions").where("userId", "=", user.id).execute();
        const removedPasskeys = removePasskeys ? await createPasskeysRepository(trx, clock).deleteAllOf(user.id) : 0;
        const passkeys =
          removedPasskeys === 0
            ? ""
            : ` and removed ${removedPasskeys === 1 ? "their passkey" : `their ${removedPasskeys} passkeys`}`;
        await recordActivity(
          trx,
          [
            {
              actor: { userId: user.id, name: displayName({ name: user.name, email: user.username }) },
              kind: "user",
              summary: `set a new password with a reset link${passkeys} (every session ended)`,
              subjectUserId: user.id,
            },
          ],
          clock(),
        );
        return { outcome: "done", user: { id: user.id, username: user.username }, removedPasskeys };
      });
    },
  };
}
