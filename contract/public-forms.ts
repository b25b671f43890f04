// Every lead form of the public site, by the name its leads are stored with (`formName`): where it is,
// what it shows and what it promises. One table for both sides: the pages render their forms from it
// (app/config/), and the server reads it to answer a form posted without JavaScript (POST
// /forms/<formName>, server/routes/forms/): the same labels on the page it sends back, the same promise
// on its thank-you page, the link back to where the visitor was. Kept free of zod (the pages read it at
// first paint). The form names and each one's reply promise come from contract/form-names.ts.

import {
  industryFormNames,
  replyPromiseOf,
  serviceFormName,
  serviceSlugs,
  standardReplyPromise,
  tradeFormName,
  tradeKeys,
  type LeadFormName,
  type ReplyPromise,
  type ServiceSlug,
  type TradeKey,
} from "./form-names.ts";

/** The three shapes of lead form: the full contact form, the service inquiry form, the short forms. */
export type PublicFormLayout = "contact" | "inquiry" | "short";

export type PublicForm = {
  formName: LeadFormName;
  layout: PublicFormLayout;
  /** The page that shows the form: the thank-you page links back to it. */
  pagePath: string;
  /** The form's heading; the contact form sits under its page's own heading and has none of its own. */
  title?: string;
  submitLabel: string;
  /** Shown under the button, e.g. "No obligations. We'll contact you within 24 hours." */
  note?: string;
  /** Short forms: adds the company field with this label ("Company Name", "Law Firm Name"). */
  companyLabel?: string;
  /** Short forms: sent as products, e.g. ["Local Digital Marketing for Home Services"]. */
  products?: string[];
  /** The spec's success message (SPEC §8), the toast's text. */
  successMessage: string;
  /** The form's promise in contract/form-names.ts. */
  replyWithin: ReplyPromise;
  /** Where "book a call" goes after a send: the page's own booking section, else the contact page's. */
  bookingHref: string;
};

/** The contact page's booking section: where "book a call" goes from a page without one of its own. */
export const contactBookingSectionId = "schedule-call";
export const contactBookingHref = `/contact#${contactBookingSectionId}`;
/** A trade page's booking calendar section (on the pages that have one). */
export const tradeBookingSectionId = "booking-calendar";

/** The path every form posts to without JavaScript. */
export function formActionPath(formName: string): string {
  return `/forms/${formName}`;
}

// The SPEC's words (§8, §2) with the standard promise in them; the two fast forms word theirs below.
const contactSuccess = `Your message has been sent. We'll respond within ${standardReplyPromise}.`;
const inquirySuccess = `Your service inquiry has been sent. We'll respond within ${standardReplyPromise} with a custom proposal.`;
const shortSuccess = "We'll be in touch soon!";
const noObligations = `No obligations. We'll contact you within ${standardReplyPromise}.`;

/** The full contact form's words under any form name (its default, "contact", included): the island's too. */
export const contactFormCopy = { submitLabel: "Send Message", successMessage: contactSuccess } as const;
/** The service inquiry form's words under any form name (its default, "service-inquiry", included): the island's too. */
export const inquiryFormCopy = {
  title: "Claim Your Free Website",
  submitLabel: "Send Inquiry",
  successMessage: inquirySuccess,
} as const;

const contactForm = (formName: LeadFormName, pagePath: string): PublicForm => ({
  formName,
  layout: "contact",
  pagePath,
  ...contactFormCopy,
  replyWithin: replyPromiseOf(formName),
  bookingHref: contactBookingHref,
});

const serviceInquiryForm = (slug: ServiceSlug): PublicForm => ({
  formName: serviceFormName(slug),
  layout: "inquiry",
  pagePath: `/services/${slug}`,
  ...inquiryFormCopy,
  replyWithin: replyPromiseOf(serviceFormName(slug)),
  bookingHref: contactBookingHref,
});

/** The three trade pages (app/config/industries.ts derives its menus from the same facts; a unit test keeps both in step). */
export const tradeForms = {
  plumbing: { label: "Plumbing", path: "/plumbing", hasBookingSection: true },
  roofing: { label: "Roofing", path: "/SEO-For-Roofing-Companies", hasBookingSection: false },
  hvac: { label: "HVAC", path: "/hvac", hasBookingSection: false },
} as const satisfies Record<TradeKey, { label: string; path: string; hasBookingSection: boolean }>;

const tradeForm = (trade: TradeKey): PublicForm => ({
  formName: tradeFormName(trade),
  layout: "short",
  pagePath: tradeForms[trade].path,
  title: `Get More ${tradeForms[trade].label} Jobs: Request Your Free Marketing Plan`,
  note: noObligations,
  submitLabel: "Send My Request",
  successMessage: shortSuccess,
  replyWithin: replyPromiseOf(tradeFormName(trade)),
  bookingHref: tradeForms[trade].hasBookingSection
    ? `${tradeForms[trade].path}#${tradeBookingSectionId}`
    : contactBookingHref,
});

