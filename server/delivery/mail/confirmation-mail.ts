import type Mail from "nodemailer/lib/mailer";
import { CONFIRMATION_LINK_HOURS } from "../../../contract/notification-settings.ts";
import { escapeHtml, headerText, htmlDocument } from "./mail-parts.ts";

// The e-mail an address gets when the owner adds it for new leads: the confirmation link
// (routes/notifications/confirm.ts). Nothing is sent to the address before it is confirmed.

export type ConfirmationMailInput = {
  /** MAIL_FROM */
  from: string;
  to: string;
  /** <origin>/notifications/confirm?token=… */
  link: string;
  companyName: string;
};

export function confirmationMail({ from, to, link, companyName }: ConfirmationMailInput): Mail.Options {
  const subject = headerText(`Confirm this address for new leads from ${companyName}`, 150);
  const asked = `The admin of ${companyName}'s website asked for new leads to be e-mailed to ${to}.`;
  const how = `To confirm, open this link and press “Confirm” (it works once, for ${CONFIRMATION_LINK_HOURS} hours):`;
  const ignore = "If you did not expect this, ignore this e-mail: nothing will be sent to this address.";
  const text = [asked, "", how, link, "", ignore, ""].join("\n");
  const html = htmlDocument(
    subject,
    [
      `<p>${escapeHtml(asked)}</p>`,
      `<p>${escapeHtml(how)}</p>`,
      `<p><a href="${escapeHtml(link)}" style="color:#1d4ed8">Confirm ${escapeHtml(to)}</a></p>`,
      `<p style="color:#555">${escapeHtml(ignore)}</p>`,
    ].join("\n"),
  );
  return { from, to, subject, text, html };
}
