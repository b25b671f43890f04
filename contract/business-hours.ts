import { z } from "zod";
import { EARLIEST_DATE, LATEST_DATE } from "./date-bounds.ts";
import { isTimeZone } from "./contact-submission.ts";
import { utcInstant, zoneOffsetMs } from "./time-zones.ts";

// The business hours (issue 33): the one rule every reply deadline, the dashboard's "Now", the follow-up
// shortcuts and the reports' "answered within the promise" count in. A form's promise (4 or 24 hours,
// contract/form-names.ts) runs only while the business is open, in its own time zone: a 4-hour promise on
// a lead sent at 6:40 PM on a Friday is due at 1:00 PM on Monday. Pure functions of instants (epoch
// milliseconds) and the hours; the wall clock of the zone is read with Intl, so daylight-saving change
// days need no special case (a day is its opening and closing instants, whatever their distance).
//
//   GET, PUT /api/admin/settings/business-hours   { timeZone, week, closedDates }   (PUT: owners)

/** ISO weekdays: Monday 1 … Sunday 7. */
export const weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const time = z
  .string({ error: "Times are HH:MM, from 00:00 to 24:00" })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: "Times are HH:MM, from 00:00 to 24:00" });
const date = z.iso
  .date({ error: "Closed dates are YYYY-MM-DD" })
  .refine((day) => day >= EARLIEST_DATE && day <= LATEST_DATE, {
    error: `Closed dates are between ${EARLIEST_DATE} and ${LATEST_DATE}`,
  });

export const businessDay = z
  .object({
    day: z
      .number({ error: "day is 1 (Monday) to 7 (Sunday)" })
      .int({ error: "day is 1 (Monday) to 7 (Sunday)" })
      .min(1, { error: "day is 1 (Monday) to 7 (Sunday)" })
      .max(7, { error: "day is 1 (Monday) to 7 (Sunday)" }),
    open: time,
    close: time,
  })
  .strict()
  .refine((d) => d.open < d.close, { error: "A day's opening time must be before its closing time", path: ["close"] });

export const MAX_CLOSED_DATES = 366;

export const businessHoursInput = z
  .object({
    timeZone: z
      .string({ error: "timeZone must be an IANA time zone such as America/New_York" })
      .refine(isTimeZone, { error: "timeZone must be an IANA time zone such as America/New_York" }),
    week: z
      .array(businessDay, { error: "week must be a list of open days" })
      .min(1, { error: "Open at least one day of the week" })
      .max(7, { error: "week lists each day at most once" })
      .refine((days) => new Set(days.map((d) => d.day)).size === days.length, {
        error: "week lists each day at most once",
      })
      .transform((days) => [...days].sort((a, b) => a.day - b.day)),
    closedDates: z
      .array(date, { error: "closedDates must be a list of dates" })
      .max(MAX_CLOSED_DATES, { error: `At most ${MAX_CLOSED_DATES} closed dates` })
      .transform((days) => [...new Set(days)].sort()),
  })
  .strict();
export type BusinessHoursInput = z.input<typeof businessHoursInput>;
export type BusinessHours = z.output<typeof businessHoursInput>;

