import type { FastifyBaseLogger } from "fastify";
import type Mail from "nodemailer/lib/mailer";
import type { ClaimedLeadMessage, LeadMessageOutbox } from "../repositories/leads/messages.ts";
import { createDrainLoop } from "./drain-loop.ts";
import { failureForLog } from "./failure-log.ts";
import { escapeHtml, headerText, htmlDocument } from "./mail/mail-parts.ts";
import { MailSendError, type MailTransport } from "./mail/mail-transport.ts";
import { nextAttemptAt } from "./schedule.ts";

// The replies users write to leads from the lead page (issue 33): queued by the request in its transaction
// (repositories/leads/answers.ts), sent here through the server's mail transport with the lead outbox's
// retries (schedule.ts). A message is marked sent in the step right after the transport accepts it; a
// worker that dies in between leaves it "sending" until its lease ends, when it is sent again with the same
// Message-ID (mail systems de-duplicate by it). A 5xx answer is final: the message fails at once with the
// server's words on the timeline, where "Send again" queues it anew.

/** Where the lead's answer goes: replies+<token>@domain of REPLY_TO_ADDRESS while replies are collected, else MAIL_FROM's address. */
export function replyToAddress(token: string | null, replyAddress: string | null, fromAddress: string): string {
  if (!replyAddress || !token) return fromAddress;
  const at = replyAddress.lastIndexOf("@");
  return `${replyAddress.slice(0, at)}+${token}@${replyAddress.slice(at + 1)}`;
}

/** The message as it goes out: plain text, and the same text as simple HTML paragraphs. */
export function replyMail(message: ClaimedLeadMessage, replyAddress: string | null): Mail.Options {
  const subject = headerText(message.subject, 200);
  const paragraphs = message.body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
  return {
    // Address objects: nodemailer encodes the names itself and takes each address as one mailbox.
    from: { name: message.fromName ? headerText(message.fromName, 100) : "", address: message.fromAddress },
    to: message.toAddress,
    replyTo: replyToAddress(message.replyToken, replyAddress, message.fromAddress),
    subject,
    text: message.body.endsWith("\n") ? message.body : `${message.body}\n`,
    html: htmlDocument(subject, paragraphs),
    messageId: message.messageId,
    ...(message.inReplyTo ? { inReplyTo: message.inReplyTo } : {}),
    ...(message.references ? { references: message.references } : {}),
  };
}

export type LeadReplyWorkerOptions = {
  outbox: LeadMessageOutbox;
  mailer: MailTransport;
  /** REPLY_TO_ADDRESS when replies are collected over IMAP (config.inbound), else null. */
  replyAddress: string | null;
  clock: () => Date;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** Longer than any send may take (the SMTP timeouts end well before). */
  leaseMs?: number;
  batch?: number;
};

export function createLeadReplyWorker({
  outbox,
  mailer,
  replyAddress,
  clock,
  log,
  pollMs = 5_000,
  leaseMs = 120_000,
  batch = 8,
}: LeadReplyWorkerOptions) {
  async function send(message: ClaimedLeadMessage): Promise<void> {
    try {
      await mailer.send(replyMail(message, replyAddress));
      await outbox.markSent(message.id, clock());
      log.info({ leadMessage: message.id, attempts: message.attempts }, "reply to a lead sent");
    } catch (error) {
      const now = clock();
      const final = error instanceof MailSendError && error.permanent;
      const next = final ? null : nextAttemptAt(message.attempts, new Date(message.createdAt), now);
      log.warn(
        { leadMessage: message.id, attempts: message.attempts, retryAt: next, failure: failureForLog(error) },
        next ? "reply to a lead failed; will retry" : "reply to a lead failed; gave up",
      );
      await outbox
        .markFailed(message.id, error instanceof Error ? error.message : String(error), next, now)
        .catch((markError: unknown) => log.warn({ err: markError }, "could not record a failed reply"));
    }
  }

  async function sendBatch(): Promise<boolean> {
    let claimed: ClaimedLeadMessage[];
    try {
      const now = clock();
      claimed = await outbox.claimDue(now, new Date(now.getTime() + leaseMs), batch);
    } catch (error) {
      log.warn(
        { err: error },
        "could not claim replies to leads (the database may be away); trying again at the next poll",
      );
      return false;
    }
    await Promise.all(claimed.map(send));
    return claimed.length === batch;
  }

  return createDrainLoop(sendBatch, { pollMs });
}
