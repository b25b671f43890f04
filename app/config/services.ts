// The six services with their own page (SPEC §2), in the order the site lists them.
export const services = [
  { slug: "seo", path: "/services/seo", name: "Search Engine Optimization (SEO)" },
  { slug: "sem", path: "/services/sem", name: "Search Engine Marketing (SEM)" },
  { slug: "website-design", path: "/services/website-design", name: "Website Design and Development" },
  { slug: "email-marketing", path: "/services/email-marketing", name: "Email Marketing" },
  { slug: "social-media-consulting", path: "/services/social-media-consulting", name: "Social Media Consulting" },
  { slug: "podcast-marketing", path: "/services/podcast-marketing", name: "Podcast Marketing" },
] as const;

export type Service = (typeof services)[number];
