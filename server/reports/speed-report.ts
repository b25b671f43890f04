import type { SpeedFigures, SpeedReport } from "../../contract/reports.ts";
import { displayName } from "../../contract/team.ts";
import type { LeadsRepository } from "../repositories/leads/leads-repository.ts";
import { NO_LEADS, type AnswerFigures } from "../repositories/leads/reports.ts";
import { weeksOf, type ResolvedPeriod } from "./periods.ts";

// Speed to lead: from a lead's arrival to its first answer (answered_at: a reply sent, a call that reached
// them, or its status first leaving "new" for one other than spam), for the leads that arrived in the
// period. The median and 90th percentile are of the answered leads; the share within the promise is of
// the leads that are "due": answered, or past their stored reply-by time unanswered (the form's promise
// counted in business hours, contract/business-hours.ts, issue 33), in time when answered_at <= reply_by.
// A lead still inside its window unanswered is neither in time nor late yet. The database gives each lead's
// minutes and promise; leads/reports.ts (answerGroups) sums and ranks them, the same way on both dialects.

/** A group's figures as the report shows them: minutes to a tenth, the share within the promise. */
export function speedFigures(group: AnswerFigures = NO_LEADS): SpeedFigures {
  const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    leads: group.leads,
    answered: group.answered,
    medianMinutes: round(group.median),
    p90Minutes: round(group.p90),
    due: group.due,
    withinPromise: group.inTime,
    shareWithinPromise: group.due === 0 ? null : group.inTime / group.due,
  };
}

export async function speedReport(
  leads: LeadsRepository,
  teamNames: () => Promise<{ id: string; name: string }[]>,
  period: ResolvedPeriod,
  now: Date,
): Promise<SpeedReport> {
  const weeks = weeksOf(period.from, period.to, period.timeZone);
  const [current, before, team] = await Promise.all([
    leads.reports.answerGroups(period.range, weeks, now),
    leads.reports.answerGroups(period.previousRange, [], now, { byAssignee: false }),
    teamNames(),
  ]);
  const byWeek = weeks.map((week, i) => ({ weekStart: week.key, ...speedFigures(current.byWeek.get(i)) }));
  // By who answered first (answered_by; a lead not answered yet: whoever holds it), only when there is a
  // team: one user's row would repeat the total. Not the current assignee: a lead handed on keeps its credit.
  const byAssignee =
    team.length > 1
      ? [...team.map((user) => ({ id: user.id as string | null, name: user.name })), { id: null, name: "Unassigned" }]
          .map((user) => ({ assigneeId: user.id, name: user.name, ...speedFigures(current.byAssignee.get(user.id)) }))
          .filter((row) => row.leads > 0 || row.assigneeId !== null)
      : [];
  const { range: _range, previousRange: _previousRange, ...shown } = period;
  return { ...shown, current: speedFigures(current.total), previous: speedFigures(before.total), byWeek, byAssignee };
}

/** The team's users as the report names them. */
export function teamNamesFrom(list: () => Promise<{ id: string; email: string; name: string | null }[]>) {
  return async () => (await list()).map((user) => ({ id: user.id, name: displayName(user) }));
}
