import { z } from "zod";

/**
 * Query string of the spec's two list endpoints (GET /api/contact-submissions, /api/service-inquiries):
 * the newest leads that are not spam, at most LIST_MAX_ROWS of them (the inbox pages through the rest).
 */
export const LIST_MAX_ROWS = 100;

export const listQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ error: "limit must be a whole number" })
    .min(1, { error: "limit must be at least 1" })
    .max(LIST_MAX_ROWS, { error: `limit must be at most ${LIST_MAX_ROWS}` })
    .default(LIST_MAX_ROWS),
});
