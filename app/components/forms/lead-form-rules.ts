import type * as LeadFormSchemas from "./lead-form-schemas.ts";
import type { submitContact } from "../../lib/api/submit-contact.ts";
import type { submitServiceInquiry } from "../../lib/api/submit-service-inquiry.ts";

// What the public forms load on demand: zod, the contract's schemas and the request functions (about
// 60 KB of compressed script) arrive on the visitor's first focus in a form, or at the latest on submit,
// not with the page. Each loader caches its promise: one download, whatever calls it first.

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load().catch((error: unknown) => {
    loaded = undefined; // a failed download (offline for a moment) is tried again next time
    throw error;
  }));
}

const schemas = once(() => import("./lead-form-schemas.ts"));

export const loadContactFormRules = once(async (): Promise<typeof LeadFormSchemas.contactFormRules> => (await schemas()).contactFormRules);
export const loadServiceInquiryFormRules = once(async (): Promise<typeof LeadFormSchemas.serviceInquiryFormRules> => (await schemas()).serviceInquiryFormRules);
export const loadShortLeadFormRules = once(async (): Promise<typeof LeadFormSchemas.shortLeadFormRules> => (await schemas()).shortLeadFormRules);

export const sendContact: typeof submitContact = async (request) => (await import("../../lib/api/submit-contact.ts")).submitContact(request);
export const sendServiceInquiry: typeof submitServiceInquiry = async (request) =>
  (await import("../../lib/api/submit-service-inquiry.ts")).submitServiceInquiry(request);
