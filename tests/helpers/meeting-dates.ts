// Meeting dates for tests: the contract takes a date from today (in the lead's zone) to a year ahead, so a
// fixed date would turn into a refused one as the calendar moves on.

/** The UTC calendar date `days` from now (YYYY-MM-DD); a week or more ahead is "today or later" in every zone. */
export function meetingDateInDays(days: number, nowMs: number = Date.now()): string {
  return new Date(nowMs + days * 24 * 3_600_000).toISOString().slice(0, 10);
}
