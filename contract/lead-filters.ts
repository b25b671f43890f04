import { z } from "zod";
import { fieldMessages } from "./field-messages.ts";
import { boundedDate } from "./date-bounds.ts";
import { cleanText, leadStatuses } from "./fields.ts";
import { leadChannels } from "./lead-channels.ts";
import { leadCursor } from "./lead-cursor.ts";
import { leadOutcomes } from "./lead-outcomes.ts";
import { reportPeriods } from "./reports.ts";
import { serviceTypes } from "./service-inquiry.ts";

// What the inbox lists (GET /api/admin/leads/:kind and its export): the filters, the order and the page.

/** A text filter (clean text, `field` as it reads in a sentence); blank means not given. */
const filterText = (field: string, max: number) =>
  cleanText(field)
    .max(max, { error: fieldMessages.tooLong(field, max) })
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * The value of `campaign`, `landingPath` and `form` that selects the leads without one: the sources
 * report's "(no campaign)", "(not recorded)" and "(no form name)" rows link with it.
 */
export const NONE_FILTER = "(none)";

/**
 * Filters shared by the list and the export. `view` inbox hides spam; spam shows only spam. In the
 * combined list (kind "all") a product filter keeps contacts only and a serviceType filter inquiries only.
 */
export const leadFilters = z
  .object({
    view: z.enum(["inbox", "spam", "all"], { error: "view must be inbox, spam or all" }).default("inbox"),
    q: filterText("search", 200),
    status: z.enum(leadStatuses, { error: `status must be one of: ${leadStatuses.join(", ")}` }).optional(),
    /** Whole days in the owner's time zone (OWNER_TIMEZONE), as the reports count them; both included. */
    from: boundedDate("from").optional(),
    to: boundedDate("to").optional(),
    /**
     * A period by name instead of dates (the reports' names: this month, the last 30 days…), worked out when
     * the list is read, in the owner's time zone: a saved view with it moves on with the calendar.
     */
    period: z.enum(reportPeriods, { error: `period must be one of: ${reportPeriods.join(", ")}` }).optional(),
    /** contacts: a product name; inquiries: a service type */
    product: filterText("product filter", 100),
    serviceType: z.enum(serviceTypes, { error: `serviceType must be one of: ${serviceTypes.join(", ")}` }).optional(),
    /** The form the lead came from (formName). */
    form: filterText("form filter", 100),
    utmSource: filterText("source filter", 200),
    /** Issue 38: the sources report's groups, by the same rules, so a report cell and its list agree. */
    channel: z.enum(leadChannels, { error: `channel must be one of: ${leadChannels.join(", ")}` }).optional(),
    /** utm_campaign as recorded; NONE_FILTER: no campaign. */
    campaign: filterText("campaign filter", 200),
    /** The page the visit started on (the form's page when none was recorded), e.g. /seo; NONE_FILTER: neither. */
    landingPath: filterText("landing page filter", 512),
    /** contract/lead-outcomes.ts: qualified (status qualified or won), won, lost. */
    outcome: z.enum(leadOutcomes, { error: `outcome must be one of: ${leadOutcomes.join(", ")}` }).optional(),
    unread: z
      .enum(["true", "false"])
      .optional()
      .transform((value) => (value === undefined ? undefined : value === "true")),
    /** due: a follow-up at or before the end of today in the owner's time zone (OWNER_TIMEZONE): today's and overdue ones. */
    followUp: z.enum(["due"], { error: "followUp must be due" }).optional(),
    /** Whose leads (issue 23): "me" (the signed-in user: the server puts their id in its place), "none" (unassigned) or a user's id. */
    assignee: z
      .union([z.enum(["me", "none"]), z.uuid().toLowerCase()], { error: "assignee must be me, none or a user's id" })
      .optional(),
    /** "person" (issue 24): one row per person, the newest lead of each (same e-mail or phone), so nobody is called twice. */
    group: z.enum(["person"], { error: "group must be person" }).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { error: "from must not be after to", path: ["to"] })
  .refine((f) => !(f.period && (f.from || f.to)), { error: "send a period or dates, not both", path: ["period"] });
export type LeadFilters = z.output<typeof leadFilters>;
export type LeadFiltersInput = z.input<typeof leadFilters>;

/**
 * The list's order: received time (newest or oldest first), the lead's name (A to Z), or the reply
 * deadline: leads still waiting for a reply (status new) first, the earliest deadline (the most overdue)
 * first, then every other lead, newest first (reply-window.ts deadlineKey).
 */
export const leadSorts = ["newest", "oldest", "name", "deadline"] as const;
export type LeadSort = (typeof leadSorts)[number];
export const leadSortParam = z.object({
  sort: z.enum(leadSorts, { error: `sort must be one of: ${leadSorts.join(", ")}` }).default("newest"),
});

export const leadListQuery = leadFilters
  .and(leadSortParam)
  .and(
    z.object({
      cursor: leadCursor.optional(),
      limit: z.coerce
        .number({ error: "limit must be a number" })
        .int({ error: "limit must be a whole number" })
        .min(1, { error: "limit must be at least 1" })
        .max(100, { error: "limit must be at most 100" })
        .default(25),
    }),
  )
  .refine((query) => !query.cursor || query.cursor.sort === query.sort, {
    error: "cursor belongs to another order",
    path: ["cursor"],
  });
