import type { FastifyBaseLogger } from "fastify";
import type { AccountMailsRepository, ClaimedAccountMail } from "../repositories/account-mails-repository.ts";
import { createDrainLoop } from "./drain-loop.ts";
import { failureForLog } from "./failure-log.ts";
import type { MailTransport } from "./mail/mail-transport.ts";
import { nextAttemptAt } from "./schedule.ts";

// The account mails (issue 32, finding 4): an invitation, a password-reset link, a second factor added or
// removed. A request queues its mail in its own transaction and answers at once; this worker sends it with
// the lead outbox's retries (schedule.ts), so an address that has an account answers as fast as one that has
// none, and a mail server that is briefly away delays a mail instead of losing it.
//
// Use: `await insertAccountMail(trx, { to, subject, text, html? }, app.clock())` (the account mails' repository)
// inside the transaction, then `app.accountMail.wake()` after it commits (server/plugins/app/account-mail.ts). Queue only when mail is
// configured (`app.config.delivery.mail`): without it nothing would ever send the row.

/** What a row of kind "password-reset" becomes when it is sent: a fresh link's mail, or null (no active account). */
export type ComposePasswordReset = (
  address: string,
) => Promise<{ subject: string; text: string; html?: string } | null>;

export type AccountMailWorkerOptions = {
  mails: AccountMailsRepository;
  composePasswordReset: ComposePasswordReset;
  mailer: MailTransport;
  from: string;
  clock: () => Date;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** Longer than any send may take (the SMTP timeouts end well before). */
  leaseMs?: number;
  batch?: number;
};

/** When to try again, or null to give up: the lead outbox's schedule, and never past the link's expiry. */
export function retryAt(
  mail: Pick<ClaimedAccountMail, "attempts" | "createdAt" | "expiresAt">,
  now: Date,
): Date | null {
  const at = nextAttemptAt(mail.attempts, new Date(mail.createdAt), now);
  if (at && mail.expiresAt !== null && at.getTime() >= Date.parse(mail.expiresAt)) return null;
  return at;
}

export function createAccountMailWorker({
  mails,
  composePasswordReset,
  mailer,
  from,
  clock,
  log,
  pollMs = 5_000,
  leaseMs = 120_000,
  batch = 8,
}: AccountMailWorkerOptions) {
  async function send(mail: ClaimedAccountMail): Promise<void> {
    try {
      if (mail.expiresAt !== null && Date.parse(mail.expiresAt) <= clock().getTime())
        throw new Error("Its link expired before it could be sent.");
      // A reset request gets its link now (a retry makes a new one, which replaces the last).
      const message =
        mail.kind === "password-reset"
          ? await composePasswordReset(mail.to)
          : { subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) };
      if (!message) {
        await mails.markDropped(mail.id, clock());
        return;
      }
      await mailer.send({ from, to: mail.to, ...message });
      await mails.markSent(mail.id, clock());
      // By id only: the address and the body (a link) stay out of the log.
      log.info({ accountMail: mail.id, attempts: mail.attempts }, "account e-mail sent");
    } catch (error) {
      const now = clock();
      const next = retryAt(mail, now);
      log.warn(
        { accountMail: mail.id, attempts: mail.attempts, retryAt: next, failure: failureForLog(error) },
        next ? "account e-mail failed; will retry" : "account e-mail failed; gave up",
      );
      await mails
        .markFailed(mail.id, error instanceof Error ? error.message : String(error), next, now)
        .catch((markError: unknown) => log.warn({ err: markError }, "could not record a failed account e-mail"));
    }
  }

  /** One batch claimed and sent; whether it was full. */
  async function sendBatch(): Promise<boolean> {
    let claimed: ClaimedAccountMail[];
    try {
      const now = clock();
      claimed = await mails.claimDue(now, new Date(now.getTime() + leaseMs), batch);
    } catch (error) {
      log.warn(
        { err: error },
        "could not claim account e-mails (the database may be away); trying again at the next poll",
      );
      return false;
    }
    await Promise.all(claimed.map(send));
    return claimed.length === batch;
  }

  // A woken round starts after the caller's turn: a request that queued a mail answers before any of the
  // worker's queries run (a known address must not answer slower than an unknown one).
  return createDrainLoop(sendBatch, { pollMs, afterCallersTurn: true });
}