/** SPEC §2 (Contact): "Monday to Friday 9AM to 6PM EST", in New York's zone (EST and EDT, as the office keeps). */
export const defaultBusinessHours: BusinessHours = {
  timeZone: "America/New_York",
  week: [1, 2, 3, 4, 5].map((day) => ({ day, open: "09:00", close: "18:00" })),
  closedDates: [],
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** How far the walks go before giving up (a week with no open day cannot pass the schema; a year of closed dates can). */
const MAX_DAYS = 800;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The instant the zone's wall clock reads `minutes` past midnight of `day` (24:00 is the next midnight); a spring gap moves forward. */
function wallInstant(day: string, minutes: number, timeZone: string): number {
  const [year, month, dayOfMonth] = day.split("-").map(Number) as [number, number, number];
  const wallClock = utcInstant(year, month, dayOfMonth, 0, minutes);
  const offsets = [wallClock - DAY_MS, wallClock, wallClock + DAY_MS].map((at) => zoneOffsetMs(at, timeZone));
  const consistent = offsets
    .map((offset) => wallClock - offset)
    .filter((instant) => wallClock - zoneOffsetMs(instant, timeZone) === instant);
  return consistent.length > 0 ? Math.min(...consistent) : wallClock - Math.min(...offsets);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The zone's calendar day of an instant, "YYYY-MM-DD". */
function dayOf(instant: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** Calendar arithmetic on "YYYY-MM-DD" (no zone involved). */
function shiftDay(day: string, by: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + by);
  return at.toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day. */
function weekdayOf(day: string): number {
  const sunday0 = new Date(`${day}T12:00:00Z`).getUTCDay();
  return sunday0 === 0 ? 7 : sunday0;
}

/** The open period of a calendar day in the zone, as instants; null when the business is closed that day. */
export function openPeriodOf(day: string, hours: BusinessHours): { open: number; close: number } | null {
  if (hours.closedDates.includes(day)) return null;
  const slot = hours.week.find((d) => d.day === weekdayOf(day));
  if (!slot) return null;
  return {
    open: wallInstant(day, minutesOf(slot.open), hours.timeZone),
    close: wallInstant(day, minutesOf(slot.close), hours.timeZone),
  };
}

/** Whether the business is open at `at`. */
export function isOpenAt(at: number, hours: BusinessHours): boolean {
  const period = openPeriodOf(dayOf(at, hours.timeZone), hours);
  return period !== null && period.open <= at && at < period.close;
}

/** The open periods from the one `at` falls in (or the next), in order; at most MAX_DAYS days ahead. */
function* periodsFrom(at: number, hours: BusinessHours): Generator<{ open: number; close: number }> {
  // The day before too: a period that began yesterday in the zone may still run (a close at 24:00).
  let day = shiftDay(dayOf(at, hours.timeZone), -1);
  for (let i = 0; i < MAX_DAYS; i++, day = shiftDay(day, 1)) {
    const period = openPeriodOf(day, hours);
    if (period && period.close > at) yield period;
  }
}

/** `at` if open then, else the next opening; `at` itself when nothing opens within the walk's reach. */
export function nextOpeningAt(at: number, hours: BusinessHours): number {
  for (const period of periodsFrom(at, hours)) return Math.max(at, period.open);
  return at;
}

/**
 * `hours` of open time after `from`: a lead that arrives while closed starts counting at the next opening.
 * Falls back to the wall clock when nothing opens within the walk's reach (a year and more of closed dates).
 */
export function addBusinessHours(from: number, hours: number, businessHours: BusinessHours): number {
  let left = hours * HOUR_MS;
  for (const period of periodsFrom(from, businessHours)) {
    const start = Math.max(from, period.open);
    const available = period.close - start;
    if (left <= available) return start + left;
    left -= available;
  }
  return from + hours * HOUR_MS;
}

/**
 * "Now"'s top (issue 33): the opening instant of the last business day that has opened at or before `now`
 * (open now: today's opening; closed: the last business day's). Falls back to a day before `now`.
 */
export function answerNowSince(now: number, hours: BusinessHours): number {
  let day = dayOf(now, hours.timeZone);
  for (let i = 0; i < MAX_DAYS; i++, day = shiftDay(day, -1)) {
    const period = openPeriodOf(day, hours);
    if (period && period.open <= now) return period.open;
  }
  return now - DAY_MS;
}

/** The end of the open period `now` is in, else of the next one: "due in the business hours ahead". */
export function businessPeriodEndAfter(now: number, hours: BusinessHours): number {
  for (const period of periodsFrom(now, hours)) return period.close;
  return now + DAY_MS;
}

/**
 * A follow-up shortcut's day (issue 33: shortcuts skip closed days and dates): the opening of the first
 * business day at least `daysAhead` calendar days after `now`'s day in the zone ("tomorrow 9:00" on a
 * Friday is Monday's opening).
 */
export function openingOfBusinessDay(now: number, daysAhead: number, hours: BusinessHours): number {
  let day = shiftDay(dayOf(now, hours.timeZone), daysAhead);
  for (let i = 0; i < MAX_DAYS; i++, day = shiftDay(day, 1)) {
    const period = openPeriodOf(day, hours);
    if (period) return period.open;
  }
  return now + daysAhead * DAY_MS;
}

/** "Monday to Friday 9AM to 6PM" style words for a week (Settings, the reports' notes). */
export function weekInWords(hours: BusinessHours): string {
  const label = (hhmm: string) => {
    const minutes = minutesOf(hhmm);
    const hour = Math.floor(minutes / 60) % 24;
    const suffix = hour >= 12 ? "PM" : "AM";
    const twelve = hour % 12 === 0 ? 12 : hour % 12;
    return minutes % 60 === 0 ? `${twelve}${suffix}` : `${twelve}:${String(minutes % 60).padStart(2, "0")}${suffix}`;
  };
  return hours.week.map((d) => `${weekdayNames[d.day - 1]} ${label(d.open)} to ${label(d.close)}`).join(", ");
}
