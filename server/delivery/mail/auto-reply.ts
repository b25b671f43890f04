import type Mail from "nodemailer/lib/mailer";
import { replyWindowHours, type LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadOf } from "../../repositories/leads/lead-tables.ts";
import { leadDisplayName, requestedMeeting, submittedFields } from "../lead-summary.ts";
import { meetingRequestIcs } from "./ics.ts";
import { deliveryMessageId, escapeHtml, headerText, htmlDocument, parseMailbox, rowsHtml, rowsText } from "./mail-parts.ts";

// The confirmation to the lead (AUTO_REPLY=true): thanks, what they sent, the reply promise of the page
// they used, and the requested meeting as an .ics file they can put in their calendar as tentative.

export type AutoReplyInput<K extends LeadKind = LeadKind> = {
  kind: K;
  lead: LeadOf[K];
  deliveryId: string;
  /** MAIL_FROM */
  from: string;
  /** The site's public name and phone (build-time PUBLIC_ values), given by the caller. */
  companyName?: string;
  phone?: string;
  /** The .ics DTSTAMP; the caller's clock. */
  now?: Date;
};

const NAME_MAX = 100;
const MEETING_MINUTES = 30;

export function autoReplyMail<K extends LeadKind>({ kind, lead, deliveryId, from, companyName, phone, now = new Date() }: AutoReplyInput<K>): Mail.Options {
  const sender = companyName || parseMailbox(from).name || "our team";
  const hours = replyWindowHours(lead.formName);
  const rows = submittedFields(kind, lead);
  const promise = `We will get back to you within ${hours} hours.`;
  const call = phone ? `If it is urgent, call us at ${phone}.` : null;
  const contact = kind === "contacts" ? (lead as LeadOf["contacts"]) : null;
  const meeting = contact ? requestedMeeting(contact) : null;
  const meetingNote = meeting ? "The meeting time you asked for is requested, not yet booked: we will confirm it with you." : null;
  const subject = headerText(`Thank you, ${lead.firstName} — we received your request`, 150);

  const text = [
    `Hello ${lead.firstName},`,
    "",
    `Thank you for contacting ${sender}. ${promise}`,
    meetingNote,
    "",
    "What you sent us:",
    rowsText(rows),
    "",
    call,
    `— ${sender}`,
    "",
  ]
    .filter((line) => line !== null)
    .join("\n");

  const paragraph = (content: string | null) => (content ? `<p>${escapeHtml(content)}</p>` : "");
  const html = htmlDocument(
    subject,
    [
      paragraph(`Hello ${lead.firstName},`),
      paragraph(`Thank you for contacting ${sender}. ${promise}`),
      paragraph(meetingNote),
      `<h2 style="font-size:16px">What you sent us</h2>`,
      rowsHtml(rows),
      paragraph(call),
      paragraph(`— ${sender}`),
    ]
      .filter(Boolean)
      .join("\n"),
  );

  const fromMailbox = parseMailbox(from);
  const ics =
    contact?.meetingDate && contact.meetingTime && contact.timezone
      ? meetingRequestIcs({
          uid: deliveryMessageId(deliveryId, from).slice(1, -1),
          start: { date: contact.meetingDate, hour: Number(contact.meetingTime.slice(0, 2)), timeZone: contact.timezone },
          durationMinutes: MEETING_MINUTES,
          summary: `Meeting with ${sender} (requested — to be confirmed)`,
          description: `${leadDisplayName(lead)} asked for this meeting. It is not booked yet: ${sender} will confirm it.${phone ? ` Phone: ${phone}.` : ""}`,
          organizer: { name: sender, address: fromMailbox.address },
          now,
        })
      : null;

  return {
    from,
    to: { name: headerText(leadDisplayName(lead), NAME_MAX), address: lead.email },
    subject,
    text,
    html,
    messageId: deliveryMessageId(deliveryId, from),
    ...(ics && {
      attachments: [{ filename: "meeting-request.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
    }),
  };
}
