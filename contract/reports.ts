import { z } from "zod";
import type { LeadKind } from "./admin-leads.ts";
import { boundedDate } from "./date-bounds.ts";
import type { LeadStatus } from "./fields.ts";
import type { LeadChannel } from "./lead-channels.ts";

// The owner's numbers (issue 24): where leads come from, which pages turn views into leads, how fast the
// team answers, and the same person twice. The server's owner is server/reports/; the admin's page is
// app/admin/routes/reports/. Periods are whole days of the owner's time zone (OWNER_TIMEZONE), `from`
// and `to` included, against the period of the same length just before it ("this week" so far: against the
// same days of last week). Spam is never counted.

/** GET /api/admin/reports/sources?by=…: how the leads are grouped. */
export const reportDimensions = ["channel", "campaign", "landing", "form", "week"] as const;
export type ReportDimension = (typeof reportDimensions)[number];
export const reportDimensionLabels: Record<ReportDimension, string> = {
  channel: "Channel",
  campaign: "Campaign",
  landing: "Landing page",
  form: "Form",
  week: "Week",
};

/** The longest period a report covers: two years and a day (page views are kept 25 months). */
export const MAX_REPORT_DAYS = 731;
/** How long the page-view counts are kept (the privacy page says so). */
export const PAGE_VIEW_RETENTION_MONTHS = 25;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included. */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The period of the same length just before `from`..`to`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = daysIn(from, to);
  const start = Date.parse(`${from}T00:00:00Z`);
  return {
    from: new Date(start - days * DAY_MS).toISOString().slice(0, 10),
    to: new Date(start - DAY_MS).toISOString().slice(0, 10),
  };
}

/**
 * The periods the report offers by name, worked out by the server in the owner's calendar: the last 7,
 * 30 or 90 days (today included), this month so far, this week so far (Monday on).
 */
export const reportPeriods = ["7d", "30d", "90d", "month", "week"] as const;
export type ReportPeriodName = (typeof reportPeriods)[number];
export const reportPeriodLabels: Record<ReportPeriodName, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  month: "This month",
  week: "This week",
};

