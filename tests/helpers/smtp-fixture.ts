import { afterAll, afterEach, beforeAll } from "vitest";
import { createMailTransport, type MailTransport } from "../../server/delivery/mail/mail-transport.ts";
import { startSmtpTestServer, type SmtpTestServer } from "./smtp-test-server.ts";

/**
 * For a test file that sends mail: a real SMTP server and a transport to it, started before the file's
 * tests, emptied after each and stopped after all. Read `smtp` and `transport` inside the tests.
 */
export function smtpServerForThisFile(): { readonly smtp: SmtpTestServer; readonly transport: MailTransport } {
  let smtp: SmtpTestServer | undefined;
  let transport: MailTransport | undefined;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    transport = createMailTransport({ kind: "smtp", url: smtp.url });
  });
  afterEach(() => {
    if (smtp) smtp.received.length = 0;
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.stop();
  });
  return {
    get smtp() {
      if (!smtp) throw new Error("the SMTP test server starts in beforeAll");
      return smtp;
    },
    get transport() {
      if (!transport) throw new Error("the mail transport starts in beforeAll");
      return transport;
    },
  };
}
