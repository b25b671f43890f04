import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { spamSignalFields, type SubmissionReceipt } from "../../../contract/fields.ts";
import { IDEMPOTENCY_KEY_REUSED } from "../../../contract/idempotency-key.ts";
import type { Database } from "../../db/schema.ts";
import type { LeadInputOf } from "./lead-tables.ts";
import type { DeliveryPlanner } from "./deliveries.ts";
import type { FormTokenUse } from "./form-token-uses.ts";
import { insertLead, type SpamVerdict } from "./write.ts";

// Idempotency-Key: a lead stored with a key is stored once; the key is kept (with a fingerprint of the
// lead's fields) in the same transaction as the lead. A repeat answers the first receipt; the same key
// with other fields is refused. Two requests racing with one key: the primary key lets one insert win,
// the other rolls back (its form token unspent) and answers the winner's receipt. A retry is answered
// before its form token is looked at, so a retry of a stored lead is never judged a replayed token.

/** Kept at least this long (swept hourly after): far longer than any client retries a lost answer. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The same key was sent with other fields: 422 (as Stripe and the IETF draft answer). */
export class IdempotencyKeyReusedError extends Error {
  readonly statusCode = 422;
  constructor() {
    super(IDEMPOTENCY_KEY_REUSED);
  }
}

/** `spam`: whether this request stored the lead as spam (a replay stored nothing, so it does not say). */
export type StoredOnce = SubmissionReceipt & ({ replayed: true } | { replayed: false; spam: boolean });

const spamSignalNames = new Set(Object.keys(spamSignalFields));

/**
 * SHA-256 of the lead's fields as parsed (so spacing the contract trims does not count), keys sorted.
 * The spam signals are left out: a retry measures its own time to fill and may carry a newer token.
 */
export function leadFingerprint(kind: LeadKind, input: object): string {
  const fields = Object.entries(input)
    .filter(([name, value]) => !spamSignalNames.has(name) && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(JSON.stringify([kind, fields]))
    .digest("hex");
}

async function findKey(db: Kysely<Database>, kind: LeadKind, key: string) {
  return db
    .selectFrom("leadIdempotencyKeys")
    .select(["fingerprint", "leadId", "createdAt"])
    .where("leadKind", "=", kind)
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
}

function replay(found: { fingerprint: string; leadId: string; createdAt: string }, fingerprint: string): StoredOnce {
  if (found.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
  return { id: found.leadId, createdAt: found.createdAt, replayed: true };
}

/** Stores the lead unless `key` already stored one of this kind; answers the receipt either way. */
export async function insertLeadOnce<K extends LeadKind>(
  db: Kysely<Database>,
  kind: K,
  input: LeadInputOf[K],
  spam: SpamVerdict,
  key: string,
  plan: DeliveryPlanner,
  now: Date,
  token: FormTokenUse | null = null,
): Promise<StoredOnce> {
  const fingerprint = leadFingerprint(kind, input);
  const earlier = await findKey(db, kind, key);
  if (earlier) return replay(earlier, fingerprint);
  try {
    return await db.transaction().execute(async (trx) => {
      const lead = await insertLead(trx, kind, input, spam, plan, now, token);
      await trx
        .insertInto("leadIdempotencyKeys")
        .values({ leadKind: kind, idempotencyKey: key, fingerprint, leadId: lead.id, createdAt: lead.createdAt })
        .execute();
      return { id: lead.id, createdAt: lead.createdAt, replayed: false, spam: lead.status === "spam" };
    });
  } catch (error) {
    // Lost a race to a request with the same key: its row is committed now (PostgreSQL made this
    // insert wait for it; SQLite ran the two one after the other). Anything else is a real failure.
    const winner = await findKey(db, kind, key);
    if (!winner) throw error;
    return replay(winner, fingerprint);
  }
}

/** Removes keys past IDEMPOTENCY_KEY_TTL_MS at `now`; returns how many. */
export async function deleteExpiredIdempotencyKeys(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  const result = await db.deleteFrom("leadIdempotencyKeys").where("createdAt", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deleted leads (erasure, retention) take their keys with them. */
export async function deleteIdempotencyKeysOf(db: Kysely<Database>, kind: LeadKind, leadIds: string[]): Promise<void> {
  await db.deleteFrom("leadIdempotencyKeys").where("leadKind", "=", kind).where("leadId", "in", leadIds).execute();
}
