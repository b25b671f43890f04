import { z } from "zod";

// The dates an admin may ask about (the inbox's and the reports' `from` and `to`, a follow-up's time). A
// well-formed but extreme date broke things far from the form: year 0 does not exist in PostgreSQL, a day
// after 9999-12-31 is no ISO string in JavaScript, and a report walked week by week to year 9999 (issue 32,
// finding 6). No lead, view or follow-up lies outside these years, so a date outside them is a mistake.

export const EARLIEST_DATE = "2000-01-01";
export const LATEST_DATE = "2100-12-31";

const outOfRange = (field: string) => `${field} must be between ${EARLIEST_DATE} and ${LATEST_DATE}`;

/** A calendar day (YYYY-MM-DD, a day that exists) within the bounds; `field` as the API names it. */
export function boundedDate(field: string) {
  return z.iso
    .date({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine((date) => date >= EARLIEST_DATE && date <= LATEST_DATE, { error: outOfRange(field) });
}

/** An instant (ISO 8601 with an offset) within the bounds, as its UTC ISO string; `message` for a malformed one. */
export function boundedInstant(field: string, message: string) {
  return z.iso
    .datetime({ offset: true, error: message })
    .transform((time) => new Date(time).toISOString())
    .refine((time) => time >= `${EARLIEST_DATE}T00:00:00.000Z` && time <= `${LATEST_DATE}T23:59:59.999Z`, {
      error: outOfRange(field),
    });
}
