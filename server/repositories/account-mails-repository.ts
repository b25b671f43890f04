import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { isPostgres } from "../db/dialect.ts";
import type { AccountMailsTable, Database } from "../db/schema.ts";

// The account mails' outbox (account_mails, migration 0019): invitations, reset links and second-factor
// notices. A mail is written in the transaction that makes its reason (an invitation, a factor's change), so
// it is sent if and only if that commits; the worker (server/delivery/account-mail.ts) claims due rows with a
// lease, sends and records the outcome here. The body may hold a single-use link, so it is cleared as soon
// as the mail is sent or given up.
// A password-reset request is a row of kind "password-reset" with only the address asked for: written alike
// whether the address has an account or not, composed by the worker (a fresh link) or dropped.

export type AccountMailState = "pending" | "sending" | "sent" | "failed" | "dropped";
export type AccountMailKind = "mail" | "password-reset";

/** One mail to queue. `from` is added when it is sent (the server's MAIL_FROM). */
export type AccountMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The invitation link it carries, if any: the Team page shows an invitation's mail state by it. */
  verificationId?: string;
  /** Not sent after this (its link no longer works): given up instead. */
  expiresAt?: Date | string | null;
};

/** A row a worker holds: `attempts` counts this attempt. A "password-reset" row has no subject nor text yet. */
export type ClaimedAccountMail = {
  id: string;
  kind: AccountMailKind;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
  createdAt: string;
  expiresAt: string | null;
};

const isoOf = (at: Date | string | null | undefined) =>
  at == null ? null : typeof at === "string" ? at : at.toISOString();

/**
 * Queues one mail in `db` (pass the transaction that makes its reason); answers its id. The caller wakes the
 * worker after the commit (app.accountMail.wake()); else the next poll sends it.
 */
export async function insertAccountMail(db: Kysely<Database>, mail: AccountMail, now: Date): Promise<string> {
  const id = randomUUID();
  const at = now.toISOString();
  await db
    .insertInto("accountMails")
    .values({
      id,
      kind: "mail",
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      verificationId: mail.verificationId ?? null,
      state: "pending",
      nextAttemptAt: at,
      expiresAt: isoOf(mail.expiresAt),
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  return id;
}

type ClaimRow = Pick<
  AccountMailsTable,
  "id" | "recipient" | "subject" | "textBody" | "htmlBody" | "createdAt" | "expiresAt"
> & { kind: string; attempts: number };

export function createAccountMailsRepository(db: Kysely<Database>) {
  return {
    /**
     * A password reset asked for `address`: one insert, the same for every address (the worker finds out
     * whether it has an account). Not worth sending after `expiresAt`.
     */
    async queuePasswordReset(address: string, now: Date, expiresAt: Date): Promise<string> {
      const id = randomUUID();
      const at = now.toISOString();
      await db
        .insertInto("accountMails")
        .values({
          id,
          kind: "password-reset",
          recipient: address,
          subject: "",
          state: "pending",
          nextAttemptAt: at,
          expiresAt: expiresAt.toISOString(),
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      return id;
    },

    /**
     * Takes up to `limit` due rows until `leaseUntil`: pending ones whose attempt has come and sending ones
     * whose worker died mid-send (at least once). SKIP LOCKED on PostgreSQL lets instances claim side by side.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedAccountMail[]> {
      const at = now.toISOString();
      let due = db
        .selectFrom("accountMails")
        .select("id")
        .where((eb) =>
          eb.or([
            eb.and([eb("state", "=", "pending"), eb("nextAttemptAt", "<=", at)]),
            eb.and([eb("state", "=", "sending"), eb("leaseUntil", "<=", at)]),
          ]),
        )
        .orderBy("nextAttemptAt")
        .limit(limit);
      if (isPostgres(db)) due = due.forUpdate().skipLocked();
      const rows: ClaimRow[] = await db
        .updateTable("accountMails")
        .set({
          state: "sending",
          leaseUntil: leaseUntil.toISOString(),
          attempts: sql<number>`attempts + 1`,
          updatedAt: at,
        })
        .where("id", "in", due)
        .returning(["id", "kind", "recipient", "subject", "textBody", "htmlBody", "attempts", "createdAt", "expiresAt"])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind === "password-reset" ? "password-reset" : "mail",
        to: row.recipient,
        subject: row.subject,
        text: row.textBody ?? "",
        html: row.htmlBody,
        attempts: Number(row.attempts),
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
      }));
    },

    /** Sent: the body (and its link) is dropped. Only the worker still holding the lease may say so. */
    async markSent(id: string, now: Date): Promise<void> {
      const at = now.toISOString();
      await db
        .updateTable("accountMails")
        .set({
          state: "sent",
          sentAt: at,
          updatedAt: at,
          leaseUntil: null,
          nextAttemptAt: null,
          lastError: null,
          textBody: null,
          htmlBody: null,
        })
        .where("id", "=", id)
        .where("state", "=", "sending")
        .execute();
    },

    /** A reset asked for an address with no active account: nothing to send, and the address is not kept. */
    async markDropped(id: string, now: Date): Promise<void> {
      await db
        .updateTable("accountMails")
        .set({ state: "dropped", recipient: "", updatedAt: now.toISOString(), leaseUntil: null, nextAttemptAt: null })
        .where("id", "=", id)
        .where("state", "=", "sending")
        .execute();
    },

    /** Failed this attempt: again at `retryAt`, or given up (the body dropped) when it is null. */
    async markFailed(id: string, error: string, retryAt: Date | null, now: Date): Promise<void> {
      const giveUp = retryAt === null ? { textBody: null, htmlBody: null } : {};
      await db
        .updateTable("accountMails")
        .set({
          state: retryAt ? "pending" : "failed",
          nextAttemptAt: retryAt?.toISOString() ?? null,
          leaseUntil: null,
          lastError: error.slice(0, 2000),
          updatedAt: now.toISOString(),
          ...giveUp,
        })
        .where("id", "=", id)
        .where("state", "=", "sending")
        .execute();
    },

    /** The state of the latest mail of each of these verifications (an invitation's "pending", "sent", "failed"). */
    async statesOf(verificationIds: string[]): Promise<Map<string, AccountMailState>> {
      const states = new Map<string, AccountMailState>();
      if (verificationIds.length === 0) return states;
      const rows = await db
        .selectFrom("accountMails")
        .select(["verificationId", "state"])
        .where("verificationId", "in", verificationIds)
        .orderBy("createdAt")
        .execute();
      for (const row of rows) if (row.verificationId) states.set(row.verificationId, row.state as AccountMailState);
      return states;
    },

    /** Removes finished rows older than `keepMs` (the hourly sweep); they keep no body by then. */
    async deleteOld(now: Date, keepMs = 30 * 24 * 60 * 60 * 1000): Promise<number> {
      const before = new Date(now.getTime() - keepMs).toISOString();
      const result = await db
        .deleteFrom("accountMails")
        .where("state", "in", ["sent", "failed", "dropped"])
        .where("updatedAt", "<=", before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AccountMailsRepository = ReturnType<typeof createAccountMailsRepository>;
