import type { SpeedFigures, SpeedReport } from "../../contract/reports.ts";
import { replyByOf } from "../../contract/reply-window.ts";
import { displayName } from "../../contract/team.ts";
import type { LeadsRepository } from "../repositories/leads/leads-repository.ts";
import { weeksOf, type ResolvedPeriod } from "./periods.ts";

// Speed to lead: from a lead's arrival to its first answer (answered_at: its status first left "new" for
// one other than spam), for the leads that arrived in the period. The median and 90th percentile are of
// the answered leads; the share within the promise is of the leads that are "due": answered, or past
// their form's promise (contract/reply-window.ts) unanswered. A lead still inside its window unanswered
// is neither in time nor late yet.

type AnswerTime = { createdAt: string; answeredAt: string | null; formName: string | null; assigneeId: string | null };

const MINUTE_MS = 60_000;

/** The nearest-rank percentile of sorted values (p in 0..1). */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

export function speedFigures(leads: readonly AnswerTime[], nowMs: number): SpeedFigures {
  const minutes: number[] = [];
  let due = 0;
  let withinPromise = 0;
  for (const lead of leads) {
    const created = Date.parse(lead.createdAt);
    const deadline = Date.parse(replyByOf(lead.createdAt, lead.formName));
    if (lead.answeredAt !== null) {
      const answered = Date.parse(lead.answeredAt);
      minutes.push(Math.max(0, (answered - created) / MINUTE_MS));
      due += 1;
      if (answered <= deadline) withinPromise += 1;
    } else if (nowMs > deadline) due += 1;
  }
  minutes.sort((a, b) => a - b);
  const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    leads: leads.length,
    answered: minutes.length,
    medianMinutes: round(percentile(minutes, 0.5)),
    p90Minutes: round(percentile(minutes, 0.9)),
    due,
    withinPromise,
    shareWithinPromise: due === 0 ? null : withinPromise / due,
  };
}

export async function speedReport(leads: LeadsRepository, teamNames: () => Promise<{ id: string; name: string }[]>, period: ResolvedPeriod, now: Date): Promise<SpeedReport> {
  const [current, before, team] = await Promise.all([leads.reports.answerTimes(period.range), leads.reports.answerTimes(period.previousRange), teamNames()]);
  const nowMs = now.getTime();
  const weeks = weeksOf(period.from, period.to, period.timeZone);
  const byWeek = weeks.map((week, i) => {
    const end = weeks[i + 1]?.start ?? period.range.end;
    const inWeek = current.filter((lead) => lead.createdAt >= week.start && lead.createdAt < end);
    return { weekStart: week.key, ...speedFigures(inWeek, nowMs) };
  });
  // By assignee only when there is a team: one user's row would repeat the total.
  const byAssignee =
    team.length > 1
      ? [...team.map((user) => ({ id: user.id as string | null, name: user.name })), { id: null, name: "Unassigned" }]
          .map((user) => ({ assigneeId: user.id, name: user.name, ...speedFigures(current.filter((lead) => lead.assigneeId === user.id), nowMs) }))
          .filter((row) => row.leads > 0 || row.assigneeId !== null)
      : [];
  const { range: _range, previousRange: _previousRange, ...shown } = period;
  return { ...shown, current: speedFigures(current, nowMs), previous: speedFigures(before, nowMs), byWeek, byAssignee };
}

/** The team's users as the report names them. */
export function teamNamesFrom(list: () => Promise<{ id: string; email: string; name: string | null }[]>) {
  return async () => (await list()).map((user) => ({ id: user.id, name: displayName(user) }));
}
