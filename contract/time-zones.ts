// Wall-clock times in IANA time zones, computed with Intl only (no date library): the offsets a zone has
// at an instant, the instant of a local date and hour, and the zone's offset changes around a year
// (for an .ics VTIMEZONE). The platform's time zone data is the one source of truth.

const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The UTC instant of a calendar date and time, for every year from 0000: Date.UTC reads the years 0–99 as
 * 1900–1999, which showed a meeting on 0001-01-01 as 1901.
 */
export function utcInstant(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** The calendar date (YYYY-MM-DD) a zone's wall clock shows at an instant. */
export function dateIn(timeZone: string, instant: number): string {
  const parts = offsetFormat(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

/** The zone's offset (ms, local minus UTC) at an instant. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = offsetFormat(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const local = utcInstant(part("year"), part("month"), part("day"), part("hour"), part("minute"), part("second"));
  return local - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a wall-clock date (YYYY-MM-DD) and hour in a time zone. A zone's offset changes at most
 * once around a given day, so the offsets a day either side are the only candidates: the instant is one an
 * offset maps back to itself. A repeated hour (autumn) takes its first occurrence; an hour skipped by a
 * spring gap moves forward, as clocks show it.
 */
export function zonedInstant(date: string, hour: number, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wallClock = utcInstant(year, month, day, hour);
  const offsets = [wallClock - DAY_MS, wallClock, wallClock + DAY_MS].map((at) => zoneOffsetMs(at, timeZone));
  const consistent = offsets
    .map((offset) => wallClock - offset)
    .filter((instant) => wallClock - zoneOffsetMs(instant, timeZone) === instant);
  return new Date(consistent.length > 0 ? Math.min(...consistent) : wallClock - Math.min(...offsets));
}

export type OffsetChange = { at: number; offsetFromMs: number; offsetToMs: number };

/**
 * Every offset change of a zone from `fromMs` to `toMs`: found day by day, then to the minute by
 * bisection (zones change on whole minutes).
 */
export function zoneOffsetChanges(timeZone: string, fromMs: number, toMs: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  let before = zoneOffsetMs(fromMs, timeZone);
  for (let dayStart = fromMs; dayStart < toMs; dayStart += DAY_MS) {
    const dayEnd = Math.min(dayStart + DAY_MS, toMs);
    const after = zoneOffsetMs(dayEnd, timeZone);
    if (after !== before) {
      let low = dayStart; // offset is `before` here
      let high = dayEnd; // and `after` here
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
        if (zoneOffsetMs(middle, timeZone) === before) low = middle;
        else high = middle;
      }
      changes.push({ at: high, offsetFromMs: before, offsetToMs: after });
    }
    before = after;
  }
  return changes;
}
