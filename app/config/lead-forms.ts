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

export const homeServicesForm = {
  formName: "home-services-audit",
  title: "Get Your FREE Local Marketing Audit",
  companyLabel: "Company Name",
  products: ["Local Digital Marketing for Home Services"],
  successMessage: "We'll contact you within 4 hours to discuss your local marketing strategy!",
  submitLabel: "Get My Free Audit",
} satisfies ShortLeadFormConfig;

export const personalInjuryForm = {
  formName: "personal-injury-audit",
  title: "Get Your FREE Legal Marketing Audit",
  companyLabel: "Law Firm Name",
  products: ["Local Digital Marketing for Personal Injury Law Firms"],
  successMessage: "We'll contact you within 4 hours to discuss your legal marketing strategy!",
  submitLabel: "Get My Free Legal Audit",
} satisfies ShortLeadFormConfig;

export type Trade = "plumbing" | "roofing" | "hvac";

/** The contact form the plumbing, roofing and HVAC pages share. */
export function tradeContactForm(trade: Trade, tradeLabel: string): ShortLeadFormConfig {
  return {
    formName: `${trade}-contact`,
    title: `Get More ${tradeLabel} Jobs: Request Your Free Marketing Plan`,
    note: "No obligations. We'll contact you within 24 hours.",
    submitLabel: "Send My Request",
  };
}
