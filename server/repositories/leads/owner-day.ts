import { dateIn, utcInstant, zonedInstant } from "../../../contract/time-zones.ts";

// "Today" is the owner's day (OWNER_TIMEZONE), not the server's: a follow-up at 23:30 in Chicago is due
// today there while it is already tomorrow in UTC. The caller passes the time (the app's clock).

/** The first instant of the day after `now`'s day in `timeZone`: a follow-up before it is due today (or overdue). */
export function endOfOwnerDay(now: Date, timeZone: string): Date {
  const [year, month, day] = dateIn(timeZone, now.getTime()).split("-").map(Number) as [number, number, number];
  const tomorrow = new Date(utcInstant(year, month, day + 1)).toISOString().slice(0, 10);
  // A zone whose clocks skip midnight starts the day at the first hour it has (zonedInstant moves forward).
  return zonedInstant(tomorrow, 0, timeZone);
}

/** The owner's day as the repository needs it: the caller's clock and time zone. */
export type OwnerDay = { clock: () => Date; ownerTimeZone: string };
