import type { ShortLeadFormProps } from "../components/forms/short-lead-form.tsx";
import { publicForm } from "../../contract/public-forms.ts";

// The short lead forms of the site: the island's props (all strings), from the one table of public forms
// (contract/public-forms.ts), which the server reads too when a form is posted without JavaScript.

type ShortLeadFormConfig = Omit<ShortLeadFormProps, "className">;

/** A short form's props by its form name. */
export function shortLeadFormProps(formName: string): ShortLeadFormConfig {
  const { title, note, companyLabel, products, successMessage, replyWithin, bookingHref, submitLabel } =
    publicForm(formName);
  return {
    formName,
    title: title ?? "",
    submitLabel,
    successMessage,
    replyWithin,
    bookingHref,
    ...(note ? { note } : {}),
    ...(companyLabel ? { companyLabel } : {}),
    ...(products ? { products } : {}),
  };
}

export const leadAuditForm = shortLeadFormProps("lead-audit");
export const websiteAuditForm = shortLeadFormProps("website-audit");
export const coachingForm = shortLeadFormProps("marketing-coaching");
