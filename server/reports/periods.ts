import { previousPeriod, type ReportPeriod } from "../../contract/reports.ts";
import { dateIn, zonedInstant } from "../../contract/time-zones.ts";
import type { InstantRange } from "../repositories/leads/reports.ts";

// A report's period in the owner's time zone: whole days from `from` to `to`, each from its local
// midnight (a 23- or 25-hour day at a daylight-saving change counts as the one day it is), and the
// period of the same length just before it.

const DAY_MS = 86_400_000;
/** The days a period covers when none is asked for: the last 30, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instants of whole local days `from`..`to` in the zone. */
export function rangeOf(from: string, to: string, timeZone: string): InstantRange {
  return { start: zonedInstant(from, 0, timeZone).toISOString(), end: zonedInstant(addDays(to, 1), 0, timeZone).toISOString() };
}

export type ResolvedPeriod = ReportPeriod & { range: InstantRange; previousRange: InstantRange };

/** The asked period, or the last 30 days of the owner's calendar at `now`. */
export function resolvePeriod(asked: { from?: string | undefined; to?: string | undefined }, now: Date, timeZone: string): ResolvedPeriod {
  const today = dateIn(timeZone, now.getTime());
  const to = asked.to ?? today;
  const from = asked.from ?? addDays(today, 1 - DEFAULT_PERIOD_DAYS);
  const before = previousPeriod(from, to);
  return { from, to, timeZone, previousPeriod: before, range: rangeOf(from, to, timeZone), previousRange: rangeOf(before.from, before.to, timeZone) };
}

/** The owner's weeks (Monday to Sunday) that meet `from`..`to`: each Monday's date and its first instant (the period's start for the first one). */
export function weeksOf(from: string, to: string, timeZone: string): { key: string; start: string; days: [string, string] }[] {
  const weekday = (new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7;
  const weeks = [];
  for (let monday = addDays(from, -weekday); monday <= to; monday = addDays(monday, 7)) {
    const first = monday < from ? from : monday;
    const sunday = addDays(monday, 6);
    weeks.push({ key: monday, start: zonedInstant(first, 0, timeZone).toISOString(), days: [first, sunday > to ? to : sunday] as [string, string] });
  }
  return weeks;
}
