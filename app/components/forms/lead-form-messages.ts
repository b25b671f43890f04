import type { z } from "zod";
import type { contactFormSchema, serviceInquiryFormSchema } from "./lead-form-schemas.ts";
import type { FormMessages } from "./use-contract-form.ts";

// The spec's wording where it differs from the API's (SPEC §5, §8), apart from the schemas so the
// forms can mark their required fields at first paint without loading zod.

export const contactFormMessages = {
  required: {
    fullName: "Please enter your full name.",
    email: "Please enter your email address.",
    phone: "Please enter your phone number.",
    products: "Please select at least one service.",
  },
  issues: { "fullName.lastName": "Please enter your first and last name." },
} satisfies FormMessages<keyof z.input<typeof contactFormSchema>>;

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
