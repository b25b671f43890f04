import { z } from "zod";

// What each chat service documents its incoming webhook to take, as strict schemas the chat tests check our
// messages against (written from the services' references, not from our code):
// - Slack, Block Kit (docs.slack.dev/reference/block-kit): `text` (the notification) and `blocks`; the block
//   types and element types listed there, text objects of type plain_text or mrkdwn (3,000 characters at most;
//   a button's 75), a link button's url.
// - Microsoft Teams, Workflows' "Post to a channel when a webhook request is received" (and the older
//   connectors): `{ type: "message", attachments: [{ contentType: "application/vnd.microsoft.card.adaptive",
//   content: <Adaptive Card> }] }`; the card's type, version, body elements and actions from adaptivecards.io.
// - Google Chat (developers.google.com/workspace/chat/api/reference/rest/v1/cards): `text` and `cardsV2`, each
//   `{ cardId, card: { header, sections: [{ widgets }] } }`, each widget exactly one of its kinds.

const slackText = (max: number) =>
  z
    .object({
      type: z.enum(["plain_text", "mrkdwn"]),
      text: z.string().min(1).max(max),
      emoji: z.boolean().optional(),
      verbatim: z.boolean().optional(),
    })
    .strict()
    .refine((text) => text.type === "mrkdwn" || text.verbatim === undefined, "verbatim is for mrkdwn only");

const slackButton = z
  .object({
    type: z.literal("button"),
    text: slackText(75).refine((text) => text.type === "plain_text", "a button's text is plain_text"),
    action_id: z.string().max(255).optional(),
    url: z.url().max(3000).optional(),
    value: z.string().max(2000).optional(),
    style: z.enum(["primary", "danger"]).optional(),
  })
  .strict();

export const slackMessageShape = z
  .object({
    text: z.string().min(1),
    blocks: z
      .array(
        z.discriminatedUnion("type", [
          z.object({ type: z.literal("section"), text: slackText(3000), block_id: z.string().optional() }).strict(),
          z.object({ type: z.literal("context"), elements: z.array(slackText(3000)).min(1).max(10) }).strict(),
          z.object({ type: z.literal("actions"), elements: z.array(slackButton).min(1).max(25) }).strict(),
          z.object({ type: z.literal("divider") }).strict(),
          z.object({ type: z.literal("header"), text: slackText(150) }).strict(),
        ]),
      )
      .max(50)
      .optional(),
  })
  .strict();

const cardText = z.string().min(1);
const cardElement = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("TextBlock"),
      text: cardText,
      wrap: z.boolean().optional(),
      weight: z.enum(["Default", "Lighter", "Bolder"]).optional(),
      size: z.enum(["Default", "Small", "Medium", "Large", "ExtraLarge"]).optional(),
      isSubtle: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal("RichTextBlock"),
      inlines: z
        .array(
          z
            .object({
              type: z.literal("TextRun"),
              text: cardText,
              weight: z.enum(["Default", "Lighter", "Bolder"]).optional(),
              size: z.enum(["Default", "Small", "Medium", "Large", "ExtraLarge"]).optional(),
            })
            .strict(),
        )
        .min(1),
    })
    .strict(),
  z
    .object({
      type: z.literal("FactSet"),
      facts: z.array(z.object({ title: cardText, value: cardText }).strict()).min(1),
    })
    .strict(),
]);

export const teamsMessageShape = z
  .object({
    type: z.literal("message"),
    attachments: z
      .array(
        z
          .object({
            contentType: z.literal("application/vnd.microsoft.card.adaptive"),
            contentUrl: z.null().optional(),
            content: z
              .object({
                $schema: z.literal("http://adaptivecards.io/schemas/adaptive-card.json"),
                type: z.literal("AdaptiveCard"),
                version: z.literal("1.4"),
                body: z.array(cardElement).min(1),
                actions: z
                  .array(z.object({ type: z.literal("Action.OpenUrl"), title: cardText, url: z.url() }).strict())
                  .optional(),
              })
              .strict(),
          })
          .strict(),
      )
      .length(1),
  })
  .strict();

/** One widget is exactly one of its kinds (the API's union field `data`). */
const googleWidget = z.union([
  z
    .object({
      decoratedText: z
        .object({ topLabel: z.string().optional(), text: z.string().min(1), wrapText: z.boolean().optional() })
        .strict(),
    })
    .strict(),
  z.object({ textParagraph: z.object({ text: z.string().min(1) }).strict() }).strict(),
  z
    .object({
      buttonList: z
        .object({
          buttons: z
            .array(
              z
                .object({
                  text: z.string().min(1),
                  onClick: z.object({ openLink: z.object({ url: z.url() }).strict() }).strict(),
                })
                .strict(),
            )
            .min(1),
        })
        .strict(),
    })
    .strict(),
]);

export const googleChatMessageShape = z
  .object({
    text: z.string().min(1),
    cardsV2: z
      .array(
        z
          .object({
            cardId: z.string().min(1),
            card: z
              .object({
                header: z.object({ title: z.string().min(1), subtitle: z.string().optional() }).strict(),
                sections: z.array(z.object({ widgets: z.array(googleWidget).min(1) }).strict()).min(1),
              })
              .strict(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

export const chatMessageShapes = {
  slack: slackMessageShape,
  teams: teamsMessageShape,
  "google-chat": googleChatMessageShape,
} as const;

/** The schema's problems with `message`, one per line ("" when it has the documented shape), for a readable failure. */
export function shapeProblems(shape: z.ZodType, message: unknown): string {
  const result = shape.safeParse(message);
  return result.success
    ? ""
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n");
}
