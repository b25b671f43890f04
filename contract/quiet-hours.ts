import { z } from "zod";
import { isTimeZone } from "./contact-submission.ts";
import { dateIn, utcInstant, zonedInstant, zoneOffsetMs } from "./time-zones.ts";

// Quiet hours per user (issue 36, point 4; off by default): a push that would reach a user's devices inside
// their quiet hours waits until the hours end, unless the lead came from a form whose promise is under
// QUIET_HOURS_BREAK_THROUGH_BELOW_HOURS. Whole hours on the user's own clock, across midnight allowed.
//
//   GET /api/admin/account/quiet-hours   -> QuietHours (the signed-in user's)
//   PUT /api/admin/account/quiet-hours   QuietHours -> QuietHours

/** A promise shorter than this is kept even at night (issue 36: "a form whose promise is under 4 hours"). */
export const QUIET_HOURS_BREAK_THROUGH_BELOW_HOURS = 4;

const hour = (field: string) =>
  z
    .number({ error: `${field} must be an hour from 0 to 23` })
    .int({ error: `${field} must be an hour from 0 to 23` })
    .min(0, { error: `${field} must be an hour from 0 to 23` })
    .max(23, { error: `${field} must be an hour from 0 to 23` });

export const quietHoursInput = z
  .object({
    enabled: z.boolean({ error: "enabled must be true or false" }),
    startHour: hour("startHour"),
    endHour: hour("endHour"),
    timeZone: z
      .string({ error: "timeZone must be an IANA time zone such as America/New_York" })
      .refine(isTimeZone, { error: "timeZone must be an IANA time zone such as America/New_York" }),
  })
  .strict()
  .refine((value) => value.startHour !== value.endHour, {
    error: "Quiet hours must end at another hour than they start.",
    path: ["endHour"],
  });
export type QuietHours = z.infer<typeof quietHoursInput>;

/** A user who never set them: off, with the usual night as the form's starting point. */
export function defaultQuietHours(timeZone: string): QuietHours {
  return { enabled: false, startHour: 22, endHour: 7, timeZone };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a push at `at` may go under these quiet hours: null when they are off or `at` is outside them, else their end. */
export function quietUntil(quiet: QuietHours | null, at: number): Date | null {
  if (!quiet?.enabled) return null;
  const local = at + zoneOffsetMs(at, quiet.timeZone);
  const hourNow = new Date(local).getUTCHours();
  const { startHour, endHour } = quiet;
  const inside =
    startHour < endHour ? hourNow >= startHour && hourNow < endHour : hourNow >= startHour || hourNow < endHour;
  if (!inside) return null;
  // Across midnight, the evening's part ends on the next calendar day.
  const today = dateIn(quiet.timeZone, at);
  const endDay = startHour > endHour && hourNow >= startHour ? nextDate(today) : today;
  return zonedInstant(endDay, endHour, quiet.timeZone);
}

function nextDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(utcInstant(year, month, day) + DAY_MS).toISOString().slice(0, 10);
}
