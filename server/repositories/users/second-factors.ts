import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { openSecret, sealSecret } from "../../lib/secret-box.ts";
import { newRecoveryCodes, normalizeRecoveryCode } from "../../lib/totp.ts";
import { insertAccountMail, type AccountMail } from "../account-mails-repository.ts";
import { recordActivity, type ActivityRecord } from "../activity/activity-repository.ts";
import { createServerSecretsRepository } from "../server-secrets-repository.ts";
import { createPasskeysRepository } from "./passkeys-repository.ts";
import { createSessionsRepository } from "./sessions-repository.ts";
import { createVerificationsRepository } from "./verifications.ts";

// A user's second factors (issue 23): the TOTP secret (encrypted at rest, lib/secret-box.ts), the ten
// recovery codes and the TOTP steps already used (single-use codes in `verifications`, hashed), whether
// the team requires a second factor (team_settings). Whether a user has one is the sign-in's rule
// (adminSessions.secondFactorsOf).
// A change to the factors takes the e-mail that tells the user (`notice`, issue 32): it is queued in the
// account mails' outbox in the change's own transaction, so it goes out if and only if the change is made.

/** A TOTP step stays marked used past the codes' one-step drift either way. */
const USED_STEP_TTL_MS = 3 * 30_000;

export function createSecondFactorsRepository(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const verifications = createVerificationsRepository(db, clock);
  const secrets = createServerSecretsRepository(db);
  let key: Promise<string> | undefined;
  const totpKey = () => (key ??= secrets.get("totp-key"));

  return {
    async teamSettings(): Promise<{ requireSecondFactor: boolean }> {
      const row = await db
        .selectFrom("teamSettings")
        .select("requireSecondFactor")
        .where("id", "=", "team")
        .executeTakeFirst();
      return { requireSecondFactor: row?.requireSecondFactor === 1 };
    },

    async setRequireSecondFactor(required: boolean): Promise<void> {
      await db
        .updateTable("teamSettings")
        .set({ requireSecondFactor: required ? 1 : 0, updatedAt: clock().toISOString() })
        .where("id", "=", "team")
        .execute();
    },

    /** Stores a new secret, encrypted, not on until confirmTotp (an app half set up does not lock anyone out). */
    async startTotp(userId: string, secretBase32: string): Promise<void> {
      const box = sealSecret(secretBase32, await totpKey());
      await db
        .updateTable("users")
        .set({ totpSecret: box, totpEnabledAt: null, updatedAt: clock().toISOString() })
        .where("id", "=", userId)
        .execute();
    },

    /** The user's TOTP secret, and whether it is on. */
    async totpOf(userId: string): Promise<{ secret: string; enabled: boolean } | null> {
      const row = await db
        .selectFrom("users")
        .select(["totpSecret", "totpEnabledAt"])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!row?.totpSecret) return null;
      const secret = openSecret(row.totpSecret, await totpKey());
      return secret ? { secret, enabled: row.totpEnabledAt !== null } : null;
    },

    /** Turns TOTP on and answers a new set of recovery codes (the old ones end). */
    async confirmTotp(userId: string, notice?: AccountMail): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable("users")
          .set({ totpEnabledAt: clock().toISOString(), updatedAt: clock().toISOString() })
          .where("id", "=", userId)
          .execute();
        if (notice) await insertAccountMail(trx, notice, clock());
        return replaceRecoveryCodes(trx, userId);
      });
    },

    async disableTotp(userId: string, notice?: AccountMail): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("users")
          .set({ totpSecret: null, totpEnabledAt: null, updatedAt: clock().toISOString() })
          .where("id", "=", userId)
          .execute();
        await verifications.revokeAllOf(userId, "recovery-code", trx);
        if (notice) await insertAccountMail(trx, notice, clock());
      });
    },

    /** Ten new recovery codes; the old ones stop working. */
    async newRecoveryCodes(userId: string, notice?: AccountMail): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        if (notice) await insertAccountMail(trx, notice, clock());
        return replaceRecoveryCodes(trx, userId);
      });
    },

    /**
     * Removes every second factor of a user (an owner's or the command line's doing, when a factor may have
     * been added by someone else): the app and its recovery codes, every passkey, and every session (a stolen
     * one may be what added the factor). One transaction with its activity record and the user's notice.
     */
    async removeAll(
      userId: string,
      record: ActivityRecord,
      notice?: AccountMail,
    ): Promise<{ totp: boolean; passkeys: number; sessionsEnded: number }> {
      return db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom("users").select("totpEnabledAt").where("id", "=", userId).executeTakeFirst();
        await trx
          .updateTable("users")
          .set({ totpSecret: null, totpEnabledAt: null, updatedAt: clock().toISOString() })
          .where("id", "=", userId)
          .execute();
        await verifications.revokeAllOf(userId, "recovery-code", trx);
        const passkeys = await createPasskeysRepository(trx, clock).deleteAllOf(userId);
        const sessionsEnded = await createSessionsRepository(trx).deleteAllOf(userId);
        await recordActivity(trx, [record], clock());
        if (notice) await insertAccountMail(trx, notice, clock());
        return { totp: Boolean(user?.totpEnabledAt), passkeys, sessionsEnded };
      });
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const row = await db
        .selectFrom("verifications")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("userId", "=", userId)
        .where("type", "=", "recovery-code")
        .where("usedAt", "is", null)
        .where("revokedAt", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Uses one of the user's recovery codes; false when it is not one, or was used. */
    async useRecoveryCode(userId: string, code: string): Promise<boolean> {
      return (
        (await verifications.consume("recovery-code", `${userId}:${normalizeRecoveryCode(code)}`, { userId })) !==
        undefined
      );
    },

    /** Marks a TOTP step used; false when it was (the same code twice: a replay). */
    async useTotpStep(userId: string, step: number): Promise<boolean> {
      try {
        await verifications.create({ type: "totp-step", ttlMs: USED_STEP_TTL_MS, userId, token: `${userId}:${step}` });
        return true;
      } catch (error) {
        // The unique (type, token_hash) index refused a second row for the step.
        if (await verifications.find("totp-step", `${userId}:${step}`)) return false;
        throw error;
      }
    },
  };

  async function replaceRecoveryCodes(trx: Kysely<Database>, userId: string): Promise<string[]> {
    const inTrx = createVerificationsRepository(trx, clock);
    await inTrx.revokeAllOf(userId, "recovery-code");
    const codes = newRecoveryCodes();
    // Each code is stored as the SHA-256 of "<user id>:<code>": the same code of two users never collides.
    for (const code of codes)
      await inTrx.create({ type: "recovery-code", ttlMs: null, userId, token: `${userId}:${code}` });
    return codes;
  }
}
