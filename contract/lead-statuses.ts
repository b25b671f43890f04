import type { LeadStatus } from "./fields.ts";

/** What each status is called, in the admin and in the activity records the server writes. */
export const statusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};
