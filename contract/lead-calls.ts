import { z } from "zod";
import { fieldMessages } from "./field-messages.ts";
import { cleanText, optionalText } from "./fields.ts";

// A call logged from a lead's page (issue 33, point 5):
//
//   POST /api/admin/leads/:kind/:id/calls   { outcome, note? }   -> CallAnswer (201)
//
// "reached" is an answer (the lead's first one sets answeredAt/answeredBy and new -> contacted, like a
// reply); "no-answer" comes back with the next follow-up time within business hours to offer.

export const callOutcomes = ["reached", "voicemail", "no-answer"] as const;
export type CallOutcome = (typeof callOutcomes)[number];
export const callOutcomeLabels: Record<CallOutcome, string> = { reached: "Reached", voicemail: "Left a voicemail", "no-answer": "No answer" };

export const CALL_NOTE_MAX = 500;

export const callInput = z
  .object({
    outcome: z.enum(callOutcomes, { error: `Choose the call's outcome: ${callOutcomes.join(", ")}.` }),
    note: optionalText(cleanText("note", { multiline: true }).max(CALL_NOTE_MAX, { error: fieldMessages.tooLong("note", CALL_NOTE_MAX) })),
  })
  .strict();
export type CallInput = z.input<typeof callInput>;

/** Whether a call with this outcome answers the lead. */
export const callAnswers = (outcome: CallOutcome): boolean => outcome === "reached";

/** The call as its timeline entry, and after "no-answer" when to try again (an ISO instant within business hours). */
export type CallAnswer = {
  id: string;
  type: "call";
  at: string;
  outcome: CallOutcome;
  note: string | null;
  by: { id: string; name: string } | null;
  suggestedFollowUpAt?: string;
};

/** Business hours as GET /api/admin/settings/business-hours gives them (issue 33): the shape the suggestion reads. */
export type CallBusinessHours = { timeZone: string; week: { day: number; open: string; close: string }[]; closedDates: string[] };

/**
 * The spec's "Monday to Friday 9AM to 6PM EST". Stands in until contract/business-hours.ts (engineer A)
 * gives the stored hours: the call route passes them once it exists (see the report of issue 33).
 */
export const SPEC_DEFAULT_CALL_HOURS: CallBusinessHours = {
  timeZone: "America/New_York",
  week: [1, 2, 3, 4, 5].map((day) => ({ day, open: "09:00", close: "18:00" })),
  closedDates: [],
};

/** How long after an unanswered call to try again, at the earliest. */
export const CALL_AGAIN_AFTER_MS = 2 * 3_600_000;
const STEP_MS = 15 * 60_000;

/**
 * When to call again after "no answer": two hours later if the business is open then, else the next
 * opening time (closed dates and days skipped), on a quarter hour. Walks quarter hours in the business's
 * own zone, so a daylight-saving change day needs no special case.
 */
export function nextCallSlot(now: Date, hours: CallBusinessHours = SPEC_DEFAULT_CALL_HOURS): Date {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: hours.timeZone, weekday: "short", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
  const open = (at: Date): boolean => {
    const p = Object.fromEntries(parts.formatToParts(at).map((part) => [part.type, part.value]));
    if (hours.closedDates.includes(`${p.year}-${p.month}-${p.day}`)) return false;
    const time = `${p.hour}:${p.minute}`;
    return hours.week.some((slot) => slot.day === weekdays[p.weekday!] && slot.open <= time && time < slot.close);
  };
  let at = Math.ceil((now.getTime() + CALL_AGAIN_AFTER_MS) / STEP_MS) * STEP_MS;
  // At most a year of quarter hours: a week with no opening hours at all has no slot to offer.
  for (let step = 0; step < 366 * 96; step++, at += STEP_MS) if (open(new Date(at))) return new Date(at);
  return new Date(Math.ceil((now.getTime() + CALL_AGAIN_AFTER_MS) / STEP_MS) * STEP_MS);
}
