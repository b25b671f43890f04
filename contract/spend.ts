import { z } from "zod";
import { cleanText } from "./fields.ts";
import { fieldMessages } from "./field-messages.ts";
import { leadChannels, type LeadChannel } from "./lead-channels.ts";
import { amount } from "./money.ts";

// What the channels cost (issue 38): a month's spend per channel, or per campaign of a channel, that the
// owner enters. The sources report spreads each month's amount over its days (a period covering half of
// March carries half of March's spend) and gives cost per lead, cost per client and return on spend.
//
//   GET /api/admin/settings/spend   (every signed-in user)  -> SpendSettings
//   PUT /api/admin/settings/spend   SpendLine[] (owners)     -> SpendSettings
//
// PUT replaces the whole set: the lines sent are the spend from now on, a line left out is deleted, an
// empty array clears it. One line per month, channel and campaign (a second one is refused).

export const SPEND_MAX_LINES = 2000;
export const SPEND_CAMPAIGN_MAX = 200;

const month = z
  .string({ error: "month must be YYYY-MM" })
  .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, { error: "month must be YYYY-MM (2000-01 to 2100-12)" });

export const spendLine = z
  .object({
    month,
    channel: z.enum(leadChannels, { error: `channel must be one of: ${leadChannels.join(", ")}` }),
    /** The campaign (utm_campaign, as the report shows it); left out, null or blank: the channel as a whole. */
    campaign: z
      .union([
        z.null(),
        cleanText("campaign").max(SPEND_CAMPAIGN_MAX, { error: fieldMessages.tooLong("campaign", SPEND_CAMPAIGN_MAX) }),
      ])
      .optional()
      .transform((value) => (value ? value : null)),
    amount: amount("amount"),
  })
  .strict();
export type SpendLineInput = z.input<typeof spendLine>;

export const spendInput = z
  .array(spendLine, { error: "send an array of spend lines: [{ month, channel, campaign?, amount }]" })
  .max(SPEND_MAX_LINES, { error: `send at most ${SPEND_MAX_LINES} spend lines` })
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      const key = `${line.month} ${line.channel} ${line.campaign ?? ""}`;
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: [index, "month"],
          message: `${line.month} ${line.channel}${line.campaign ? ` (${line.campaign})` : ""} is listed twice`,
        });
      seen.add(key);
    });
  });

export type SpendLine = { month: string; channel: LeadChannel; campaign: string | null; amount: number };
/** Sorted by month (newest first), channel, campaign (the channel's own line first). */
export type SpendSettings = { currency: string; lines: SpendLine[] };
