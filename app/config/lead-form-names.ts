import { industryPages, tradeFormName, tradeKeys, trades } from "./industries.ts";
import { coachingForm, leadAuditForm, websiteAuditForm } from "./lead-forms.ts";
import { serviceFormName } from "../../contract/public-forms.ts";
import { services } from "./services.ts";

// Every form name a lead is stored with (its `formName`), and the human name the admin shows for it
// (the inbox's Source column and form filter). The pages take their form names from here or from the
// config they already derive from (industries.ts, lead-forms.ts), so a new form cannot miss a label.

/** The full contact form's default name, and its name on the contact page and the services hero. */
export const contactFormName = "contact";
export const contactPageFormName = "contact-page";
export const servicesHeroFormName = "services-hero";
/** The service inquiry form's default name, and its name on a service page, e.g. "service-seo". */
export const serviceInquiryFormName = "service-inquiry";
export { serviceFormName };

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
