// Every lead form by the name its leads are stored with (`formName`), and the reply each one promises
// (SPEC §9): the one list of both. The pages' copy (contract/public-forms.ts, app/config/), the
// auto-reply, the webhook's replyWithinHours, the admin's reply-by mark and the reply-deadline order
// (contract/reply-window.ts) all read it. Kept free of zod: the pages read it at first paint.

/** A reply promise as the pages and mails word it, with the hours its deadline counts. */
export const replyPromiseHours = { "24 hours": 24, "4 hours": 4 } as const;
export type ReplyPromise = keyof typeof replyPromiseHours;

/** Every form's promise but the two fast ones; also a lead's with no form name, or one no page uses any more. */
export const standardReplyPromise = "24 hours" satisfies ReplyPromise;
/** The home services and law firm pages' forms. */
export const fastReplyPromise = "4 hours" satisfies ReplyPromise;

/** The six service pages' slugs (app/config/services.ts holds their names and copy; a unit test keeps both in step). */
export const serviceSlugs = [
  "seo",
  "sem",
  "website-design",
  "email-marketing",
  "social-media-consulting",
  "podcast-marketing",
] as const;
export type ServiceSlug = (typeof serviceSlugs)[number];

/** The service inquiry form's name on a service page, e.g. "service-seo". */
export function serviceFormName(slug: ServiceSlug) {
  return `service-${slug}` as const;
}

/** The three trades with a page of their own (contract/public-forms.ts tradeForms: their labels and paths). */
export const tradeKeys = ["plumbing", "roofing", "hvac"] as const;
export type TradeKey = (typeof tradeKeys)[number];

/** Stored with a lead from a trade page's shared form, e.g. "plumbing-contact". */
export function tradeFormName(trade: TradeKey) {
  return `${trade}-contact` as const;
}

/** The audit form of each industry page (app/config/industries.ts). */
export const industryFormNames = {
  "home-services": "home-services-audit",
  "personal-injury": "personal-injury-audit",
} as const;

/** The forms with a name of their own, and their promise. */
const namedForms = {
  /** The full contact form's and the service inquiry form's default names (a page may pass its own). */
  contact: standardReplyPromise,
  "service-inquiry": standardReplyPromise,
  "contact-page": standardReplyPromise,
  "services-hero": standardReplyPromise,
  "lead-audit": standardReplyPromise,
  "website-audit": standardReplyPromise,
  "marketing-coaching": standardReplyPromise,
  [industryFormNames["home-services"]]: fastReplyPromise,
  [industryFormNames["personal-injury"]]: fastReplyPromise,
} as const satisfies Record<string, ReplyPromise>;

export type LeadFormName =
  keyof typeof namedForms | ReturnType<typeof serviceFormName> | ReturnType<typeof tradeFormName>;

/** Every lead form's name with its reply promise. */
export const leadFormReplyPromises: ReadonlyMap<LeadFormName, ReplyPromise> = new Map<LeadFormName, ReplyPromise>([
  ...(Object.entries(namedForms) as [keyof typeof namedForms, ReplyPromise][]),
  ...serviceSlugs.map((slug): [LeadFormName, ReplyPromise] => [serviceFormName(slug), standardReplyPromise]),
  ...tradeKeys.map((trade): [LeadFormName, ReplyPromise] => [tradeFormName(trade), standardReplyPromise]),
]);

/** The forms that promise a reply faster than the standard one (the reply-deadline queries name them). */
export const fastReplyFormNames: readonly LeadFormName[] = [...leadFormReplyPromises]
  .filter(([, promise]) => promise === fastReplyPromise)
  .map(([name]) => name);

/** The reply promise behind a lead of this form; the standard one for no form or a form no page has any more. */
export function replyPromiseOf(formName: string | null | undefined): ReplyPromise {
  return leadFormReplyPromises.get(formName as LeadFormName) ?? standardReplyPromise;
}

/** The hours a lead of this form waits at most for a reply (its deadline: arrival + these hours). */
export function replyWindowHours(formName: string | null | undefined): number {
  return replyPromiseHours[replyPromiseOf(formName)];
}