/** A period: by name, or both dates, or nothing (then the last 30 days). */
const period = {
  period: z.enum(reportPeriods, { error: `period must be one of: ${reportPeriods.join(", ")}` }).optional(),
  from: boundedDate("from").optional(),
  to: boundedDate("to").optional(),
  format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
};
const periodRules = <T extends { period?: string | undefined; from?: string | undefined; to?: string | undefined }>(
  schema: z.ZodType<T>,
) =>
  schema
    .refine((q) => !(q.period && (q.from || q.to)), {
      error: "send a period or from and to, not both",
      path: ["period"],
    })
    .refine((q) => (q.from === undefined) === (q.to === undefined), {
      error: "send both from and to, or neither",
      path: ["to"],
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { error: "from must not be after to", path: ["to"] })
    .refine((q) => !q.from || !q.to || daysIn(q.from, q.to) <= MAX_REPORT_DAYS, {
      error: `a report covers at most ${MAX_REPORT_DAYS} days`,
      path: ["from"],
    });

export const sourcesQuery = periodRules(
  z.object({
    ...period,
    by: z.enum(reportDimensions, { error: `by must be one of: ${reportDimensions.join(", ")}` }).default("channel"),
  }),
);
export const speedQuery = periodRules(z.object(period));

/** The fewest views a conversion rate (leads ÷ views) is given for (issue 38: "9400%" from 1 view). */
export const MIN_VIEWS_FOR_RATE = 30;

/**
 * Why a conversion rate is missing or above 100 %: "few-views": fewer than MIN_VIEWS_FOR_RATE views (the
 * rate is null; the counts are there); "more-leads-than-views": more leads than counted views (the rate
 * is given): leads came from visitors the view count missed (a blocked or failed beacon) or from pages
 * counted under another path.
 */
export const conversionNotes = ["few-views", "more-leads-than-views"] as const;
export type ConversionNote = (typeof conversionNotes)[number];
export const conversionNoteTexts: Record<ConversionNote, string> = {
  "few-views": `Fewer than ${MIN_VIEWS_FOR_RATE} views: too few for a rate.`,
  "more-leads-than-views":
    "More leads than counted views: some visits were not counted (a blocked script) or came through another page.",
};

/**
 * Leads, the people who sent them (each person once, in the group of their first lead of the period, so
 * the rows add up to the total), and the views of the pages they came from (null: not measured for this row).
 *
 * Issue 38, outcomes (contract/lead-outcomes.ts, by the status the leads have now): `qualified` (qualified
 * or won), `won` (clients), `wonValue` (the sum of the won leads' values; null when none of them has one),
 * `clientRate` (won ÷ leads; null without leads). Money in the business currency (contract/money.ts):
 * `spend` is the period's share of the months' spend entered for the row (contract/spend.ts; each month
 * spread evenly over its days), null when none was entered for it (rows by landing page, form and week
 * never have spend); `costPerLead` (spend ÷ leads), `costPerClient` (spend ÷ won) and `returnOnSpend`
 * (wonValue ÷ spend) are null whenever a part is null or a divisor is 0: "—", never 0.
 */
export type SourceFigures = {
  leads: number;
  people: number;
  views: number | null;
  /** leads ÷ views, only with at least MIN_VIEWS_FOR_RATE views; may exceed 1 only with conversionNote "more-leads-than-views". */
  conversionRate: number | null;
  conversionNote: ConversionNote | null;
  qualified: number;
  won: number;
  wonValue: number | null;
  clientRate: number | null;
  spend: number | null;
  costPerLead: number | null;
  costPerClient: number | null;
  returnOnSpend: number | null;
};

/** One row: a channel, campaign, landing path, form name or week (its Monday), this period against the one before. */
export type SourcesRow = {
  /** null: no campaign, no landing page or no form recorded. */
  key: string | null;
  label: string;
  current: SourceFigures;
  /** null for weeks: a week has no "period before" of its own (the totals have one). */
  previous: SourceFigures | null;
  /**
   * The lead list's query string of the row's leads of this period (GET /api/admin/leads/all?…, the admin's
   * /admin/leads/all?…): view=inbox, from, to (the week's days for a week) and the row's filter. Add
   * `outcome=qualified|won` for those cells: the list's total then equals the figure.
   */
  listQuery: string;
  /** by=week only: the week's leads and clients per channel (every channel, in leadChannels' order), for the stacked chart. */
  byChannel?: { channel: LeadChannel; leads: number; won: number }[];
};

export type ReportPeriod = { from: string; to: string; timeZone: string; previousPeriod: { from: string; to: string } };

export type SourcesReport = ReportPeriod & {
  by: ReportDimension;
  /** The business currency of every amount (contract/money.ts). */
  currency: string;
  rows: SourcesRow[];
  totals: { current: SourceFigures; previous: SourceFigures };
  /** The period's funnel (issue 38): every counted view, the leads, the qualified and won ones (totals.current's). */
  funnel: { views: number; leads: number; qualified: number; won: number };
};

/**
 * Speed to lead: the time from a lead's arrival to its first answer (its status first left "new"), for
 * the leads that arrived in the period. `due`: leads whose promise (24 hours, 4 on the home services and
 * law firm forms) has run out, or that were answered; `withinPromise` of them were answered in time.
 */
export type SpeedFigures = {
  leads: number;
  answered: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
  due: number;
  withinPromise: number;
  /** withinPromise ÷ due; null when nothing is due yet. */
  shareWithinPromise: number | null;
};

export type SpeedReport = ReportPeriod & {
  current: SpeedFigures;
  previous: SpeedFigures;
  byWeek: (SpeedFigures & { weekStart: string })[];
  /** Only when the team has more than one user; assigneeId null: unassigned. */
  byAssignee: (SpeedFigures & { assigneeId: string | null; name: string })[];
};

/** GET /api/admin/leads/:kind/:id/related: the other leads of the same person (same e-mail or phone). */
export type RelatedLead = {
  kind: LeadKind;
  id: string;
  firstName: string;
  lastName: string;
  formName: string | null;
  createdAt: string;
  status: LeadStatus;
};
export type RelatedLeads = { items: RelatedLead[] };

/**
 * POST /api/views: one page view, sent by the page with navigator.sendBeacon (text/plain) or fetch
 * (application/json). Only the path and the referrer's host: no identifier of the visitor.
 */
export const pageViewBeacon = z.object({
  path: z
    .string({ error: "path must be text" })
    .max(512, { error: "path must be at most 512 characters" })
    .regex(/^\/[A-Za-z0-9\-._~/]*$/, { error: "path must be a site path such as /contact" }),
  ref: z
    .string({ error: "ref must be text" })
    .max(253, { error: "ref must be at most 253 characters" })
    .regex(/^[A-Za-z0-9.\-:[\]]*$/, { error: "ref must be a host name" })
    .optional(),
});
