import { z } from "zod";
import type { LeadRef } from "./admin-leads.ts";
import { leadStatuses, type LeadStatus } from "./fields.ts";
import { leadFilters, leadSortParam, type LeadFiltersInput } from "./lead-filters.ts";

// Triage (issue 13): the views' counts, bulk actions and a lead's neighbours (the list's filters and
// order are contract/lead-filters.ts).

/**
 * The count of every view for the filters other than view, status and unread (q, dates, product,
 * serviceType, form, utmSource): what the inbox shows on its tabs and status filter. Exact, except with
 * a text search (q) that matches more than COUNT_CAP (admin-leads.ts) leads: then only COUNT_CAP + 1
 * of them are counted,
 * every number is "at least" and `capped` is true (shown as "1,000+", like the list's total).
 */
export type LeadCounts = {
  /** Every lead but spam (the inbox view). */
  inbox: number;
  /** Unread leads in the inbox view. */
  unread: number;
  spam: number;
  /** Inbox leads by status (spam is its own view). */
  byStatus: Record<Exclude<LeadStatus, "spam">, number>;
  /** True when a text search matched more than COUNT_CAP leads and the numbers are lower bounds. */
  capped: boolean;
};

/** The most leads one bulk action changes: a selection of more is refused (400), never cut silently. */
export const BULK_LIMIT = 1000;

const nonSpamStatuses = leadStatuses.filter((status): status is Exclude<LeadStatus, "spam"> => status !== "spam");
const leadId = z.uuid({ error: "ids must be lead ids" }).toLowerCase();

/** What a bulk action does. "restore" puts back what a previous action's answer listed (its Undo). */
export const bulkAction = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("markRead") }),
    z.object({ action: z.literal("markUnread") }),
    z.object({
      action: z.literal("setStatus"),
      status: z.enum(nonSpamStatuses as [Exclude<LeadStatus, "spam">, ...Exclude<LeadStatus, "spam">[]], {
        error: `status must be one of: ${nonSpamStatuses.join(", ")} (spam is its own action)`,
      }),
    }),
    z.object({ action: z.literal("spam") }),
    z.object({ action: z.literal("delete") }),
    z.object({
      action: z.literal("assign"),
      assigneeId: z.uuid({ error: "assigneeId must be a user's id or null" }).toLowerCase().nullable(),
    }),
    z.object({
      action: z.literal("restore"),
      items: z
        .array(
          z
            .object({
              id: leadId,
              status: z.enum(leadStatuses),
              read: z.boolean(),
              assigneeId: z.uuid().toLowerCase().nullable().optional(),
            })
            .strict(),
        )
        .min(1, { error: "items must not be empty" })
        .max(BULK_LIMIT, { error: `at most ${BULK_LIMIT} items` }),
    }),
  ],
  { error: "action must be one of: markRead, markUnread, setStatus, spam, delete, assign, restore" },
);

/**
 * A bulk request (the API helper writes its schema, `bulkRequest`, here): the action's fields and which
 * leads: `ids` (a selection, at most BULK_LIMIT) or `filters` (every lead the list's filters match,
 * "select all matching"; refused with 400 when more than BULK_LIMIT match). restore names its leads in
 * `items` and takes neither.
 */
export type BulkActionInput = z.input<typeof bulkAction>;
export type BulkRequest = BulkActionInput & { ids?: string[]; filters?: LeadFiltersInput };

export const bulkRequest = bulkAction
  .and(
    z.object({
      ids: z
        .array(leadId, { error: "ids must be a list of lead ids" })
        .min(1, { error: "ids must not be empty" })
        .max(BULK_LIMIT, { error: `at most ${BULK_LIMIT} leads at once: select fewer` })
        .transform((ids) => [...new Set(ids)])
        .optional(),
      filters: leadFilters.optional(),
    }),
  )
  .superRefine((request, context) => {
    const given = (request.ids ? 1 : 0) + (request.filters ? 1 : 0);
    if (request.action === "restore") {
      if (given > 0)
        context.addIssue({
          code: "custom",
          message: "restore names its leads in items, not in ids or filters",
          path: [request.ids ? "ids" : "filters"],
        });
    } else if (given !== 1) {
      context.addIssue({
        code: "custom",
        message: given === 0 ? "send the leads' ids or the filters" : "send either ids or filters, not both",
        path: ["ids"],
      });
    }
  });
export type BulkRequestData = z.output<typeof bulkRequest>;

/** The answer: how many leads changed, and what they were before (for Undo; empty after delete). */
export type BulkResult = {
  affected: number;
  previous: { id: string; status: LeadStatus; read: boolean; assigneeId: string | null }[];
};

/** A lead's neighbours in the list's order under the same filters and sort (the detail's Previous/Next). */
export type LeadNeighbours = { previous: string | null; next: string | null };
/** The neighbours' query: the list's filters and order. */
export const leadNeighboursQuery = leadFilters.and(leadSortParam);
/** A lead's neighbours in the combined list (GET /api/admin/leads/all/:id/neighbours). */
export type AllLeadNeighbours = { previous: LeadRef | null; next: LeadRef | null };
