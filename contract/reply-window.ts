import { addBusinessHours, type BusinessHours } from "./business-hours.ts";
import type { LeadStatus } from "./fields.ts";
import { replyWindowHours } from "./form-names.ts";

// A lead's reply deadline and where it stands against it: the admin's reply-by mark, the dashboard's
// "Now" and "needs a reply", the morning e-mail and the deadline order's stored key. The promise each form
// makes (4 or 24 hours) is contract/form-names.ts; it counts in business hours (contract/business-hours.ts,
// issue 33). The deadline is worked out when the lead is stored (and again for the waiting leads when the
// hours change) and kept with it: everything else reads the stored `replyBy`.

const HOUR_MS = 3_600_000;

/** A lead's reply deadline: its arrival plus its form's promise, counted in business hours (an instant). */
export function replyByOf(createdAt: string, formName: string | null | undefined, hours: BusinessHours): string {
  return new Date(addBusinessHours(Date.parse(createdAt), replyWindowHours(formName), hours)).toISOString();
}

/** Whether a lead still waits for its first answer: only while its status is new (spam too is "answered": nobody answers spam). */
export function awaitsReply(status: LeadStatus): boolean {
  return status === "new";
}

/**
 * Where a lead stands against its promise: "answered" once its status is not new (spam too: nobody
 * answers spam); "overdue" past the deadline; "due-soon" within a quarter of its promise of the deadline
 * (the last hour of a 4-hour promise, the last 6 hours of a 24-hour one); else "waiting".
 */
export type ReplyState = "answered" | "overdue" | "due-soon" | "waiting";
export function replyStateOf(
  lead: { status: LeadStatus; replyBy: string; formName: string | null },
  nowMs: number,
): ReplyState {
  if (!awaitsReply(lead.status)) return "answered";
  const deadline = Date.parse(lead.replyBy);
  if (nowMs > deadline) return "overdue";
  return deadline - nowMs <= (replyWindowHours(lead.formName) * HOUR_MS) / 4 ? "due-soon" : "waiting";
}

/**
 * The deadline order's key, stored with each lead (kept in step with its status) so the order is an
 * index walk: "0|<replyBy ISO>" while the lead waits for a reply (status new), so the earliest deadline
 * comes first; "1|<13 digits>" once answered (or spam), the digits being 9999999999999 minus the
 * arrival's epoch milliseconds, so the newest comes first among them.
 */
export function deadlineKey(lead: { status: LeadStatus; createdAt: string; replyBy: string }): string {
  if (lead.status === "new") return `0|${lead.replyBy}`;
  return `1|${String(9_999_999_999_999 - Date.parse(lead.createdAt)).padStart(13, "0")}`;
}
