import { z } from "zod";
import { requiredText } from "./fields.ts";
import { leadFilters, leadSortParam } from "./lead-filters.ts";

// Saved views (issue 38): a user's named lead lists ("My overdue", "Paid search this month"): the list
// (all leads, contacts or inquiries) and its filter query string as the list's address carries it. Each
// user sees, makes and deletes only their own.
//
//   GET    /api/admin/saved-views        -> SavedViews (the signed-in user's, by name)
//   POST   /api/admin/saved-views        SavedViewInput -> SavedView (201)
//   DELETE /api/admin/saved-views/:id    -> 204 (404 when it is not the user's)

export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEW_QUERY_MAX = 2000;
export const SAVED_VIEWS_MAX = 50;
export const savedViewLists = ["all", "contacts", "inquiries"] as const;
export type SavedViewList = (typeof savedViewLists)[number];

/** The query parameters a view may keep: the filters and the order (not a page's cursor or size). */
const savedQueryParams = leadFilters.and(leadSortParam);
const savedParamNames = new Set([...Object.keys(leadFilters.shape), "sort"]);

export const savedViewInput = z
  .object({
    name: requiredText("view name", SAVED_VIEW_NAME_MAX),
    list: z.enum(savedViewLists, { error: `list must be one of: ${savedViewLists.join(", ")}` }).default("all"),
    /** The list's query string without "?", e.g. "channel=paid-search&from=2026-03-01&to=2026-03-31"; "" for no filter. */
    query: z
      .string({ error: "query must be the list's query string" })
      .max(SAVED_VIEW_QUERY_MAX, { error: `query must be at most ${SAVED_VIEW_QUERY_MAX} characters` })
      .transform((query) => query.replace(/^\?/, "")),
  })
  .strict()
  .superRefine((view, ctx) => {
    const params = new URLSearchParams(view.query);
    for (const name of params.keys())
      if (!savedParamNames.has(name))
        return ctx.addIssue({ code: "custom", path: ["query"], message: `query has an unknown filter: ${name}` });
    const parsed = savedQueryParams.safeParse(Object.fromEntries(params));
    if (!parsed.success)
      ctx.addIssue({
        code: "custom",
        path: ["query"],
        message: `query: ${parsed.error.issues[0]?.message ?? "invalid"}`,
      });
  });
export type SavedViewInput = z.input<typeof savedViewInput>;

export type SavedView = { id: string; name: string; list: SavedViewList; query: string; createdAt: string };
export type SavedViews = { items: SavedView[] };

export const savedViewParams = z.object({ id: z.uuid({ error: "id must be a saved view's id" }).toLowerCase() });
