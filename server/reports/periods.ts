import { previousPeriod, type ReportPeriod, type ReportPeriodName } from "../../contract/reports.ts";
import { dateIn, zonedInstant } from "../../contract/time-zones.ts";
import type { InstantRange } from "../repositories/leads/reports.ts";

// A report's period in the owner's time zone: whole days from `from` to `to`, each from its local
// midnight (a 23- or 25-hour day at a daylight-saving change counts as the one day it is), and the
// period of the same length just before it.

const DAY_MS = 86_400_000;
/** The period when none is asked for. */
const DEFAULT_PERIOD: ReportPeriodName = "30d";

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instants of whole local days `from`..`to` in the zone. */
export function rangeOf(from: string, to: string, timeZone: string): InstantRange {
  return {
    start: zonedInstant(from, 0, timeZone).toISOString(),
    end: zonedInstant(addDays(to, 1), 0, timeZone).toISOString(),
  };
}

export type ResolvedPeriod = ReportPeriod & { range: InstantRange; previousRange: InstantRange };

/** The first day of a named period ending today. */
function firstDayOf(name: ReportPeriodName, today: string): string {
  switch (name) {
    case "7d":
      return addDays(today, -6);
    case "30d":
      return addDays(today, -29);
    case "90d":
      return addDays(today, -89);
    case "month":
      return `${today.slice(0, 7)}-01`;
    case "week":
      return addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  }
}

/** The asked period (by name or dates), or the last 30 days, in the owner's calendar at `now`. */
export function resolvePeriod(
  asked: { period?: ReportPeriodName | undefined; from?: string | undefined; to?: string | undefined },
  now: Date,
  timeZone: string,
): ResolvedPeriod {
  const today = dateIn(timeZone, now.getTime());
  const to = asked.to ?? today;
  const from = asked.from ?? firstDayOf(asked.period ?? DEFAULT_PERIOD, today);
  // This week so far is compared with the same days of last week; any other period with the days just before it.
  const before = asked.period === "week" ? { from: addDays(from, -7), to: addDays(to, -7) } : previousPeriod(from, to);
  return {
    from,
    to,
    timeZone,
    previousPeriod: before,
    range: rangeOf(from, to, timeZone),
    previousRange: rangeOf(before.from, before.to, timeZone),
  };
}

/** The owner's weeks (Monday to Sunday) that meet `from`..`to`: each Monday's date and its first instant (the period's start for the first one). */
export function weeksOf(
  from: string,
  to: string,
  timeZone: string,
): { key: string; start: string; days: [string, string] }[] {
  const weekday = (new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7;
  const weeks = [];
  for (let monday = addDays(from, -weekday); monday <= to; monday = addDays(monday, 7)) {
    const first = monday < from ? from : monday;
    const sunday = addDays(monday, 6);
    weeks.push({
      key: monday,
      start: zonedInstant(first, 0, timeZone).toISOString(),
      days: [first, sunday > to ? to : sunday] as [string, string],
    });
  }
  return weeks;
}
