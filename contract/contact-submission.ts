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
import { contactProductOptions, meetingTimes } from "./lead-options.ts";

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

const product = cleanText("product")
  .min(1, { error: "Products must not be empty" })
  .max(100, { error: "Each product must be at most 100 characters" });

/** What a form sends to POST /api/contact (full contact form and every short form). */
export const contactSubmissionInput = z.object({
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
  meetingTime: optionalText(
    z.enum(meetingTimes, { error: "Meeting time must be a full hour from 09:00 to 17:00" }),
  ),
  timezone: optionalText(
    cleanText("time zone")
      .max(64, { error: "Time zone must be at most 64 characters" })
      .refine(isTimeZone, { error: "Time zone must be an IANA time zone such as America/New_York" }),
  ),
  ...leadSourceFields,
  ...spamSignalFields,
});

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
