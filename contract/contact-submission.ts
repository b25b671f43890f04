import { z } from "zod";
import {
  cleanText,
  emailField,
  leadSourceFields,
  spamSignalFields,
  optionalText,
  phoneField,
  requiredText,
  type LeadSource,
  type LeadStatus,
} from "./fields.ts";
import { fieldMessages } from "./field-messages.ts";
import { contactProductOptions, meetingDateRange, meetingTimes } from "./lead-options.ts";

export { contactProductOptions, meetingTimes };

/** True for a time zone name the platform knows (IANA names and their aliases, such as Asia/Calcutta). */
export function isTimeZone(value: string): boolean {
  // Offsets such as "+05:00" are accepted by newer Intl versions but are not zone names.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Where today starts last (UTC−12): a date sent without a time zone is refused only when it is past everywhere. */
const LATEST_TODAY_ZONE = "Etc/GMT+12";

/** The zone of the machine running the check: the visitor's, in the browser. */
export function browserOrServerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The meeting rules across fields, for the API and every form (the browser's date input enforces the same
 * bounds with min and max): a date not before today in the lead's time zone and at most a year ahead. The
 * date and the time are each optional on their own (SPEC §5: "Company, meeting date and meeting time are
 * optional"): a time without a date is a preferred hour on any day.
 */
export function checkMeeting(
  value: { meetingDate?: string | undefined; meetingTime?: string | undefined; timezone?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.meetingDate === undefined) return;
  const { min, max } = meetingDateRange(
    value.timezone && isTimeZone(value.timezone) ? value.timezone : LATEST_TODAY_ZONE,
  );
  if (value.meetingDate < min)
    ctx.addIssue({ code: "custom", path: ["meetingDate"], message: fieldMessages.meetingDatePast });
  else if (value.meetingDate > max)
    ctx.addIssue({ code: "custom", path: ["meetingDate"], message: fieldMessages.meetingDateTooFar });
}

const product = cleanText("product")
  .min(1, { error: "Products must not be empty" })
  .max(100, { error: "Each product must be at most 100 characters" });

/** The fields of a contact submission, each with its own rules (forms pick from them). */
export const contactSubmissionFields = z.object({
  firstName: requiredText("first name", 100),
  lastName: requiredText("last name", 100),
  email: emailField,
  phone: phoneField,
  company: optionalText(cleanText("company name").max(200, { error: fieldMessages.tooLong("company name", 200) })),
  products: z
    .array(product, { error: "Products must be a list of text" })
    .max(20, { error: "Choose at most 20 products" })
    .nullish()
    .transform((value) => value ?? []),
  meetingDate: optionalText(z.iso.date({ error: "Meeting date must be a date (YYYY-MM-DD)" })),
  meetingTime: optionalText(z.enum(meetingTimes, { error: "Meeting time must be a full hour from 09:00 to 17:00" })),
  timezone: optionalText(
    cleanText("time zone")
      .max(64, { error: "Time zone must be at most 64 characters" })
      .refine(isTimeZone, { error: "Time zone must be an IANA time zone such as America/New_York" }),
  ),
  ...leadSourceFields,
  ...spamSignalFields,
});

/** What a form sends to POST /api/contact (full contact form and every short form): the fields and the meeting rules. */
export const contactSubmissionInput = contactSubmissionFields.superRefine(checkMeeting);

export type ContactSubmissionInput = z.input<typeof contactSubmissionInput>;
export type ContactSubmissionData = z.output<typeof contactSubmissionInput>;

/** A stored contact submission as the API returns it. */
export type ContactSubmission = LeadSource & {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string | null;
  products: string[];
  meetingDate: string | null;
  meetingTime: string | null;
  timezone: string | null;
  status: LeadStatus;
  /** Why the lead was stored as spam, or null. */
  spamReason: string | null;
  createdAt: string;
};
