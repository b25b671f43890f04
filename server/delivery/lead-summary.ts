import type { LeadKind } from "../../contract/admin-leads.ts";
import { publicForms } from "../../contract/public-forms.ts";
import { budgetLabels, serviceTypeLabels } from "../../contract/service-inquiry.ts";
import type { LeadOf } from "../repositories/leads/lead-tables.ts";
import { zonedInstant } from "../../contract/time-zones.ts";
import { meetingTimeLabel } from "../../contract/lead-options.ts";

// What a lead says, as rows a person reads: the one place that turns a stored lead into labelled text for
// the owner's e-mail, the auto-reply and any other channel. Pure: no I/O, the clock is not read.

export type SummaryRow = { label: string; value: string };
export type AnyLead = LeadOf[LeadKind];

/** `text` cut to at most `max` characters, ending with "…" when cut (a notification's or a chat's line). */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Shown for a field the lead left empty, so the owner sees that nothing was given rather than a gap. */
export const NOT_GIVEN = "—";

export function leadDisplayName(lead: Pick<AnyLead, "firstName" | "lastName">): string {
  return `${lead.firstName} ${lead.lastName}`.trim();
}

/** What the lead asked for, in a few words: the chosen products, or the service of an inquiry. */
export function leadRequestSummary<K extends LeadKind>(kind: K, lead: LeadOf[K]): string {
  if (kind === "inquiries") return serviceTypeLabels[(lead as LeadOf["inquiries"]).serviceType];
  const products = (lead as LeadOf["contacts"]).products;
  return products.length > 0 ? products.join(", ") : "a conversation";
}

/** A lead's kind in words. */
export const leadKindWords: Record<LeadKind, string> = { contacts: "Contact", inquiries: "Service inquiry" };

/**
 * The form a lead came from, in words the owner reads, from the contract's list of forms: its kind (a
 * short form by its heading) and its page, e.g. "Contact form on /contact", "Service inquiry form on
 * /services/seo", "“Get Your FREE Lead Audit” form on /get-leads". A name no form has any more is shown as
 * stored; no form: null.
 */
export function formInWords(formName: string | null | undefined): string | null {
  if (!formName) return null;
  const form = publicForms.get(formName);
  if (!form) return formName;
  const name =
    form.layout === "inquiry"
      ? "Service inquiry form"
      : form.layout === "contact" || !form.title
        ? "Contact form"
        : `“${form.title}” form`;
  return `${name} on ${form.pagePath}`;
}

/**
 * A day and time in `timeZone` as the owner's mails write it, "Tue, Nov 24, 10:04 AM", with what `extra` adds
 * (the year, the zone's name). The one format behind every such time in the mails.
 */
export const dayAndTimeIn = (timeZone: string, extra: Intl.DateTimeFormatOptions = {}) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    ...extra,
  });
const dayAndTime = (timeZone: string) => dayAndTimeIn(timeZone, { year: "numeric", timeZoneName: "longGeneric" });
/** A lead's reply-by time in the owner's zone: "Mon, Nov 30, 2026, 1:00 PM Eastern Time". */
export function replyByText(replyBy: string, ownerTimeZone: string): string {
  return dayAndTime(ownerTimeZone).format(new Date(replyBy));
}
/** The reply-by time where space is short (a phone's lock screen): "Tue, Nov 24, 10:04 AM EST". */
export function replyByShortText(replyBy: string, ownerTimeZone: string): string {
  return dayAndTimeIn(ownerTimeZone, { timeZoneName: "short" }).format(new Date(replyBy));
}
const timeOnly = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", timeZoneName: "longGeneric" });
const dayOnly = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric", year: "numeric" });

/** A date (YYYY-MM-DD) as "Wed, Dec 2, 2026", read as a calendar day (no zone shift). */
function calendarDay(date: string): string {
  return dayOnly("UTC").format(new Date(`${date}T00:00:00Z`));
}

/**
 * The requested meeting in the lead's time zone and, when given, the owner's:
 * "Wed, Dec 2, 2026, 10:00 AM Central Time (America/Chicago) · 11:00 AM Eastern Time (owner's time)".
 * null when no meeting was asked for.
 */
