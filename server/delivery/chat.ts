import type { LeadKind } from "../../contract/admin-leads.ts";
import { chatServiceLabels, type ChatService } from "../../contract/chat-channel.ts";
import type { StoredChatChannel } from "../repositories/chat-channel-repository.ts";
import type { LeadOf } from "../repositories/leads/lead-tables.ts";
import {
  formInWords,
  leadDisplayName,
  leadRequestSummary,
  NOT_GIVEN,
  replyByShortText,
  shorten,
} from "./lead-summary.ts";
import { NO_LINK } from "./mail/owner-mail.ts";
import { postJson, WebhookError, type PostOptions } from "./webhook.ts";

// The chat channel (issue 36, point 2): a new lead as one message in the format of the owner's chat service,
// posted to its incoming webhook. Slack: Block Kit; Microsoft Teams: an Adaptive Card (what Workflows and the
// older connectors take); Google Chat: a cardsV2 card. The same facts in each: the lead's name, what they
// asked for, the form, the reply-by time and a link to the lead. The lead's words are escaped for each
// format, so a name cannot mention the channel or hide a link. The outbox owns retries; this module builds
// one message and sends one attempt.

const USER_AGENT = "agency-site-chat/1";
const NAME_MAX = 150;
const REQUEST_MAX = 300;

/**
 * The address as the admin shows it: its origin and last 4 characters ("https://hooks.slack.com/…x9Qz").
 * The rest is the secret that lets anyone post to the channel.
 */
export function maskChatUrl(url: string): string {
  return `${new URL(url).origin}/…${url.slice(-4)}`;
}

/** A chat delivery's recipient: "Slack (https://hooks.slack.com/…x9Qz)". */
export function chatRecipient(channel: StoredChatChannel): string {
  return `${chatServiceLabels[channel.service]} (${maskChatUrl(channel.url)})`;
}

/** What every service's message says, as plain text (each format escapes it its own way). */
export type ChatLeadFacts = {
  leadId: string;
  name: string;
  request: string;
  form: string;
  replyBy: string;
  /** SITE_ORIGIN + /admin/leads/<kind>/<id>; null while SITE_ORIGIN is unset. */
  adminUrl: string | null;
};

export function chatLeadFacts<K extends LeadKind>(
  kind: K,
  lead: LeadOf[K],
  { ownerTimeZone, adminUrl }: { ownerTimeZone: string; adminUrl: string | null },
): ChatLeadFacts {
  return {
    leadId: lead.id,
    name: shorten(leadDisplayName(lead), NAME_MAX),
    request: shorten(leadRequestSummary(kind, lead), REQUEST_MAX),
    form: formInWords(lead.formName) ?? NOT_GIVEN,
    replyBy: replyByShortText(lead.replyBy, ownerTimeZone),
    adminUrl,
  };
}

/** The three characters Slack's mrkdwn and Google Chat's card HTML give a meaning (`<!channel>`, `<url|text>`, tags). */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Text for an Adaptive Card's markdown (a FactSet's values): CommonMark's backslash escapes before the
 * characters that make links, emphasis and, at the start, headings or lists.
 */
function escapeCardMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]()<>~|]/g, "\\$&").replace(/^([#>+-]|\d+\.)/, "\\$1");
}

/** Google Chat's text message has no escape for its `<users/all>` and `<url|text>`: look-alike brackets instead. */
function withoutChatTags(text: string): string {
  return text.replace(/</g, "‹").replace(/>/g, "›");
}

/**
 * Slack (Block Kit through an incoming webhook): `text` for the notification, then a section with the name
 * and request, a context line with the form and the deadline, and a button that opens the lead. `verbatim`
 * keeps Slack from turning the lead's words into links or mentions; `&`, `<` and `>` are escaped as Slack
 * asks.
 */
export function slackLeadMessage(facts: ChatLeadFacts) {
  const name = escapeMarkup(facts.name);
  const request = escapeMarkup(facts.request);
  return {
    text: `New lead: ${name} — ${request}. Reply by ${escapeMarkup(facts.replyBy)}`,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*New lead: ${name}*\n${request}`, verbatim: true } },
      {
        type: "context",
        elements: [
          {
            type: "mrkdwn",
            text: `${escapeMarkup(facts.form)} · Reply by ${escapeMarkup(facts.replyBy)}`,
            verbatim: true,
          },
        ],
      },
      facts.adminUrl
        ? {
            type: "actions",
            elements: [
              {
                type: "button",
                action_id: "open-lead",
                text: { type: "plain_text", text: "Open the lead" },
                url: facts.adminUrl,
                style: "primary",
              },
            ],
          }
        : { type: "context", elements: [{ type: "plain_text", text: NO_LINK }] },
    ],
  };
}

const ADAPTIVE_CARD = "application/vnd.microsoft.card.adaptive";

type CardElement = { type: string } & Record<string, unknown>;

/** An Adaptive Card as Teams' Workflows webhook (and the older connectors) take it: a message with one attachment. */
function teamsMessage(body: CardElement[], actions: CardElement[]) {
  return {
    type: "message",
    attachments: [
      {
        contentType: ADAPTIVE_CARD,
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body,
          actions,
        },
      },
    ],
  };
}

/**
 * Microsoft Teams: a heading, the name and the request as TextRuns (an Adaptive Card never reads a TextRun
 * as markdown, and Teams' clients differ on markdown escapes), the form and the deadline as facts, and an
 * Open the lead action.
 */
export function teamsLeadMessage(facts: ChatLeadFacts) {
  const plain = (text: string, style: object = {}): CardElement => ({
    type: "RichTextBlock",
    inlines: [{ type: "TextRun", text, ...style }],
  });
  return teamsMessage(
    [
      { type: "TextBlock", text: "New lead", weight: "Bolder", size: "Medium", wrap: true },
      plain(facts.name, { weight: "Bolder", size: "Large" }),
      plain(facts.request),
      {
        type: "FactSet",
        facts: [
          { title: "Form", value: escapeCardMarkdown(facts.form) },
          { title: "Reply by", value: escapeCardMarkdown(facts.replyBy) },
        ],
      },
      ...(facts.adminUrl ? [] : [{ type: "TextBlock", text: NO_LINK, wrap: true, isSubtle: true }]),
    ],
    facts.adminUrl ? [{ type: "Action.OpenUrl", title: "Open the lead", url: facts.adminUrl }] : [],
  );
}

/**
 * Google Chat: `text` for the notification, and a card (cardsV2) with the facts as decorated text and a
 * button that opens the lead. Card text is a small HTML: the lead's words are escaped.
 */
export function googleChatLeadMessage(facts: ChatLeadFacts) {
  const fact = (label: string, text: string) => ({
    decoratedText: { topLabel: label, text: escapeMarkup(text), wrapText: true },
  });
  return {
    text: `New lead: ${withoutChatTags(facts.name)}`,
    cardsV2: [
      {
        cardId: `lead-${facts.leadId}`,
        card: {
          header: { title: "New lead", subtitle: `Reply by ${facts.replyBy}` },
          sections: [
            {
              widgets: [
                fact("Name", facts.name),
                fact("Asked for", facts.request),
                fact("Form", facts.form),
                fact("Reply by", facts.replyBy),
                facts.adminUrl
                  ? {
                      buttonList: {
                        buttons: [{ text: "Open the lead", onClick: { openLink: { url: facts.adminUrl } } }],
                      },
                    }
                  : { textParagraph: { text: escapeMarkup(NO_LINK) } },
              ],
            },
          ],
        },
      },
    ],
  };
}

/** A new lead's message in `service`'s format. */
export function chatLeadMessage(service: ChatService, facts: ChatLeadFacts): object {
  switch (service) {
    case "slack":
      return slackLeadMessage(facts);
    case "teams":
      return teamsLeadMessage(facts);
    case "google-chat":
      return googleChatLeadMessage(facts);
  }
}

/** The Settings button's message: one line in the service's own format. */
export function chatTestMessage(service: ChatService, companyName: string): object {
  const line = `Test message from ${companyName}'s website: new leads will be posted here.`;
  switch (service) {
    case "slack":
      return { text: escapeMarkup(line) };
    case "teams":
      return teamsMessage([{ type: "TextBlock", text: escapeCardMarkdown(line), wrap: true }], []);
    case "google-chat":
      return { text: withoutChatTags(line) };
  }
}

/** A post the chat service refused or never answered; the message says what to do (stored, or shown in Settings). */
export class ChatPostError extends WebhookError {
  constructor(message: string, status: number | null, answer: string) {
    super(message, status, answer);
    this.name = "ChatPostError";
  }
}

/** What the service's answer means for the owner: "Slack answered 404 (no_service): the webhook address no longer exists…". */
export function chatFailureText(service: ChatService, failure: WebhookError): string {
  const label = chatServiceLabels[service];
  const { status, answer } = failure;
  if (status === null) return `${label} could not be reached: ${failure.message}.`;
  const said = `${label} answered ${status}${answer ? ` (${answer})` : ""}`;
  if (status === 404 || status === 410)
    return `${said}: the webhook address no longer exists (the webhook, or its channel or space, was removed or archived). Make a new one in ${label} and paste it in Settings.`;
  if (status === 401 || status === 403)
    return `${said}: it refused the message (the webhook was turned off or may not post there). Check it in ${label}, or make a new one and paste it in Settings.`;
  if (status === 429) return `${said}: too many messages right now. Wait a minute and try again.`;
  if (status >= 500) return `${said}: a problem on ${label}'s side. Try again later.`;
  if (status >= 300 && status < 400)
    return `${said}: a redirect, which is not followed. Paste the webhook address exactly as ${label} gives it.`;
  return `${said}: it did not take the message. Check the address in Settings; if it is right, tell your developer.`;
}

/** One attempt: resolves when the service took the message (2xx), else rejects with a ChatPostError. */
export async function sendChatMessage(
  channel: StoredChatChannel,
  message: object,
  options: PostOptions = {},
): Promise<void> {
  try {
    await postJson(
      channel.url,
      JSON.stringify(message),
      { "user-agent": USER_AGENT },
      {
        ...options,
        redirectFix: `paste the address exactly as ${chatServiceLabels[channel.service]} gives it`,
      },
    );
  } catch (error) {
    if (!(error instanceof WebhookError)) throw error;
    throw new ChatPostError(chatFailureText(channel.service, error), error.status, error.answer);
  }
}
