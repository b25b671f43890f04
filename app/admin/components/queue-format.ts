import type { ContactLead, Lead } from "../../../contract/admin-leads.ts";
import { replyStateOf, type ReplyState } from "../../../contract/reply-window.ts";
import { meetingTimeLabel } from "../../../contract/lead-options.ts";
import { replyBy } from "./lead-format.ts";

// The words of the owner's queue (issue 20): where a lead stands against its reply promise, its
// follow-up and the meeting it asked for, as the lists and the dashboard show them. Pure functions of
// the lead and the clock (`now`), tested without a browser. The admin is in English; times are in the
// browser's time zone unless one is given.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const LOCALE = "en-US";

/** A length of time in words: "25 min" under an hour, "3 h" up to two days (as replyBy counts them), then "4 days". */
export function durationText(ms: number, hours: number): string {
  const abs = Math.abs(ms);
  if (abs < HOUR_MS) return `${Math.max(1, Math.ceil(abs / MINUTE_MS))} min`;
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

export type ReplyStanding = { state: ReplyState; deadline: Date; text: string };

/**
 * Where a lead waiting for a reply stands against its form's promise (contract replyStateOf):
 * "Overdue by 3 h", or "Reply within 2 h" (`due` wording: "Due in 2 h", the dashboard's). Null once
 * it is answered (any status but new) and for spam.
 */
export function replyStanding(lead: Lead, now: number, wording: "within" | "due" = "within"): ReplyStanding | null {
  const reply = replyBy(lead, now);
  if (!reply) return null;
  const state = replyStateOf(lead, now);
  if (state === "answered") return null;
  const left = reply.deadline.getTime() - now;
  const duration = durationText(left, reply.hours);
  const text = reply.overdue
    ? `Overdue by ${duration}`
    : wording === "due"
      ? `Due in ${duration}`
      : `Reply within ${duration}`;
  return { state, deadline: reply.deadline, text };
}

/** The calendar day of an instant in a time zone, "2026-11-24" (en-CA writes ISO dates). */
function dayIn(instant: number, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(
    instant,
  );
}

/** The day after `day` (YYYY-MM-DD), or before with -1: calendar arithmetic in UTC, no zone involved. */
function shiftDay(day: string, by: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}

/** "today 3:00 PM", "tomorrow 9:00 AM", "yesterday 5:30 PM", else "Tue, Nov 25, 3:00 PM" (with the year when not this one). */
export function dayAndTime(iso: string, now: number, timeZone?: string): string {
  const instant = Date.parse(iso);
  const time = new Intl.DateTimeFormat(LOCALE, { hour: "numeric", minute: "2-digit", timeZone }).format(instant);
  const day = dayIn(instant, timeZone);
  const today = dayIn(now, timeZone);
  if (day === today) return `today ${time}`;
  if (day === shiftDay(today, 1)) return `tomorrow ${time}`;
  if (day === shiftDay(today, -1)) return `yesterday ${time}`;
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat(LOCALE, {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: sameYear ? undefined : "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(instant);
}

export type FollowUpStanding = { text: string; overdue: boolean; dueToday: boolean };

/**
 * A lead's follow-up in words: "Follow up today 3:00 PM: call back Tuesday", "Follow-up overdue since
 * yesterday 9:00 AM: send the quote". Null when none is set.
 */
export function followUpStanding(
  lead: { followUpAt: string | null; followUpNote: string | null },
  now: number,
  timeZone?: string,
): FollowUpStanding | null {
  if (!lead.followUpAt) return null;
  const at = Date.parse(lead.followUpAt);
  if (Number.isNaN(at)) return null;
  const when = dayAndTime(lead.followUpAt, now, timeZone);
  const overdue = at < now;
  const head = overdue ? `Follow-up overdue since ${when}` : `Follow up ${when}`;
  return {
    text: lead.followUpNote ? `${head}: ${lead.followUpNote}` : head,
    overdue,
    dueToday: dayIn(at, timeZone) === dayIn(now, timeZone),
  };
}

/**
 * The meeting a contact asked for, in words: "Meeting requested: Thursday, March 5, 2026, 10:00 AM
 * (their time)". The date is a calendar date of the lead's (no zone arithmetic); the lead's page shows
 * it in both time zones. Null when none was asked for.
 */
export function meetingRequestText(lead: Pick<ContactLead, "meetingDate" | "meetingTime">): string | null {
  const time =
    lead.meetingTime && /^\d{2}:\d{2}$/.test(lead.meetingTime)
      ? `, ${meetingTimeLabel(lead.meetingTime)} (their time)`
      : "";
  // A preferred hour without a day (each is optional on its own, SPEC §5).
  if (!lead.meetingDate && time) return `Meeting requested: any day${time}`;
  if (!lead.meetingDate || !/^\d{4}-\d{2}-\d{2}$/.test(lead.meetingDate)) return null;
  const date = new Intl.DateTimeFormat(LOCALE, {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${lead.meetingDate}T12:00:00Z`));
  return `Meeting requested: ${date}${time}`;
}
