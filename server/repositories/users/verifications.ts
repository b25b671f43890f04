import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, VerificationsTable } from "../../db/schema.ts";

// Every single-use code of the team's sign-in (issue 23) lives in one table, `verifications`, owned here:
// invitations, password resets, recovery codes, passkey challenges and the second-factor step of a sign-in.
// Only the SHA-256 of a token is stored; the token itself is in the link, the e-mail or the browser. A code
// is used once (consume() is one conditional update, so two requests cannot both use it) and, but for
// recovery codes, expires.

export type VerificationType =
  "invitation" | "password-reset" | "recovery-code" | "passkey-challenge" | "second-factor" | "totp-step";

export type Verification = VerificationsTable;

/** What a token's row says about it now. */
export type VerificationState = "pending" | "used" | "revoked" | "expired";

export function hashVerificationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A fresh token: 32 random bytes, base64url (URL- and cookie-safe). */
export function createVerificationToken(): string {
  return randomBytes(32).toString("base64url");
}

export function verificationState(
  row: Pick<Verification, "usedAt" | "revokedAt" | "expiresAt">,
  now: Date,
): VerificationState {
  if (row.usedAt) return "used";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt !== null && Date.parse(row.expiresAt) <= now.getTime()) return "expired";
  return "pending";
}

export type NewVerification = {
  type: VerificationType;
  /** null: does not expire (recovery codes only). */
  ttlMs: number | null;
  userId?: string | null;
  email?: string | null;
  role?: string | null;
  data?: Record<string, unknown> | null;
  createdBy?: string | null;
  /** A token the caller made (a WebAuthn challenge, a recovery code); a fresh random one by default. */
  token?: string;
};

/** `clock`: the app's (AppOptions.clock). */
export function createVerificationsRepository(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  return {
    /** Stores a new code; answers its id and the token (the only time the token is known). */
    async create(
      input: NewVerification,
      trx: Kysely<Database> = db,
    ): Promise<{ id: string; token: string; expiresAt: string | null }> {
      const now = clock();
      const token = input.token ?? createVerificationToken();
      const id = randomUUID();
      const expiresAt = input.ttlMs === null ? null : new Date(now.getTime() + input.ttlMs).toISOString();
      await trx
        .insertInto("verifications")
        .values({
          id,
          type: input.type,
          tokenHash: hashVerificationToken(token),
          userId: input.userId ?? null,
          email: input.email ?? null,
          role: input.role ?? null,
          data: input.data ? JSON.stringify(input.data) : null,
          createdBy: input.createdBy ?? null,
          createdAt: now.toISOString(),
          expiresAt,
        })
        .execute();
      return { id, token, expiresAt };
    },

    /** The row of a token, whatever its state (to say "expired" or "already used" on a page). */
    async find(type: VerificationType, token: string): Promise<Verification | undefined> {
      return db
        .selectFrom("verifications")
        .selectAll()
        .where("type", "=", type)
        .where("tokenHash", "=", hashVerificationToken(token))
        .executeTakeFirst();
    },

    /**
     * Uses a pending token: marks it used and answers its row, or undefined when it is unknown, used,
     * revoked or expired. `userId` narrows it to one user's codes (recovery codes). One conditional update:
     * of two requests with the same token, one wins.
     */
    async consume(
      type: VerificationType,
      token: string,
      options: { userId?: string } = {},
      trx: Kysely<Database> = db,
    ): Promise<Verification | undefined> {
      const now = clock().toISOString();
      let update = trx
        .updateTable("verifications")
        .set({ usedAt: now })
        .where("type", "=", type)
        .where("tokenHash", "=", hashVerificationToken(token))
        .where("usedAt", "is", null)
        .where("revokedAt", "is", null)
        .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", now)]));
      if (options.userId) update = update.where("userId", "=", options.userId);
      return update.returningAll().executeTakeFirst();
    },

    /** Revokes one code by id (an invitation the owner withdraws); false when it was not pending. */
    async revoke(id: string, type: VerificationType, trx: Kysely<Database> = db): Promise<boolean> {
      const now = clock().toISOString();
      const result = await trx
        .updateTable("verifications")
        .set({ revokedAt: now })
        .where("id", "=", id)
        .where("type", "=", type)
        .where("usedAt", "is", null)
        .where("revokedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Revokes every pending code of a type for a user (new recovery codes replace the old; a new reset link the last). */
    async revokeAllOf(userId: string, type: VerificationType, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .updateTable("verifications")
        .set({ revokedAt: clock().toISOString() })
        .where("userId", "=", userId)
        .where("type", "=", type)
        .where("usedAt", "is", null)
        .where("revokedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async findById(id: string): Promise<Verification | undefined> {
      return db.selectFrom("verifications").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** Removes codes that expired more than `keepMs` ago (the sweep; used rows stay until they expire). */
    async deleteExpired(now: Date, keepMs = 30 * 24 * 60 * 60 * 1000): Promise<number> {
      const before = new Date(now.getTime() - keepMs).toISOString();
      const result = await db.deleteFrom("verifications").where("expiresAt", "<=", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
