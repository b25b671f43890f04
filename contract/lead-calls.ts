import { z } from "zod";
import { nextOpeningAt, type BusinessHours } from "./business-hours.ts";
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
export const callOutcomeLabels: Record<CallOutcome, string> = {
  reached: "Reached",
  voicemail: "Left a voicemail",
  "no-answer": "No answer",
};

export const CALL_NOTE_MAX = 500;

export const callInput = z
  .object({
    outcome: z.enum(callOutcomes, { error: `Choose the call's outcome: ${callOutcomes.join(", ")}.` }),
    note: optionalText(
      cleanText("note", { multiline: true }).max(CALL_NOTE_MAX, {
        error: fieldMessages.tooLong("note", CALL_NOTE_MAX),
      }),
    ),
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

/** How long after an unanswered call to try again, at the earliest. */
export const CALL_AGAIN_AFTER_MS = 2 * 3_600_000;
const STEP_MS = 15 * 60_000;

/**
 * When to call again after "no answer": two hours later (on a quarter hour) if the business is open
 * then, else the next opening (closed days and dates skipped): contract/business-hours.ts's rule.
 */
export function nextCallSlot(now: Date, hours: BusinessHours): Date {
  const earliest = Math.ceil((now.getTime() + CALL_AGAIN_AFTER_MS) / STEP_MS) * STEP_MS;
  return new Date(nextOpeningAt(earliest, hours));
}
