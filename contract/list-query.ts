import { z } from "zod";

/** Query string of the two list endpoints. Without a limit they answer every row, newest first. */
export const listQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ error: "limit must be a whole number" })
    .min(1, { error: "limit must be at least 1" })
    .max(1000, { error: "limit must be at most 1000" })
    .optional(),
});
export type ListQuery = z.input<typeof listQuery>;
