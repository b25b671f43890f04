// The kinds of client with a page of their own: the three trades and the two industry pages, with the
// label and path every menu, link, form name and page route derives from (one source, issue 12 §3).
// Kept free of page copy and icons: the header imports it on every page.

export const trades = {
  plumbing: { label: "Plumbing", path: "/plumbing" },
  roofing: { label: "Roofing", path: "/SEO-For-Roofing-Companies" },
  hvac: { label: "HVAC", path: "/hvac" },
} as const satisfies Record<string, { label: string; path: string }>;

export type Trade = keyof typeof trades;

export const tradeKeys = Object.keys(trades) as Trade[];

/** Stored with a lead from a trade page's shared form, e.g. "plumbing-contact". */
export function tradeFormName(trade: Trade) {
  return `${trade}-contact` as const;
}

export const industryPages = {
  "home-services": { label: "Home Services", path: "/home-services", formName: "home-services-audit" },
  "personal-injury": { label: "Personal Injury", path: "/personal-injury", formName: "personal-injury-audit" },
} as const satisfies Record<string, { label: string; path: string; formName: string }>;

export type IndustryPage = keyof typeof industryPages;
