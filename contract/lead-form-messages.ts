import type { z } from "zod";
import { fieldMessages } from "./field-messages.ts";
import type { FormMessages } from "./form-errors.ts";
import type { contactFormSchema, serviceInquiryFormSchema } from "./lead-form-schemas.ts";

// The forms' own wording where a field is theirs and not the contract's (the full name, the service
// chips and select, the project message), in the contract's voice (field-messages.ts); apart
// from the schemas so the forms can mark their required fields at first paint without loading zod.

/** The contact form's service chips: at least one (SPEC §5). */
export const selectAServiceMessage = "Select at least one service.";

export const contactFormMessages = {
  required: {
    fullName: fieldMessages.required("full name"),
    products: selectAServiceMessage,
  },
  issues: { "fullName.lastName": "Enter your first and last name." },
} satisfies FormMessages<keyof z.input<typeof contactFormSchema>>;

/** The service inquiry form's required fields (SPEC §5), marked with the browser flag and an asterisk. */
export const serviceInquiryRequiredFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "serviceType",
  "message",
] as const satisfies readonly (keyof z.input<typeof serviceInquiryFormSchema>)[];

export const serviceInquiryFormMessages = {
  required: {
    serviceType: "Choose a service.",
    message: "Tell us about your project.",
  },
} satisfies FormMessages<keyof z.input<typeof serviceInquiryFormSchema>>;
