import type * as LeadFormSchemas from "../../../contract/lead-form-schemas.ts";
import type { submitContact } from "../../lib/api/submit-contact.ts";
import type { submitServiceInquiry } from "../../lib/api/submit-service-inquiry.ts";

// What the public forms load on demand: zod, the contract's schemas and the request functions (about
// 60 KB of compressed script) arrive on the visitor's first focus in a form, or at the latest on submit,
// not with the page. Each loader caches its promise: one download, whatever calls it first.

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined; // a failed download (offline for a moment) is tried again next time
      throw error;
    }));
}

// zod is told not to compile with eval (the pages' policy forbids it) before any schema is built.
const schemas = once(async () => {
  await import("../../lib/zod-without-eval.ts");
  return import("../../../contract/lead-form-schemas.ts");
});

export const loadContactFormRules = once(
  async (): Promise<typeof LeadFormSchemas.contactFormRules> => (await schemas()).contactFormRules,
);
export const loadServiceInquiryFormRules = once(
  async (): Promise<typeof LeadFormSchemas.serviceInquiryFormRules> => (await schemas()).serviceInquiryFormRules,
);
export const loadShortLeadFormRules = once(
  async (): Promise<typeof LeadFormSchemas.shortLeadFormRules> => (await schemas()).shortLeadFormRules,
);

const contactRequest = once(() => import("../../lib/api/submit-contact.ts"));
const serviceInquiryRequest = once(() => import("../../lib/api/submit-service-inquiry.ts"));

export const sendContact: typeof submitContact = async (request) => (await contactRequest()).submitContact(request);
export const sendServiceInquiry: typeof submitServiceInquiry = async (request) =>
  (await serviceInquiryRequest()).submitServiceInquiry(request);

/** What each form needs to validate and send, loaded as its island wakes (the visitor has started using it). */
export const warmUpContactForm = () => Promise.all([loadContactFormRules(), contactRequest()]);
export const warmUpShortLeadForm = () => Promise.all([loadShortLeadFormRules(), contactRequest()]);
export const warmUpServiceInquiryForm = () => Promise.all([loadServiceInquiryFormRules(), serviceInquiryRequest()]);
