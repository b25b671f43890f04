// Business facts, navigation and metadata, typed, in one place. A deployment overrides the facts
// with PUBLIC_* environment variables at build time (see README, "Configuration").

import { businessDefaults, phoneHref } from "../../contract/business-defaults.ts";
import { analyticsId } from "./analytics-id.ts";
import { industryPages, trades } from "./industries.ts";

const env = import.meta.env;

const phone = env.PUBLIC_PHONE ?? businessDefaults.phone;

export const siteConfig = {
  companyName: env.PUBLIC_COMPANY_NAME ?? businessDefaults.companyName,
  shortBlurb:
    "Local SEO, paid ads and high-converting websites for home-service businesses and personal injury law firms. We measure success in booked jobs and signed cases, not vanity metrics.",
  tagline: "Local SEO and lead generation for home-service businesses and law firms.",
  phone,
  /** tel: link form of the phone number (digits and a leading +). */
  phoneHref: phoneHref(phone, env.PUBLIC_PHONE_E164),
  email: env.PUBLIC_EMAIL ?? businessDefaults.email,
  hours: businessDefaults.hours,
  address: { locality: env.PUBLIC_CITY ?? "Austin", region: env.PUBLIC_REGION ?? "TX", country: "US" },
  foundedYear: 2025,
  copyrightYear: 2025,
  siteOrigin: (env.PUBLIC_SITE_ORIGIN ?? "http://localhost:3000").replace(/\/+$/, ""),
  analyticsId,
  /** The 30-minute consultation booking page, embedded in iframes. */
  schedulingUrl: env.PUBLIC_SCHEDULING_URL ?? "https://calendly.com/summit-lead-marketing/30min",
  socialLinks: [
    { label: "Facebook", href: env.PUBLIC_FACEBOOK_URL ?? "https://www.facebook.com/" },
    { label: "Instagram", href: env.PUBLIC_INSTAGRAM_URL ?? "https://www.instagram.com/" },
    { label: "LinkedIn", href: env.PUBLIC_LINKEDIN_URL ?? "https://www.linkedin.com/" },
    { label: "YouTube", href: env.PUBLIC_YOUTUBE_URL ?? "https://www.youtube.com/" },
  ],
  author: {
    name: env.PUBLIC_AUTHOR_NAME ?? "Jordan Reeves",
    role: "Founder and Lead Strategist",
    bio: "Jordan has spent 8+ years building search and paid-ads programs for contractors and law firms, and founded the agency in 2025 to give local businesses the reporting and accountability they rarely get.",
  },
} as const;

export { contactBookingHref, contactBookingSectionId } from "../../contract/public-forms.ts";

export type NavLink = { label: string; to: string };

/** The header's one primary call to action (issue 18 §8), beside the phone: the contact page's form. */
export const contactFormSectionId = "send-a-message";
export const headerCallToAction: NavLink = {
  label: "Get a Free Strategy Session",
  to: `/contact#${contactFormSectionId}`,
};

export const mainNavigation: NavLink[] = [
  { label: "Home", to: "/" },
  { label: "Services", to: "/services" },
  { label: "About", to: "/about" },
  { label: "Contact", to: "/contact" },
];

/** The Industries menu, in the spec's order (SPEC §2 "Shared frame"). */
export const industryNavigation: NavLink[] = [
  industryPages["home-services"],
  trades.plumbing,
  trades.hvac,
  trades.roofing,
].map(({ label, path }) => ({
  label,
  to: path,
}));

export const footerServices: NavLink[] = [
  { label: "SEO Optimization", to: "/services/seo" },
  { label: "Paid Advertising", to: "/services/sem" },
  { label: "Web Design", to: "/services/website-design" },
  { label: "Social Media", to: "/services/social-media-consulting" },
  { label: "Email Marketing", to: "/services/email-marketing" },
  { label: "Podcast Marketing", to: "/services/podcast-marketing" },
];

/**
 * Every audience's page, law firms included (issue 14 §5): the header's Industries menu keeps the spec's
 * four, so the footer is where /personal-injury is linked from every page.
 */
export const footerIndustries: NavLink[] = [
  ...industryNavigation,
  { label: "Personal Injury Law Firms", to: industryPages["personal-injury"].path },
];

/** The free audits and coaching offers the home hero leads to, reachable from every page. */
export const footerGetStarted: NavLink[] = [
  { label: "Free Lead Audit", to: "/get-leads" },
  { label: "Free Website Audit", to: "/improve-website" },
  { label: "Marketing Coaching", to: "/marketing-coaching" },
];

export const footerCompany: NavLink[] = [
  { label: "About Us", to: "/about" },
  { label: "Blog", to: "/blog" },
  { label: "Contact", to: "/contact" },
  { label: "Privacy Policy", to: "/privacy-policy" },
];
