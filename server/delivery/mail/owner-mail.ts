import type Mail from "nodemailer/lib/mailer";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadOf } from "../../repositories/leads/lead-tables.ts";
import { leadDisplayName, leadRequestSummary, leadSummary, replyByText } from "../lead-summary.ts";
import { deliveryMessageId, escapeHtml, headerText, htmlDocument, rowsHtml, rowsText } from "./mail-parts.ts";

// The new-lead e-mail to the owner: every field of the lead, the meeting in both time zones, Reply-To the
// lead (one click answers them) and the link to the lead in the admin.

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
const NAME_MAX = 100;
const NO_LINK = "No link to the admin: SITE_ORIGIN is not set. Find the lead in the admin inbox.";
/** Issue 33: an answer given from the lead's page is recorded (the lead's timeline, speed to lead); one sent from a mail program is not. */
const ANSWER_IN_ADMIN =
  "Answer from the lead's page in the admin (Reply, or Log a call) so the answer is recorded. Replying to this e-mail writes to the lead directly, but nothing records it.";

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
  const text = [
    `${heading} from ${name}. Reply by ${replyBy}.`,
    "",
    rowsText(rows),
    "",
    adminUrl ? `Open in the admin: ${adminUrl}` : NO_LINK,
    ANSWER_IN_ADMIN,
    "",
  ].join("\n");

  const link = adminUrl
    ? `<p><a href="${escapeHtml(adminUrl)}" style="color:#1d4ed8">Open the lead in the admin</a></p>`
    : `<p>${escapeHtml(NO_LINK)}</p>`;
  const html = htmlDocument(
    subject,
    [
      `<h1 style="font-size:18px">${escapeHtml(heading)} from ${escapeHtml(name)}</h1>`,
      `<p><strong>Reply by ${escapeHtml(replyBy)}</strong></p>`,
      rowsHtml(rows),
      link,
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
