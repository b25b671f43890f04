// The kinds of client with a page of their own: the three trades and the two industry pages, with the
// label and path every menu, link, form name and page route derives from (one source, issue 12 §3).
// Kept free of page copy and icons: the header imports it on every page.

import { industryFormNames } from "../../contract/form-names.ts";
import { tradeForms } from "../../contract/public-forms.ts";

/** The trades' labels and paths, from the table of public forms (the server names their forms too). */
export const trades = tradeForms satisfies Record<string, { label: string; path: string }>;

export type Trade = keyof typeof trades;

export const tradeKeys = Object.keys(trades) as Trade[];

export const industryPages = {
  "home-services": { label: "Home Services", path: "/home-services", formName: industryFormNames["home-services"] },
  "personal-injury": {
    label: "Personal Injury",
    path: "/personal-injury",
    formName: industryFormNames["personal-injury"],
  },
} as const satisfies Record<string, { label: string; path: string; formName: string }>;

export type IndustryPage = keyof typeof industryPages;
