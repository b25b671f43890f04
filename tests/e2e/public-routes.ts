// Every public route of SPEC §2 (the blog comes with its own issue), with the h1 the spec fixes where it does.
export const publicRoutes: { path: string; h1?: string }[] = [
  { path: "/", h1: "Get Local Leads on Autopilot" },
  { path: "/services" },
  { path: "/services/seo" },
  { path: "/services/sem" },
  { path: "/services/website-design" },
  { path: "/services/email-marketing" },
  { path: "/services/social-media-consulting" },
  { path: "/services/podcast-marketing" },
  { path: "/about" },
  { path: "/contact" },
  { path: "/ultimate-pitch" },
  { path: "/ultimate-website-offer", h1: "Ready to Upgrade Your Website? Let's Transform Your Online Presence" },
  { path: "/get-leads" },
  { path: "/improve-website" },
  { path: "/marketing-coaching" },
  { path: "/home-services", h1: "Get 50-80 New Leads Every Month" },
  { path: "/personal-injury" },
  { path: "/plumbing" },
  { path: "/SEO-For-Roofing-Companies" },
  { path: "/hvac" },
  { path: "/privacy-policy", h1: "Privacy Policy" },
];

/** The blog (SPEC §2): the index and the ten articles. */
export const blogSlugs = [
  "seo-agency-holding-me-hostage",
  "website-lost-rankings-and-leads",
  "outdated-website-no-leads",
  "established-business-outranked-by-competitor",
  "boss-googled-not-found-top-pages",
  "ultimate-guide-seo-law-firms",
  "ultimate-guide-seo-roofing-companies",
  "ultimate-guide-seo-cannabis-businesses",
  "ultimate-guide-seo-ecommerce-companies",
  "ultimate-guide-seo-manufacturers",
];
export const blogRoutes = ["/blog", ...blogSlugs.map((slug) => `/blog/${slug}`)];
