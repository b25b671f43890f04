import { z } from "zod";
import { contactSubmissionInput } from "../../../contract/contact-submission.ts";
import { serviceInquiryInput } from "../../../contract/service-inquiry.ts";
import { splitFullName } from "../../lib/contact-form-values.ts";
import type { FormMessages } from "./use-contract-form.ts";

// The public lead forms' schemas, built from the contract's (the rules the server applies), and the
// spec's wording where it differs from the API's (SPEC §5, §8). Unit-tested in lead-form-schemas.test.ts.

const contact = contactSubmissionInput.shape;

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
    products: contact.products.refine((products) => products.length > 0, { error: "Please select at least one service." }),
    meetingDate: contact.meetingDate,
    meetingTime: contact.meetingTime,
  })
  .transform(({ fullName, ...rest }) => ({ ...fullName, ...rest }));

export const contactFormMessages = {
  required: {
    fullName: "Please enter your full name.",
    email: "Please enter your email address.",
    phone: "Please enter your phone number.",
    products: "Please select at least one service.",
  },
  issues: { "fullName.lastName": "Please enter your first and last name." },
} satisfies FormMessages<keyof z.input<typeof contactFormSchema>>;

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

export const serviceInquiryFormMessages = {
  required: {
    firstName: "Please enter your first name.",
    lastName: "Please enter your last name.",
    email: "Please enter your email address.",
    phone: "Please enter your phone number.",
    serviceType: "Please choose a service.",
    message: "Please tell us about your project.",
  },
} satisfies FormMessages<keyof z.input<typeof serviceInquiryFormSchema>>;

/** The short lead forms: a few contact fields with the contract's own messages (SPEC §5: wording not shown). */
export const shortLeadFormSchema = contactSubmissionInput.pick({ firstName: true, lastName: true, email: true, phone: true, company: true });
