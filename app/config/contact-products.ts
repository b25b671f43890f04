import type { contactProductOptions } from "../../contract/lead-options.ts";

// What each service chip of the full contact form means, in a visitor's words (issue 14 §6). The chips'
// names are the spec's product choices (SPEC §3) and the values the API stores, so they stay as they are;
// this line under each name says what the visitor is asking about. Every option must have one.

export type ContactProduct = (typeof contactProductOptions)[number];

export const contactProductDescriptions = {
  "SEO Services": "Rank higher on Google and in the map results",
  "SEM (Paid Advertising)": "Google Ads and other paid search ads",
  "Website Design": "A new website, or a rebuild of the one you have",
  "Email Marketing": "Newsletters and follow-ups to your customer list",
  "Social Media Marketing": "Facebook, Instagram and other social channels",
  "Podcast Marketing": "Start, grow or promote a podcast",
  "Ultimate Website Offer": "Our done-for-you website upgrade, built in a week",
  "Ultimate Pitch Packages": "Monthly SEO packages of 20, 50 or 150 keywords",
  "Consulting Only": "Advice and a plan that your own team carries out",
} as const satisfies Record<ContactProduct, string>;
