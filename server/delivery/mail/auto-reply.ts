import type Mail from "nodemailer/lib/mailer";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { replyPromiseOf } from "../../../contract/form-names.ts";
import { contactProductOptions } from "../../../contract/lead-options.ts";
import { isEchoableName } from "../../../contract/name-rule.ts";
import { publicForms } from "../../../contract/public-forms.ts";
import { serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import type { LeadOf } from "../../repositories/leads/lead-tables.ts";
import { requestedMeeting, type SummaryRow } from "../lead-summary.ts";
import { meetingRequestIcs } from "./ics.ts";
import {
  deliveryMessageId,
  escapeHtml,
  headerText,
  htmlDocument,
  parseMailbox,
  rowsHtml,
  rowsText,
} from "./mail-parts.ts";

// The confirmation to the lead (AUTO_REPLY=true): thanks, the reply promise of the page they used, what
// they asked for, and the requested meeting as an .ics file they can put in their calendar as tentative.
// Anyone can type any address into a form, so this mail says only our own words and values from closed
// lists (the form, the service, the products we offer, the meeting slot): no free text the visitor typed,
// and their name only when it passes the strict name rule (contract/name-rule.ts). Issue 19 point 1,
// decision 031; the owner's mail (owner-mail.ts) still shows everything.

export type AutoReplyInput<K extends LeadKind = LeadKind> = {
  kind: K;
  lead: LeadOf[K];
  deliveryId: string;
  /** MAIL_FROM */
  from: string;
  /** The site's public name and phone (its published settings), given by the caller. */
  companyName?: string;
  phone?: string;
  /** The owner's own words from the site's settings (issue 37), after the promise; empty: none. */
  ownWords?: string;
  /** The .ics DTSTAMP; the caller's clock. */
  now?: Date;
};

const NAME_MAX = 100;
const MEETING_MINUTES = 30;

/** The product labels a lead can hold that are ours: the contact form's chips and the short forms' fixed products. */
const knownProducts: ReadonlySet<string> = new Set<string>([
  ...contactProductOptions,
  ...[...publicForms.values()].flatMap((form) => form.products ?? []),
]);

/** What the lead asked for, from closed lists only: the form (when it is one of ours), the service or products, the meeting. */
function requestRows<K extends LeadKind>(kind: K, lead: LeadOf[K]): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const form = lead.formName ? publicForms.get(lead.formName) : undefined;
  if (form) rows.push({ label: "Form", value: form.title ? `${form.title} (${form.pagePath})` : form.pagePath });
  if (kind === "inquiries") {
    rows.push({ label: "Service", value: serviceTypeLabels[(lead as LeadOf["inquiries"]).serviceType] });
    return rows;
  }
  const contact = lead as LeadOf["contacts"];
  const products = contact.products.filter((product) => knownProducts.has(product));
  if (products.length > 0) rows.push({ label: "Products", value: products.join(", ") });
  // The date is an ISO date, the time one of the slots, the zone an IANA name (the contract checked them).
  const meeting = requestedMeeting(contact);
  if (meeting) rows.push({ label: "Requested meeting", value: meeting });
  return rows;
}

export function autoReplyMail<K extends LeadKind>({
  kind,
  lead,
  deliveryId,
  from,
  companyName,
  phone,
  ownWords = "",
  now = new Date(),
}: AutoReplyInput<K>): Mail.Options {
  const fromMailbox = parseMailbox(from);
  const ourName = companyName || fromMailbox.name;
  const sender = ourName || "our team";
  const rows = requestRows(kind, lead);
  // The words the lead's page showed them ("24 hours", "4 hours": contract/form-names.ts).
  const promise = `We will get back to you within ${replyPromiseOf(lead.formName)}.`;
  const call = phone ? `If it is urgent, call us at ${phone}.` : null;
  const contact = kind === "contacts" ? (lead as LeadOf["contacts"]) : null;
  const meeting = contact ? requestedMeeting(contact) : null;
  const meetingNote = meeting
    ? "The meeting time you asked for is requested, not yet booked: we will confirm it with you."
    : null;
  const subject = headerText(ourName ? `${ourName}: we received your request` : "We received your request", 150);
  const greeting = isEchoableName(lead.firstName) ? `Hello ${lead.firstName},` : "Hello,";
  // The To display name follows the same rule; otherwise the bare address.
  const toName =
    isEchoableName(lead.firstName) && isEchoableName(lead.lastName) ? `${lead.firstName} ${lead.lastName}` : null;

  const text = [
    greeting,
    "",
    `Thank you for contacting ${sender}. ${promise}`,
    ownWords.trim() || null,
    meetingNote,
    ...(rows.length > 0 ? ["", "Your request:", rowsText(rows)] : []),
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
      paragraph(greeting),
      paragraph(`Thank you for contacting ${sender}. ${promise}`),
      paragraph(ownWords.trim() || null),
      paragraph(meetingNote),
      rows.length > 0 ? `<h2 style="font-size:16px">Your request</h2>\n${rowsHtml(rows)}` : "",
      paragraph(call),
      paragraph(`— ${sender}`),
    ]
      .filter(Boolean)
      .join("\n"),
  );

  const ics =
    contact?.meetingDate && contact.meetingTime && contact.timezone
      ? meetingRequestIcs({
          uid: deliveryMessageId(deliveryId, from).slice(1, -1),
          start: {
            date: contact.meetingDate,
            hour: Number(contact.meetingTime.slice(0, 2)),
            timeZone: contact.timezone,
          },
          durationMinutes: MEETING_MINUTES,
          summary: `Meeting with ${sender} (requested — to be confirmed)`,
          description: `You asked for this meeting. It is not booked yet: ${sender} will confirm it.${phone ? ` Phone: ${phone}.` : ""}`,
          organizer: { name: sender, address: fromMailbox.address },
          now,
        })
      : null;

  return {
    from,
    // An address object: nodemailer takes the address as one mailbox and encodes the name itself.
    to: { name: toName ? headerText(toName, NAME_MAX) : "", address: lead.email },
    subject,
    text,
    html,
    messageId: deliveryMessageId(deliveryId, from),
    ...(ics && {
      attachments: [
        { filename: "meeting-request.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" },
      ],
    }),
  };
}
