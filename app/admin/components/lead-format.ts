import type { Lead, LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { statusLabels as leadStatusLabels } from "../../../contract/lead-statuses.ts";
import { zonedInstant as zonedHour } from "../../../contract/time-zones.ts";
import { meetingTimeLabel } from "../../../contract/lead-options.ts";
import { awaitsReply } from "../../../contract/reply-window.ts";
import { replyPromiseHours } from "../../../contract/form-names.ts";
import { timeZoneInWords } from "../../lib/contact-form-values.ts";

// Wording and time arithmetic shared by the admin pages.

/** The statuses' names: one list, in contract/lead-statuses.ts (the server's activity records use it too). */
export const statusLabels: Record<LeadStatus, string> = leadStatusLabels;

export const kindLabels: Record<LeadKind, { inbox: string; one: string; open: string }> = {
  contacts: { inbox: "Contact inbox", one: "Contact form", open: "Open contact inbox" },
  inquiries: { inbox: "Inquiry inbox", one: "Service inquiry", open: "Open inquiry inbox" },
};

export function leadName(lead: { firstName: string; lastName: string }): string {
  return `${lead.firstName} ${lead.lastName}`.trim();
}

/**
 * The tel: link of a lead's phone as they typed it: "(512) 555-0142" -> "tel:5125550142". An extension
 * (contract phoneField: "ext. 12", "x12", "#12") goes after ";ext=" (RFC 3966), never into the number dialled.
 */
export function telHref(phone: string): string {
  const extension = /\s*(?:ext(?:ension)?\.?|x|#)\s*(\d+)\s*$/i.exec(phone);
  const number = (extension ? phone.slice(0, extension.index) : phone).replace(/[^\d+]/g, "");
  return extension ? `tel:${number};ext=${extension[1]}` : `tel:${number}`;
}

/** A date and time in the browser's locale, in `timeZone` (the browser's own when not given). */
export function formatDateTime(iso: string | Date, timeZone?: string): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return String(iso);
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}

/**
 * A time zone in words, never its IANA id (issue 20, point 6): "America/Chicago" -> "Central Time
 * (Chicago)", the generic name (the same in winter and summer) and the city, which tells apart the zones
 * of one name. Zones named only by an offset ("Etc/GMT+5") read as that offset ("GMT-05:00"); a zone the
 * browser does not know is shown as it was sent (it is all there is).
 */
export function timeZoneLabel(timeZone: string): string {
  if (/^(Etc\/)?(UTC|UCT|Universal|Zulu)$/.test(timeZone)) return "UTC";
  const words = timeZoneInWords(timeZone);
  if (words === timeZone) return timeZone;
  const offsetOnly = /^.+ \((GMT[^)]*)\)$/.exec(words);
  if (offsetOnly && words.startsWith(`${timeZone} (`)) return offsetOnly[1]!;
  const slash = timeZone.lastIndexOf("/");
  if (slash < 0 || timeZone.startsWith("Etc/")) return words;
  return `${words} (${timeZone.slice(slash + 1).replace(/_/g, " ")})`;
}

/** A whole hour of the day as people read it: 7 -> "7:00 AM", 0 -> "12:00 AM" (the meeting slots' wording). */
export function hourLabel(hour: number): string {
  return meetingTimeLabel(`${String(hour).padStart(2, "0")}:00`);
}

/** The browser's time zone name, e.g. "Europe/Berlin". */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The instant at which the wall clock of `timeZone` reads `date` `time` (YYYY-MM-DD, HH:MM), or null
 * when it cannot be computed (malformed values, unknown zone). The zone arithmetic is contract/time-zones.ts.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date | null {
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !t) return null;
  try {
    const instant = zonedHour(date, Number(t[1]), timeZone).getTime() + Number(t[2]) * 60_000;
    return Number.isNaN(instant) ? null : new Date(instant);
  } catch {
    return null;
  }
}

/** The meeting time in the lead's zone and in the owner's, with the zone names. */
export function formatMeeting(instant: Date, timeZone: string): { lead: string; owner: string; ownerZone: string } {
  const format = (zone?: string) =>
    new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "short", timeZone: zone }).format(instant);
  return { lead: format(timeZone), owner: format(), ownerZone: browserTimeZone() };
}

const HOUR_MS = 3_600_000;

export type ReplyBy = { deadline: Date; overdue: boolean; hours: number };

/**
 * The reply promise of a lead still waiting for an answer: the API's `replyBy`, the form's promise counted
 * in business hours by the server (contract/business-hours.ts); never worked out again here, so the admin
 * shows the deadline "Now", the e-mails and the reports use. Null once the lead has been answered (and for
 * spam, which nobody answers).
 */
export function replyBy(lead: Pick<Lead, "status" | "replyBy">, now: number): ReplyBy | null {
  if (!awaitsReply(lead.status)) return null;
  const deadline = Date.parse(lead.replyBy);
  if (Number.isNaN(deadline)) return null;
  const left = deadline - now;
  return { deadline: new Date(deadline), overdue: left < 0, hours: Math.max(1, Math.ceil(Math.abs(left) / HOUR_MS)) };
}

const countFormat = new Intl.NumberFormat("en-US");

/** A count as people read it, with thousands separators: 1,234; "1,000+" when it is a lower bound (a capped count). */
export function formatCount(count: number, atLeast = false): string {
  return `${countFormat.format(count)}${atLeast ? "+" : ""}`;
}

const MINUTE_MS = 60_000;

/** How long ago, in the largest whole unit: "just now", "5 min ago", "3 h ago", "2 days ago", then the date. */
export function timeAgo(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const minutes = Math.floor(Math.max(0, now - then) / MINUTE_MS);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return days === 1 ? "1 day ago" : `${days} days ago`;
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(then));
}

/** The statuses a lead can be given; spam is not one of them but a view of its own ("Mark as spam", "Not spam"). */
export const triageStatuses = ["new", "contacted", "qualified", "won", "lost"] as const satisfies readonly LeadStatus[];
export type TriageStatus = (typeof triageStatuses)[number];

/** The forms' promises in hours, "4 or 24" (contract/form-names.ts). */
const promisedHours = Object.values(replyPromiseHours)
  .sort((a, b) => a - b)
  .join(" or ");

/** What each status means (the inbox's status help). */
export const statusDescriptions: Record<TriageStatus, string> = {
  new: `Not answered yet: reply within the form's promise (${promisedHours} hours).`,
  contacted: "You replied or called; waiting for their answer.",
  qualified: "A real prospect: the need, budget and timing fit.",
  won: "They became a client.",
  lost: "They said no or went quiet.",
};
