import { industryPages, tradeKeys, trades } from "./industries.ts";
import { coachingForm, leadAuditForm, websiteAuditForm } from "./lead-forms.ts";
import { serviceFormName, tradeFormName, type LeadFormName } from "../../contract/form-names.ts";
import { services } from "./services.ts";

// The human name the admin shows for every form name a lead is stored with (its `formName`; the names
// and their reply promises are contract/form-names.ts): the inbox's Source column and form filter. A
// unit test checks that every form of the contract has a label here.

/** The full contact form's default name, and its name on the contact page and the services hero. */
export const contactFormName = "contact" satisfies LeadFormName;
export const contactPageFormName = "contact-page" satisfies LeadFormName;
export const servicesHeroFormName = "services-hero" satisfies LeadFormName;
/** The service inquiry form's default name (on a service page it is serviceFormName's, e.g. "service-seo"). */
export const serviceInquiryFormName = "service-inquiry" satisfies LeadFormName;

/** formName -> human name, in the order the filter offers them. */
export const leadFormLabels: ReadonlyMap<string, string> = new Map<string, string>([
  [contactPageFormName, "Contact page"],
  [servicesHeroFormName, "Services page"],
  [contactFormName, "Contact form"],
  ...services.map((service): [string, string] => [serviceFormName(service.slug), `${service.name} page`]),
  [serviceInquiryFormName, "Service inquiry form"],
  [leadAuditForm.formName, "Lead audit page"],
  [websiteAuditForm.formName, "Website audit page"],
  [coachingForm.formName, "Marketing coaching page"],
  ...Object.values(industryPages).map((page): [string, string] => [page.formName, `${page.label} page`]),
  ...tradeKeys.map((trade): [string, string] => [tradeFormName(trade), `${trades[trade].label} page`]),
]);

/** The human name of a form; a name no form has any more (older leads) is shown as stored. */
export function leadFormLabel(formName: string | null | undefined): string | null {
  if (!formName) return null;
  return leadFormLabels.get(formName) ?? formName;
}
