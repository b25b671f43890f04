import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { MailTransportConfig } from "../../config.ts";

// How lead e-mails leave the server: SMTP (SMTP_URL), or .eml files a developer can open (MAIL_TRANSPORT=files).
// SMTP is not pooled: leads come a few at a time, a pool would keep idle connections the server drops, and a
// connection per message makes every attempt of the outbox independent. A dead or silent server fails within
// the timeouts below, so a worker's attempt never hangs.

export type MailTransport = {
  /** Sends one message; rejects with a MailSendError that keeps the SMTP server's answer. */
  send(message: Mail.Options): Promise<{ response: string; messageId: string }>;
  /** Connects (and signs in): what the SMTP server said, or where files are written. */
  verify(): Promise<string>;
  close(): void;
};

export type MailTransportOptions = {
  /** SMTP timeouts; the defaults bound a dead server to ~10 s and a stalled conversation to 15 s of silence. */
  timeoutsMs?: { connection?: number; greeting?: number; socket?: number };
  /** The files transport's clock (file names). */
  now?: () => Date;
};

/** A message the transport could not send; `message` ends with the server's answer ("550 5.1.1 ..."). */
export class MailSendError extends Error {
  /** The SMTP reply code, or null when the server never answered (refused, timed out). */
  readonly responseCode: number | null;
  /** A 5xx answer: sending the same message again will fail the same way. */
  readonly permanent: boolean;
  constructor(message: string, { responseCode, cause }: { responseCode: number | null; cause?: unknown }) {
    super(message, { cause });
    this.name = "MailSendError";
    this.responseCode = responseCode;
    this.permanent = responseCode !== null && responseCode >= 500;
  }
}

function toMailSendError(error: unknown): MailSendError {
  if (error instanceof MailSendError) return error;
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  const message = error instanceof Error ? error.message : String(error);
  return new MailSendError(message, { responseCode: typeof code === "number" ? code : null, cause: error });
}

const DEFAULT_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 15_000 };

export function createMailTransport(config: MailTransportConfig, options: MailTransportOptions = {}): MailTransport {
  return config.kind === "smtp" ? smtpTransport(config.url, options) : filesTransport(config.dir, options);
}

function smtpTransport(url: string, options: MailTransportOptions): MailTransport {
  const timeouts = { ...DEFAULT_TIMEOUTS_MS, ...options.timeoutsMs };
  const transporter = nodemailer.createTransport({
    url,
    pool: false,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  });
  const { hostname, port, username } = new URL(url);
  return {
    async send(message) {
      try {
        const info = await transporter.sendMail(message);
        const rejected = (info.rejected as (string | Mail.Address)[]).map((a) =>
          typeof a === "string" ? a : a.address,
        );
        return {
          response:
            rejected.length > 0 ? `${info.response} (refused recipients: ${rejected.join(", ")})` : info.response,
          messageId: info.messageId,
        };
      } catch (error) {
        throw toMailSendError(error);
      }
    },
    async verify() {
      try {
        await transporter.verify();
      } catch (error) {
        throw toMailSendError(error);
      }
      return `The SMTP server at ${hostname}${port ? `:${port}` : ""} accepted the connection${username ? " and the sign-in" : ""}.`;
    },
    close() {
      transporter.close();
    },
  };
}

/** A Message-ID or delivery id as a file name part: only the characters every file system takes. */
function fileNamePart(messageId: string): string {
  return messageId
    .replace(/^<|>$/g, "")
    .replace(/[^A-Za-z0-9._@-]+/g, "_")
    .slice(0, 120);
}

function filesTransport(dir: string, { now = () => new Date() }: MailTransportOptions): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(message) {
      try {
        const info = await transporter.sendMail(message);
        // Readable by the server's user only (issue 32, finding 10): a reset or an invitation carries its link.
        await mkdir(dir, { recursive: true, mode: 0o700 });
        // Colons are not allowed in Windows file names; the time stays sortable without them.
        const file = path.join(dir, `${now().toISOString().replace(/:/g, "-")}-${fileNamePart(info.messageId)}.eml`);
        await writeFile(file, info.message as Buffer, { flag: "wx", mode: 0o600 });
        return { response: `Written to ${file}`, messageId: info.messageId };
      } catch (error) {
        throw toMailSendError(error);
      }
    },
    async verify() {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      return `E-mails are written as .eml files to ${path.resolve(dir)} (MAIL_TRANSPORT=files).`;
    },
    close() {
      transporter.close();
    },
  };
}

/** The admin's "send test e-mail": a real message through the transport; resolves to the server's answer. */
export async function sendTestMail(
  transport: MailTransport,
  { from, to, now = new Date() }: { from: string; to: string; now?: Date },
): Promise<string> {
  const { response } = await transport.send({
    from,
    to,
    subject: "Test e-mail from your website",
    text: `This is a test e-mail sent at ${now.toISOString()} to check the e-mail settings of your website.\nNew leads are e-mailed the same way.\n`,
  });
  return response;
}
