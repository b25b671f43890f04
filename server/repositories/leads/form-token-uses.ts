import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

// The used form tokens (used_form_tokens): a form token carries one lead (server/lib/form-tokens.ts). It is
// spent in the lead's own transaction, so a lead that is not stored leaves its token unspent, and the
// primary key decides between two instances storing leads on one token at once (PostgreSQL makes the
// second insert wait for the first transaction, then skip).

/** A token of ours as the table keeps it: its SHA-256, and when it expires anyway. */
export type FormTokenUse = { hash: string; expiresAt: Date };

/** Spends the token; false when a lead had already spent it (a replay). */
export async function spendFormToken(db: Kysely<Database>, token: FormTokenUse): Promise<boolean> {
  const result = await db
    .insertInto("usedFormTokens")
    .values({ tokenHash: token.hash, expiresAt: token.expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column("tokenHash").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Removes tokens past their expiry at `now` (they are refused as expired anyway); returns how many. */
export async function deleteExpiredFormTokenUses(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom("usedFormTokens").where("expiresAt", "<", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