export function requestedMeeting(lead: LeadOf["contacts"], ownerTimeZone?: string): string | null {
  const { meetingDate, meetingTime, timezone } = lead;
  // A preferred hour without a day (each is optional on its own, SPEC §5).
  if (!meetingDate)
    return meetingTime ? `Any day, ${meetingTimeLabel(meetingTime)} (${timezone ?? "time zone not given"})` : null;
  if (!meetingTime) return `${calendarDay(meetingDate)} (no time chosen)`;
  if (!timezone) return `${calendarDay(meetingDate)}, ${meetingTime} (time zone not given)`;
  const start = zonedInstant(meetingDate, Number(meetingTime.slice(0, 2)), timezone);
  const theirs = `${dayAndTime(timezone).format(start)} (${timezone})`;
  if (!ownerTimeZone || ownerTimeZone === timezone) return theirs;
  // The owner's day is named only when it is not the lead's (a meeting at 9 AM in Tokyo is the evening before in Chicago).
  const sameDay = dayOnly(ownerTimeZone).format(start) === dayOnly(timezone).format(start);
  const ours = sameDay ? timeOnly(ownerTimeZone).format(start) : dayAndTime(ownerTimeZone).format(start);
  return `${theirs} · ${ours} (owner's time)`;
}

const orNotGiven = (value: string | null | undefined) => (value ? value : NOT_GIVEN);

/**
 * What the person filled in, in the form's order (the owner's mail starts with it; the auto-reply echoes
 * none of it, issue 19). The meeting is shown in their own time zone (pass ownerTimeZone to add the owner's).
 */
export function submittedFields<K extends LeadKind>(kind: K, lead: LeadOf[K], ownerTimeZone?: string): SummaryRow[] {
  const rows: SummaryRow[] = [
    { label: "Name", value: leadDisplayName(lead) },
    { label: "E-mail", value: lead.email },
    { label: "Phone", value: orNotGiven(lead.phone) },
    { label: "Company", value: orNotGiven(lead.company) },
  ];
  if (kind === "inquiries") {
    const inquiry = lead as LeadOf["inquiries"];
    rows.push(
      { label: "Service", value: serviceTypeLabels[inquiry.serviceType] },
      { label: "Budget", value: inquiry.budget ? budgetLabels[inquiry.budget] : NOT_GIVEN },
      { label: "Message", value: inquiry.message },
    );
  } else {
    const contact = lead as LeadOf["contacts"];
    rows.push(
      { label: "Products", value: contact.products.length > 0 ? contact.products.join(", ") : NOT_GIVEN },
      { label: "Requested meeting", value: orNotGiven(requestedMeeting(contact, ownerTimeZone)) },
    );
  }
  return rows;
}

/**
 * Every stored field the owner cares about, in reading order: what the person sent, then the triage
 * state, when it arrived (in the owner's time zone) and where it came from (page, form, UTM, referrer).
 */
export function leadSummary<K extends LeadKind>(
  kind: K,
  lead: LeadOf[K],
  { ownerTimeZone }: { ownerTimeZone: string },
): SummaryRow[] {
  const rows = submittedFields(kind, lead, ownerTimeZone);
  rows.push({ label: "Status", value: lead.status });
  if (lead.spamReason) rows.push({ label: "Spam reason", value: lead.spamReason });
  rows.push(
    { label: "Received", value: dayAndTime(ownerTimeZone).format(new Date(lead.createdAt)) },
    // The form's promise counted in business hours (contract/business-hours.ts, issue 33).
    { label: "Reply by", value: replyByText(lead.replyBy, ownerTimeZone) },
    { label: "Page", value: orNotGiven(lead.pagePath) },
    { label: "Form", value: orNotGiven(lead.formName) },
    { label: "UTM source", value: orNotGiven(lead.utmSource) },
    { label: "UTM medium", value: orNotGiven(lead.utmMedium) },
    { label: "UTM campaign", value: orNotGiven(lead.utmCampaign) },
    { label: "UTM term", value: orNotGiven(lead.utmTerm) },
    { label: "UTM content", value: orNotGiven(lead.utmContent) },
    { label: "Referrer", value: orNotGiven(lead.referrer) },
  );
  return rows;
}
