// Business facts and navigation, typed, in one place. Values a deployment may change come from
// PUBLIC_* environment variables at build time.

export const siteConfig = {
  companyName: import.meta.env.PUBLIC_COMPANY_NAME ?? "Summit Lead Marketing",
  tagline: "Local SEO and lead generation for home-service businesses and law firms.",
  analyticsId: import.meta.env.PUBLIC_ANALYTICS_ID ?? "",
  schedulingUrl: import.meta.env.PUBLIC_SCHEDULING_URL ?? "",
  siteOrigin: import.meta.env.PUBLIC_SITE_ORIGIN ?? "http://localhost:3000",
} as const;

export const mainNavigation = [
  { label: "Home", to: "/" },
  { label: "Services", to: "/services" },
  { label: "About", to: "/about" },
  { label: "Contact", to: "/contact" },
] as const;
