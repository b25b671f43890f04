import { z } from "zod";
import type { Lead, LeadKind } from "./admin-leads.ts";
import { requiredText } from "./fields.ts";
import { serviceTypeLabels, type ServiceType } from "./service-inquiry.ts";

// Replies sent from a lead's page (issue 33, point 3) and the owner's reply templates.
//
//   GET    /api/admin/reply-templates             the templates (any user)      -> ReplyTemplatesAnswer
//   POST   /api/admin/reply-templates             { name, subject, body } (owner) -> ReplyTemplate (201)
//   PUT    /api/admin/reply-templates/:id         { name, subject, body } (owner) -> ReplyTemplate
//   DELETE /api/admin/reply-templates/:id         (owner)                        -> 204
//   POST   /api/admin/leads/:kind/:id/replies     { subject, body }              -> the queued message (202)
//   POST   /api/admin/leads/:kind/:id/replies/:messageId/retry  a failed one     -> the queued message (202)
//
// A template's text holds placeholders in double braces ({{firstName}}), filled in by renderTemplate with
// the lead's facts and the sender's when the reply is composed; the person sending edits the result.

export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 20_000;
export const TEMPLATE_NAME_MAX = 100;

/** What the compose panel sends (POST …/replies): the subject is one line, the body plain text. */
export const replyInput = z
  .object({
    subject: requiredText("subject", REPLY_SUBJECT_MAX),
    body: requiredText("message", REPLY_BODY_MAX, { multiline: true }),
  })
  .strict();
export type ReplyInput = z.input<typeof replyInput>;

/** An outgoing message's state: queued (waiting, or waiting for a retry), sending (a worker has it), sent, failed (given up). */
export const outgoingMessageStates = ["queued", "sending", "sent", "failed"] as const;
export type OutgoingMessageState = (typeof outgoingMessageStates)[number];
export const outgoingStateLabels: Record<OutgoingMessageState, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Not sent",
};

/** Every placeholder a template may use, with what it stands for (the template editor lists them). */
export const replyPlaceholders = {
  greeting: "“Hi Dana,” (or “Hello,” without a first name)",
  firstName: "The lead's first name",
  fullName: "The lead's first and last name",
  service: "The service they asked about (an inquiry's service, a contact's products)",
  bookingLink: "The link to book a call on the site",
  senderName: "Your name (as set on your account)",
  signature: "Your name, the company name and its phone number, one per line",
  companyName: "The company name",
} as const;
export type ReplyPlaceholder = keyof typeof replyPlaceholders;

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The placeholders in `text` that are not ours, as typed ("{{frist}}"), once each. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER)]
    .filter((match) => !(match[1]! in replyPlaceholders))
    .map((match) => match[0]);
  return [...new Set(unknown)];
}

const unknownPlaceholderMessage = (found: string[]) =>
  `Replace ${found.join(", ")}: the placeholders are ${Object.keys(replyPlaceholders)
    .map((name) => `{{${name}}}`)
    .join(", ")}.`;

const withKnownPlaceholders = <T extends z.ZodType<string>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    const found = unknownPlaceholders(value);
    if (found.length > 0) ctx.addIssue({ code: "custom", message: unknownPlaceholderMessage(found) });
  });

/** A template as the owner saves it (POST, PUT). */
export const replyTemplateInput = z
  .object({
    name: requiredText("template name", TEMPLATE_NAME_MAX),
    subject: withKnownPlaceholders(requiredText("subject", REPLY_SUBJECT_MAX)),
    body: withKnownPlaceholders(requiredText("message", REPLY_BODY_MAX, { multiline: true })),
  })
  .strict();
export type ReplyTemplateInput = z.input<typeof replyTemplateInput>;

export const replyTemplateParams = z.object({ id: z.uuid({ error: "id must be a template id" }).toLowerCase() });
export const replyMessageParams = z.object({
  messageId: z.uuid({ error: "messageId must be a message id" }).toLowerCase(),
});

export type ReplyTemplateContent = { name: string; subject: string; body: string };
export type ReplyTemplate = ReplyTemplateContent & { id: string; updatedAt: string };

/** What is used while the owner has saved no template of their own. */
export const defaultReplyTemplate: ReplyTemplateContent = {
  name: "First reply",
  subject: "Your request to {{companyName}}",
  body: [
    "{{greeting}}",
    "",
    "Thank you for getting in touch about {{service}}. I would be glad to talk it through with you.",
    "",
    "You can pick a time for a short call here: {{bookingLink}}",
    "Or reply to this e-mail with a few times that suit you.",
    "",
    "{{signature}}",
  ].join("\n"),
};

/** The facts of the signed-in sender and the business that templates use (from the server). */
export type ReplySender = { senderName: string; companyName: string; phone: string; bookingLink: string };

/** GET /api/admin/reply-templates: the saved templates (oldest first); `fallback` stands in while there are none. */
export type ReplyTemplatesAnswer = { items: ReplyTemplate[]; fallback: ReplyTemplateContent; sender: ReplySender };

/** The facts of a lead that templates use. */
export type ReplyLeadFacts = { firstName: string; lastName: string; service: string | null };

const listFormat = new Intl.ListFormat("en-US", { style: "long", type: "conjunction" });

/** What the lead asked about: an inquiry's service, a contact's products ("SEO Services and Website Design"), or null. */
export function serviceAskedAbout(kind: LeadKind, lead: Lead): string | null {
  if (kind === "inquiries") {
    const type = (lead as { serviceType: ServiceType }).serviceType;
    return serviceTypeLabels[type] ?? null;
  }
  const products = (lead as { products: string[] }).products;
  return products.length > 0 ? listFormat.format(products) : null;
}

export function replyLeadFacts(kind: LeadKind, lead: Lead): ReplyLeadFacts {
  return { firstName: lead.firstName, lastName: lead.lastName, service: serviceAskedAbout(kind, lead) };
}

/** Each placeholder's text for this lead and sender. */
export function placeholderValues(lead: ReplyLeadFacts, sender: ReplySender): Record<ReplyPlaceholder, string> {
  const firstName = lead.firstName.trim();
  return {
    greeting: firstName ? `Hi ${firstName},` : "Hello,",
    firstName,
    fullName: `${firstName} ${lead.lastName.trim()}`.trim(),
    service: lead.service ?? "our services",
    bookingLink: sender.bookingLink,
    senderName: sender.senderName,
    signature: [sender.senderName, sender.companyName, sender.phone].filter(Boolean).join("\n"),
    companyName: sender.companyName,
  };
}

/**
 * A template with its placeholders filled in. A placeholder that is not ours stays as typed (the editor
 * refuses them; an old template is shown as it is rather than losing text). The subject is one line.
 */
export function renderTemplate(
  template: Pick<ReplyTemplateContent, "subject" | "body">,
  lead: ReplyLeadFacts,
  sender: ReplySender,
): { subject: string; body: string } {
  const values = placeholderValues(lead, sender);
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? values[name as ReplyPlaceholder] : whole));
  return { subject: fill(template.subject).replace(/\s+/g, " ").trim(), body: fill(template.body) };
}
