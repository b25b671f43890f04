import type { ShortLeadFormProps } from "../components/forms/short-lead-form.tsx";

// The short lead forms of the site, as data: which page shows which title, note, fields and texts.

type ShortLeadFormConfig = Omit<ShortLeadFormProps, "className">;

export const leadAuditForm = {
  formName: "lead-audit",
  title: "Get Your FREE Lead Audit",
  note: "No obligations. We'll contact you within 24 hours.",
  submitLabel: "Get My Free Lead Audit",
} satisfies ShortLeadFormConfig;

export const websiteAuditForm = {
  formName: "website-audit",
  title: "Get Your FREE Website Audit",
  note: "No obligations. We'll contact you within 24 hours.",
  submitLabel: "Get My Free Website Audit",
} satisfies ShortLeadFormConfig;

export const coachingForm = {
  formName: "marketing-coaching",
  title: "Book Your FREE Strategy Session",
  note: "Limited spots available. We'll contact you within 24 hours.",
  submitLabel: "Book My Strategy Session",
} satisfies ShortLeadFormConfig;
