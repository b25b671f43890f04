import type { TestEmailResult } from "../../contract/deliveries.ts";
import type { DeliveryConfig } from "../config.ts";
import type { StoredNotificationSettings } from "../repositories/notification-settings-repository.ts";
import { sendTestMail, type MailTransport } from "./mail/mail-transport.ts";
import { ownerEmailProblem, ownerEmailRecipients } from "./owner-channels.ts";

// The admin's "send a test e-mail" (POST /api/admin/settings/notifications/test and its older address,
// POST /api/admin/deliveries/test-email): a real message to the addresses new leads go to now.

export type TestEmailOutcome =
  { ok: true; result: TestEmailResult } | { ok: false; status: 409 | 502; message: string };

export const NO_MAIL_MESSAGE =
  "E-mail is not configured on the server: set SMTP_URL (or MAIL_TRANSPORT=files) and MAIL_FROM.";
export const NO_ADDRESS_MESSAGE =
  "No address receives new leads yet: add one in Settings and confirm it from the e-mail it gets (or set NOTIFY_EMAIL).";

export async function sendOwnerTestEmail({
  mailer,
  config,
  stored,
  now,
}: {
  mailer: MailTransport | null;
  config: DeliveryConfig;
  stored: StoredNotificationSettings;
  now: Date;
}): Promise<TestEmailOutcome> {
  const to = ownerEmailRecipients(stored, config);
  if (!mailer || !config.mail || !to) {
    return {
      ok: false,
      status: 409,
      message: ownerEmailProblem(stored, config) === "no-address" ? NO_ADDRESS_MESSAGE : NO_MAIL_MESSAGE,
    };
  }
  try {
    const response = await sendTestMail(mailer, { from: config.mail.from, to: to.join(", "), now });
    return { ok: true, result: { to, response } };
  } catch (error) {
    // The mail server's own answer is what the owner needs to fix the settings.
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, status: 502, message: `The mail server did not accept the test e-mail: ${reason}` };
  }
}
