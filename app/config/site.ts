// Business facts, navigation and metadata, typed, in one place. The facts the owner edits (company name,
// phone, e-mail, hours, town, booking link, social links) are the published site settings (issue 37): the
// server's renderer applies them with applySiteSettings before each page it renders (one at a time), and
// the browser's islands read them from the page (readSiteSettingsFromPage). The values below are what a
// fresh install is seeded with; PUBLIC_* environment variables at build time override them (README,
// "Configuration").

import { businessDefaults, phoneHref } from "../../contract/business-defaults.ts";
import type { SiteSettings } from "../../contract/content.ts";
import { analyticsId } from "./analytics-id.ts";
import { industryPages, trades } from "./industries.ts";

const env = import.meta.env;

const phone = env.PUBLIC_PHONE ?? businessDefaults.phone;

const defaults = {
  companyName: env.PUBLIC_COMPANY_NAME ?? businessDefaults.companyName,
  shortBlurb:
    "Local SEO, paid ads and high-converting websites for home-service businesses and personal injury law firms. We measure success in booked jobs and signed cases, not vanity metrics.",
  tagline: "Local SEO and lead generation for home-service businesses and law firms.",
  phone,
  /** tel: link form of the phone number (digits and a leading +). */
  phoneHref: phoneHref(phone, env.PUBLIC_PHONE_E164),
  email: env.PUBLIC_EMAIL ?? businessDefaults.email,
  hours: businessDefaults.hours as string,
  address: { locality: env.PUBLIC_CITY ?? "Austin", region: env.PUBLIC_REGION ?? "TX", country: "US" },
  foundedYear: 2025,
  /** The copyright line's first year (SPEC §2); it runs to the year of the render (site-footer.tsx). */
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
};

type SiteConfig = Omit<typeof defaults, "socialLinks" | "address"> & {
  socialLinks: { label: string; href: string }[];
  address: { locality: string; region: string; country: string };
};

/** The site's facts as the page being rendered shows them. */
export const siteConfig: SiteConfig = structuredClone(defaults);

/** The settings a fresh install is seeded with (the values above). */
export function defaultSiteSettings(): SiteSettings {
  return {
    companyName: defaults.companyName,
    phone: defaults.phone,
    email: defaults.email,
    hours: defaults.hours,
    locality: defaults.address.locality,
    region: defaults.address.region,
    bookingUrl: defaults.schedulingUrl,
    socialLinks: defaults.socialLinks.map((link) => ({ ...link })),
    autoReplyText: "",
  };
}

/** Makes the published settings the ones every component reads, for the render that follows. */
export function applySiteSettings(settings: SiteSettings): void {
  siteConfig.companyName = settings.companyName;
  siteConfig.phone = settings.phone;
  // A phone the owner typed gets its tel: link from its own digits; the build-time E.164 only fits the default.
  siteConfig.phoneHref = settings.phone === defaults.phone ? defaults.phoneHref : phoneHref(settings.phone, undefined);
  siteConfig.email = settings.email;
  siteConfig.hours = settings.hours;
  siteConfig.address = { ...defaults.address, locality: settings.locality, region: settings.region };
  siteConfig.schedulingUrl = settings.bookingUrl;
  siteConfig.socialLinks = settings.socialLinks.map((link) => ({ ...link }));
}

/** The data-* attributes on <html> through which the browser's islands learn the settings (read below). */
export function siteSettingsAttributes(): Record<string, string> {
  return {
    "data-company": siteConfig.companyName,
    "data-phone": siteConfig.phone,
    "data-phone-href": siteConfig.phoneHref,
    "data-email": siteConfig.email,
    "data-hours": siteConfig.hours,
  };
}

/** In the browser: an island (a form's thank-you panel, a toast) shows the settings the page was rendered with. */
export function readSiteSettingsFromPage(): void {
  if (typeof document === "undefined") return;
  const data = document.documentElement.dataset;
  if (data.company) siteConfig.companyName = data.company;
  if (data.phone) siteConfig.phone = data.phone;
  if (data.phoneHref) siteConfig.phoneHref = data.phoneHref;
  if (data.email) siteConfig.email = data.email;
  if (data.hours) siteConfig.hours = data.hours;
}
readSiteSettingsFromPage();

export { contactBookingHref, contactBookingSectionId } from "../../contract/public-forms.ts";

export type NavLink = { label: string; to: string };

/** The header's one primary call to action (issue 18 §8), beside the phone: the contact page's form. */
export const contactFormSectionId = "send-a-message";
export const headerCallToAction: NavLink & { shortLabel: string } = {
  label: "Get a Free Strategy Session",
  /** Its words on a phone's bar (issue 39), where the whole label does not fit beside the logo. */
  shortLabel: "Free Strategy Session",
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

/**
 * The phone's side menu (issue 39): every top-level page a desktop visitor sees, so the header's links,
 * the blog and the law firms' page (on a desktop both are one glance away, in the footer), in that order.
 */
export const mobileNavigation: NavLink[] = mainNavigation.flatMap((item) =>
  item.to === "/contact" ? [{ label: "Blog", to: "/blog" }, item] : [item],
);

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
