import type Mail from "nodemailer/lib/mailer";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadOf } from "../../repositories/leads/lead-tables.ts";
import { leadDisplayName, leadRequestSummary, leadSummary, replyByShortText, replyByText } from "../lead-summary.ts";
import { deliveryMessageId, escapeHtml, headerText, htmlDocument, rowsHtml, rowsText } from "./mail-parts.ts";

// The new-lead e-mail to the owner: it leads with when to reply and one button that opens the lead in the
// admin, then every field of the lead, the meeting in both time zones, and Reply-To the lead. Its plain text
// starts with a line a phone's lock screen shows whole: the deadline, the name and the service (issue 36).

export type OwnerMailInput<K extends LeadKind = LeadKind> = {
  kind: K;
  lead: LeadOf[K];
  /** The outbox row's id: the Message-ID is made from it, so a retry resends the same message. */
  deliveryId: string;
  /** MAIL_FROM */
  from: string;
  /** The delivery's recipients: the addresses in use when it was written (server/delivery/owner-channels.ts). */
  to: string[];
  ownerTimeZone: string;
  /** SITE_ORIGIN + /admin/leads/<kind>/<id>; null when SITE_ORIGIN is not set. */
  adminUrl: string | null;
};

const SUBJECT_MAX = 150;
/** What a phone's lock screen shows of a mail's text: the first line keeps within it. */
export const GLANCE_MAX = 90;
const NAME_MAX = 100;
/** Where a link to the lead would be, while SITE_ORIGIN is unset (the chat messages say the same). */
export const NO_LINK = "No link to the admin: SITE_ORIGIN is not set. Find the lead in the admin inbox.";
/** Issue 33: an answer given from the lead's page is recorded (the lead's timeline, speed to lead); one sent from a mail program is not. */
const ANSWER_IN_ADMIN =
  "Answer from the lead's page in the admin (Reply, or Log a call) so the answer is recorded. Replying to this e-mail writes to the lead directly, but nothing records it.";

/**
 * "Reply by Tue, Nov 24, 10:04 AM EST: Ada Lovelace — SEO Services", within GLANCE_MAX characters: the
 * deadline whole, then the name and the service shortened (the service to half the room at most) as needed.
 */
export function glanceLine(replyByShort: string, name: string, request: string): string {
  const prefix = `Reply by ${replyByShort}: `;
  const room = GLANCE_MAX - prefix.length - " — ".length;
  const requestRoom = Math.min(headerText(request, room).length, Math.max(Math.floor(room / 2), room - name.length));
  const shortRequest = headerText(request, requestRoom);
  return `${prefix}${headerText(name, room - shortRequest.length)} — ${shortRequest}`;
}

export function ownerMail<K extends LeadKind>({
  kind,
  lead,
  deliveryId,
  from,
  to,
  ownerTimeZone,
  adminUrl,
}: OwnerMailInput<K>): Mail.Options {
  const name = leadDisplayName(lead);
  const request = leadRequestSummary(kind, lead);
  const rows = leadSummary(kind, lead, { ownerTimeZone });
  const heading = kind === "contacts" ? "New contact request" : "New service inquiry";
  const subject = headerText(`New lead: ${name} — ${request}`, SUBJECT_MAX);

  const replyBy = replyByText(lead.replyBy, ownerTimeZone);
  const glance = glanceLine(replyByShortText(lead.replyBy, ownerTimeZone), name, request);
  const text = [
    glance,
    adminUrl ? `Open the lead: ${adminUrl}` : NO_LINK,
    "",
    `${heading} from ${name}. Reply by ${replyBy}.`,
    "",
    rowsText(rows),
    "",
    ANSWER_IN_ADMIN,
    "",
  ].join("\n");

  // One button, a link styled as one (mail programs drop scripts and most CSS): white on #1d4ed8 is 6.7:1.
  const button = adminUrl
    ? `<p style="margin:16px 0"><a href="${escapeHtml(adminUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;font-weight:bold;text-decoration:none">Open the lead</a></p>`
    : `<p>${escapeHtml(NO_LINK)}</p>`;
  const html = htmlDocument(
    subject,
    [
      // The inbox list's preview line, hidden in the message itself.
      `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(glance)}</div>`,
      `<p style="font-size:20px;margin:0 0 4px"><strong>Reply by ${escapeHtml(replyBy)}</strong></p>`,
      `<p style="margin:0">${escapeHtml(name)} — ${escapeHtml(request)}</p>`,
      button,
      `<h1 style="font-size:18px">${escapeHtml(heading)} from ${escapeHtml(name)}</h1>`,
      rowsHtml(rows),
      `<p style="color:#555">${escapeHtml(ANSWER_IN_ADMIN)}</p>`,
    ].join("\n"),
  );

  return {
    from,
    to,
    // An address object: nodemailer encodes the name, so nothing in it can become a header or a second address.
    replyTo: { name: headerText(name, NAME_MAX), address: lead.email },
    subject,
    text,
    html,
    messageId: deliveryMessageId(deliveryId, from),
  };
}