const list: PublicForm[] = [
  contactForm("contact-page", "/contact"),
  contactForm("services-hero", "/services"),
  ...serviceSlugs.map(serviceInquiryForm),
  {
    formName: "lead-audit",
    layout: "short",
    pagePath: "/get-leads",
    title: "Get Your FREE Lead Audit",
    note: noObligations,
    submitLabel: "Get My Free Lead Audit",
    successMessage: shortSuccess,
    replyWithin: replyPromiseOf("lead-audit"),
    bookingHref: contactBookingHref,
  },
  {
    formName: "website-audit",
    layout: "short",
    pagePath: "/improve-website",
    title: "Get Your FREE Website Audit",
    note: noObligations,
    submitLabel: "Get My Free Website Audit",
    successMessage: shortSuccess,
    replyWithin: replyPromiseOf("website-audit"),
    bookingHref: contactBookingHref,
  },
  {
    formName: "marketing-coaching",
    layout: "short",
    pagePath: "/marketing-coaching",
    title: "Book Your FREE Strategy Session",
    note: `Limited spots available. We'll contact you within ${replyPromiseOf("marketing-coaching")}.`,
    submitLabel: "Book My Strategy Session",
    successMessage: shortSuccess,
    replyWithin: replyPromiseOf("marketing-coaching"),
    bookingHref: contactBookingHref,
  },
  {
    formName: industryFormNames["home-services"],
    layout: "short",
    pagePath: "/home-services",
    title: "Get Your FREE Local Marketing Audit",
    companyLabel: "Company Name",
    products: ["Local Digital Marketing for Home Services"],
    submitLabel: "Get My Free Audit",
    successMessage: `We'll contact you within ${replyPromiseOf(industryFormNames["home-services"])} to discuss your local marketing strategy!`,
    replyWithin: replyPromiseOf(industryFormNames["home-services"]),
    bookingHref: contactBookingHref,
  },
  {
    formName: industryFormNames["personal-injury"],
    layout: "short",
    pagePath: "/personal-injury",
    title: "Get Your FREE Legal Marketing Audit",
    companyLabel: "Law Firm Name",
    products: ["Local Digital Marketing for Personal Injury Law Firms"],
    submitLabel: "Get My Free Legal Audit",
    successMessage: `We'll contact you within ${replyPromiseOf(industryFormNames["personal-injury"])} to discuss your legal marketing strategy!`,
    replyWithin: replyPromiseOf(industryFormNames["personal-injury"]),
    bookingHref: contactBookingHref,
  },
  ...tradeKeys.map(tradeForm),
];

/** Every public lead form by its form name. */
export const publicForms: ReadonlyMap<string, PublicForm> = new Map(list.map((form) => [form.formName, form]));

/** The form named `formName`; throws for a name no page uses (a typo in a page's config fails the build). */
export function publicForm(formName: string): PublicForm {
  const form = publicForms.get(formName);
  if (!form) throw new Error(`No public form is named ${formName} (contract/public-forms.ts)`);
  return form;
}

/**
 * The labels of each layout's fields, in the order the form shows them, as the pages and the server's
 * pages print them. `name` is the field's name in the form post (and the API payload, but for the full
 * name, which the contact form splits into first and last name).
 */
export type FormFieldSpec = { name: string; label: string; required: boolean };

export const contactFormFields = [
  { name: "fullName", label: "Full Name", required: true },
  { name: "email", label: "Email", required: true },
  { name: "phone", label: "Phone", required: true },
  { name: "company", label: "Company (optional)", required: false },
  { name: "products", label: "Which services are you interested in?", required: true },
  { name: "meetingDate", label: "Preferred meeting date (optional)", required: false },
  { name: "meetingTime", label: "Preferred meeting time (optional)", required: false },
] as const satisfies readonly FormFieldSpec[];

export const inquiryFormFields = [
  { name: "firstName", label: "First Name", required: true },
  { name: "lastName", label: "Last Name", required: true },
  { name: "email", label: "Email", required: true },
  { name: "company", label: "Company (optional)", required: false },
  { name: "phone", label: "Phone", required: true },
  { name: "serviceType", label: "Service Needed", required: true },
  { name: "budget", label: "Budget (optional)", required: false },
  { name: "message", label: "Tell us about your project", required: true },
] as const satisfies readonly FormFieldSpec[];

/** The short forms' fields: with a company field the phone comes before the e-mail (SPEC §2, /home-services). */
export function shortFormFields(form: Pick<PublicForm, "companyLabel">): FormFieldSpec[] {
  const names = [
    { name: "firstName", label: "First Name", required: true },
    { name: "lastName", label: "Last Name", required: true },
  ];
  if (form.companyLabel) {
    return [
      ...names,
      { name: "company", label: form.companyLabel, required: false },
      { name: "phone", label: "Phone", required: true },
      { name: "email", label: "Email", required: true },
    ];
  }
  return [
    ...names,
    { name: "email", label: "Email", required: true },
    { name: "phone", label: "Phone", required: true },
  ];
}

/** The placeholders of the forms' selects (their empty choice). */
export const selectPlaceholders = {
  meetingTime: "Select a time",
  serviceType: "Select a service",
  budget: "Select a budget",
} as const;

/**
 * The hidden fields a form post carries besides the visitor's: the honeypot, the form token a script
 * puts in when the form appears (absent without JavaScript), the Idempotency-Key a script puts in, and the
 * browser's time zone (the contact form; without JavaScript the page's default, the office's zone).
 */
export const hiddenFormFields = {
  honeypot: "website",
  formToken: "formToken",
  idempotencyKey: "idempotencyKey",
  timezone: "timezone",
} as const;

/** The office's time zone (SPEC: hours in EST): a meeting time sent without the browser's zone is in it. */
export const officeTimeZone = "America/New_York";
