import type { LeadStatus } from "./fields.ts";

// A lead's outcome (issue 38): what the sources report counts per channel, campaign, landing page and form,
// and what the list's `outcome` filter selects, by one rule so that a report cell and its list agree.
//
//   qualified  the lead reached "qualified" and was not lost: status qualified or won (a won lead was qualified)
//   won        status won: a client (its value, when given, is the won value)
//   lost       status lost
//
// Outcomes are read from the status the lead has now, not from its history: a lead qualified and then
// lost counts as lost only.

export const leadOutcomes = ["qualified", "won", "lost"] as const;
export type LeadOutcome = (typeof leadOutcomes)[number];

export const outcomeStatuses: Record<LeadOutcome, readonly LeadStatus[]> = {
  qualified: ["qualified", "won"],
  won: ["won"],
  lost: ["lost"],
};

export const outcomeLabels: Record<LeadOutcome, string> = {
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
};
