import { openingOfBusinessDay, type BusinessHours } from "../../../contract/business-hours.ts";
import { formatDateTime } from "./lead-format.ts";

// A lead's follow-up in the browser (issue 20, point 3): the owner picks a wall-clock time in the
// browser's own time zone (a datetime-local field, or a quick pick), and the API gets the instant as
// ISO 8601 with that zone's offset, which it requires (contract leadUpdate.followUpAt).

const pad = (n: number) => String(n).padStart(2, "0");

/** The instant with the browser's offset at that instant: "2026-03-03T09:00:00-06:00". */
export function isoWithOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${day}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A datetime-local field's value (YYYY-MM-DDTHH:MM, the browser's wall clock) as an instant, or null. */
export function fromLocalInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute);
  // new Date rolls 2026-02-31 over to March: such a value is no date.
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** An instant as a datetime-local field shows it, in the browser's wall clock. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export type QuickPick = { label: string; at: Date };

/**
 * The follow-up offered after "Contacted": the next business day, in three days, in a week, each at the
 * business's opening that day (issue 33: a shortcut never lands on a closed day or a closed date; shown
 * in the browser's own time under the label).
 */
export function followUpQuickPicks(now: Date, hours: BusinessHours): QuickPick[] {
  const opening = (days: number) => new Date(openingOfBusinessDay(now.getTime(), days, hours));
  return [
    { label: "Next business day", at: opening(1) },
    { label: "In 3 days", at: opening(3) },
    { label: "In a week", at: opening(7) },
  ];
}

/** A quick pick's day and time, under its label: "Fri, Mar 6, 9:00 AM". */
export function quickPickWhen(at: Date): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(at);
}

export type FollowUpState = "overdue" | "today" | "later";

/** Where a follow-up stands: past, later today (the browser's day), or on a later day. */
export function followUpState(followUpAt: string, now: Date): FollowUpState {
  const at = new Date(followUpAt);
  if (at.getTime() < now.getTime()) return "overdue";
  const endOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  return at.getTime() < endOfToday ? "today" : "later";
}

/** "Mar 3, 2026, 9:00 AM (call back Tuesday)": when, and the note when there is one. */
export function followUpText(followUpAt: string, note: string | null): string {
  return `${formatDateTime(followUpAt)}${note ? ` (${note})` : ""}`;
}
