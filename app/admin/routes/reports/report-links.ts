import type { LeadChannel } from "../../../../contract/lead-channels.ts";
import type { LeadOutcome } from "../../../../contract/lead-outcomes.ts";

// Every figure of the reports opens its leads (issue 38): a report row carries the lead list's query of its
// leads (SourcesRow.listQuery: the period and the row's filter, as the server counted them); a cell adds
// its outcome (qualified, won) or a chart's channel, or moves the dates to the period before. The list
// (All leads) then counts exactly the figure.

export type LeadsLink = {
  outcome?: LeadOutcome;
  channel?: LeadChannel;
  /** Another period, e.g. the one before: its first and last day. */
  period?: { from: string; to: string };
};

export function leadsHref(listQuery: string, { outcome, channel, period }: LeadsLink = {}): string {
  const params = new URLSearchParams(listQuery);
  // The list's own default view: left out of its address, as the list writes it.
  if (params.get("view") === "inbox") params.delete("view");
  if (period) {
    params.set("from", period.from);
    params.set("to", period.to);
  }
  if (channel) params.set("channel", channel);
  if (outcome) params.set("outcome", outcome);
  const query = params.toString();
  return `/admin/leads/all${query ? `?${query}` : ""}`;
}

/** The query of every lead of a period (the totals' row). */
export function periodQuery(period: { from: string; to: string }): string {
  return new URLSearchParams({ from: period.from, to: period.to }).toString();
}
