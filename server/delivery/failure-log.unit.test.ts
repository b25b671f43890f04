import { describe, expect, it } from "vitest";
import { failureForLog } from "./failure-log.ts";
import { MailSendError } from "./mail/mail-transport.ts";
import { WebhookError } from "./webhook.ts";

describe("failureForLog", () => {
  it("says how a mail failed by its codes, never the server's words (which may repeat the address)", () => {
    const refused = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <jane@example.com>"),
      { code: "EENVELOPE", command: "RCPT TO", rejected: ["jane@example.com"] },
    );
    expect(failureForLog(new MailSendError(refused.message, { responseCode: 550, cause: refused }))).toEqual({
      type: "MailSendError",
      smtpCode: 550,
      code: "EENVELOPE",
      smtpCommand: "RCPT TO",
    });
    const down = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), {
      code: "ESOCKET",
      originalCode: "ECONNREFUSED",
      command: "CONN",
    });
    expect(failureForLog(new MailSendError(down.message, { responseCode: null, cause: down }))).toEqual({
      type: "MailSendError",
      code: "ESOCKET",
      systemCode: "ECONNREFUSED",
      smtpCommand: "CONN",
    });
  });

  it("says how a webhook failed by its status, never the receiver's body (which may repeat the lead)", () => {
    expect(
      failureForLog(
        new WebhookError('HTTP 500 from https://hooks.example: could not store {"email":"jane@example.com"}', 500),
      ),
    ).toEqual({ type: "WebhookError", httpStatus: 500 });
    expect(failureForLog(new WebhookError("connection refused by https://hooks.example", null))).toEqual({
      type: "WebhookError",
      reason: "connection refused by https://hooks.example",
    });
  });

  it("keeps our own reasons", () => {
    expect(
      failureForLog(new Error("E-mail is not configured any more (SMTP_URL or MAIL_TRANSPORT, MAIL_FROM)")),
    ).toEqual({ type: "Error", reason: "E-mail is not configured any more (SMTP_URL or MAIL_TRANSPORT, MAIL_FROM)" });
  });
});
