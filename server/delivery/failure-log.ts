import { MailSendError } from "./mail/mail-transport.ts";
import { WebhookError } from "./webhook.ts";

// How a send failed, for the log: codes, never the other side's words. A mail server's answer may repeat
// the address it refused ("550 5.1.1 <jane@…>: Recipient address rejected") and a webhook receiver's body
// may repeat the lead; the full answer is stored with the delivery, where the owner reads it in the admin.

export type LoggedFailure = {
  type: string;
  smtpCode?: number;
  smtpCommand?: string;
  code?: string;
  systemCode?: string;
  httpStatus?: number;
  reason?: string;
};

const CODE = /^[A-Z][A-Z0-9_]{1,39}$/;
const COMMAND = /^[A-Z]{2,8}(?: [A-Z]{2,8})?$/;

export function failureForLog(error: unknown): LoggedFailure {
  if (error instanceof WebhookError) {
    // Without a status the receiver never answered: the message is ours (the origin, a timeout, a network code).
    return error.status !== null
      ? { type: error.name, httpStatus: error.status }
      : { type: error.name, reason: error.message };
  }
  if (!(error instanceof Error)) return { type: typeof error };
  // Not the other side's answer: the senders' own words ("E-mail is not configured any more") or the database's.
  if (!(error instanceof MailSendError)) return { type: error.name, reason: error.message.slice(0, 300) };
  const failure: LoggedFailure = { type: error.name };
  if (error.responseCode !== null) failure.smtpCode = error.responseCode;
  // nodemailer's error (the MailSendError's cause) says which step failed: EENVELOPE at RCPT TO, ECONNECTION, EAUTH.
  const cause = (error.cause ?? {}) as { code?: unknown; originalCode?: unknown; command?: unknown };
  if (typeof cause.code === "string" && CODE.test(cause.code)) failure.code = cause.code;
  // The network's own code under nodemailer's ESOCKET or ETIMEDOUT: ECONNREFUSED, ENOTFOUND.
  if (typeof cause.originalCode === "string" && CODE.test(cause.originalCode)) failure.systemCode = cause.originalCode;
  if (typeof cause.command === "string" && COMMAND.test(cause.command)) failure.smtpCommand = cause.command;
  return failure;
}
