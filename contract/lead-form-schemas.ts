import { z } from "zod";
import { browserOrServerTimeZone, checkMeeting, contactSubmissionFields } from "./contact-submission.ts";
import { contactFormMessages, selectAServiceMessage, serviceInquiryFormMessages } from "./lead-form-messages.ts";
import { serviceInquiryInput } from "./service-inquiry.ts";

// The public lead forms' schemas, built from the API's (the rules the server applies to every lead), and
// the forms' own wording for their own fields (lead-form-messages.ts). The browser validates with them
// (app/components/forms/, unit-tested in lead-form-schemas.test.ts there) and so does the server, for a
// form posted without JavaScript (server/routes/forms/). In the browser import app/lib/zod-without-eval.ts first.

/** "Mary Ann  Smith" -> firstName "Mary", lastName "Ann Smith" (SPEC §3: first word, then the rest). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

const contact = contactSubmissionFields.shape;

/**
 * The full contact form (/contact, /services): one Full Name input split into the contract's first and
 * last name (SPEC §3), and at least one service chip (a rule of this form: the short forms send none).
 * Its output is the payload without the time zone, lead source and spam signals.
 */
export const contactFormSchema = z
  .object({
    fullName: z
      .string()
      .transform(splitFullName)
      .pipe(z.object({ firstName: contact.firstName, lastName: contact.lastName })),
    email: contact.email,
    phone: contact.phone,
    company: contact.company,
    products: contact.products.refine((products) => products.length > 0, { error: selectAServiceMessage }),
    meetingDate: contact.meetingDate,
    meetingTime: contact.meetingTime,
    // The zone the form sends with the meeting (its hidden field); the browser's own when absent. Only the
    // meeting rule reads it here: the page adds the time zone to the payload itself.
    timezone: z.string().optional(),
  })
  .superRefine((value, ctx) => checkMeeting({ ...value, timezone: value.timezone ?? browserOrServerTimeZone() }, ctx))
  .transform(({ fullName, timezone: _timezone, ...rest }) => ({ ...fullName, ...rest }));

/** The service inquiry form at the bottom of every service page: the contract's fields, minus source and spam. */
export const serviceInquiryFormSchema = serviceInquiryInput.pick({
  firstName: true,
  lastName: true,
  email: true,
  company: true,
  phone: true,
  serviceType: true,
  budget: true,
  message: true,
});

/** The short lead forms: a few contact fields with the contract's own messages (SPEC §5: wording not shown). */
export const shortLeadFormSchema = contactSubmissionFields.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  company: true,
});

/** What each public form validates with (loaded on demand through lead-form-rules.ts). */
export const contactFormRules = { schema: contactFormSchema, messages: contactFormMessages };
export const serviceInquiryFormRules = { schema: serviceInquiryFormSchema, messages: serviceInquiryFormMessages };
export const shortLeadFormRules = { schema: shortLeadFormSchema };
