// The option lists of the lead forms, and the names of the spam signals, without zod: the public forms
// render them at first paint, while the schemas (contract/contact-submission.ts, service-inquiry.ts,
// fields.ts) load only when a form is validated (app/components/forms/use-contract-form.ts).

import { dateIn } from "./time-zones.ts";

/** The nine service chips of the full contact form (SPEC §3). */
export const contactProductOptions = [
  "SEO Services",
  "SEM (Paid Advertising)",
  "Website Design",
  "Email Marketing",
  "Social Media Marketing",
  "Podcast Marketing",
  "Ultimate Website Offer",
  "Ultimate Pitch Packages",
  "Consulting Only",
] as const;

/** Meeting slots: hourly from 09:00 to 17:00. */
export const meetingTimes = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"] as const;

/** How far ahead a meeting may be asked for. */
export const MEETING_HORIZON_YEARS = 1;

/**
 * The first and last meeting dates (YYYY-MM-DD) a lead in `timeZone` may ask for at `nowMs`: today in their
 * zone (SPEC §5) to a year ahead. The contract checks them (contact-submission.ts); the date inputs show them.
 */
export function meetingDateRange(timeZone: string, nowMs: number = Date.now()): { min: string; max: string } {
  const min = dateIn(timeZone, nowMs);
  const year = String(Number(min.slice(0, 4)) + MEETING_HORIZON_YEARS).padStart(4, "0");
  // A year after 29 February is 28 February (a real date, so it also serves as the date input's max).
  const monthDay = min.slice(4) === "-02-29" ? "-02-28" : min.slice(4);
  return { min, max: `${year}${monthDay}` };
}

/** "09:00" -> "9:00 AM", "12:00" -> "12:00 PM", "17:00" -> "5:00 PM". */
export function meetingTimeLabel(value: string): string {
  const hour = Number(value.slice(0, 2));
  const suffix = hour >= 12 ? "PM" : "AM";
  const twelveHour = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelveHour}:${value.slice(3, 5)} ${suffix}`;
}

/** The hourly meeting slots of SPEC §5, value (sent) and label (shown), for the form and the server's pages. */
export const meetingSlots = meetingTimes.map((value) => ({ value, label: meetingTimeLabel(value) }));

/** serviceType values with the labels the form shows (SPEC §3). */
export const serviceTypeLabels = {
  seo: "Search Engine Optimization",
  "paid-ads": "Paid Advertising Management",
  "web-design": "Website Design & Development",
  "social-media": "Social Media Management",
  multiple: "Multiple Services",
  consultation: "General Consultation",
} as const;
export type ServiceType = keyof typeof serviceTypeLabels;

/** budget has a single option; it may also be left empty. */
export const budgetLabels = { discuss: "Prefer to discuss" } as const;
export type Budget = keyof typeof budgetLabels;

/** The spam signals every form sends (contract/fields.ts spamSignalFields has one rule per name). */
export const spamSignalNames = ["website", "elapsedMs", "formToken"] as const;
