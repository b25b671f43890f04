import type { ServiceType } from "../../contract/lead-options.ts";

// The six services with their own page (SPEC §2), in the order the site lists them. `inquiryServiceType` is
// the "Service Needed" option the page's inquiry form starts on (issue 39): the spec's six options have none
// for email or podcast marketing, so those two pages start on General Consultation (their leads still carry
// the page in their form name, "service-email-marketing").
export const services = [
  { slug: "seo", path: "/services/seo", name: "Search Engine Optimization (SEO)", inquiryServiceType: "seo" },
  { slug: "sem", path: "/services/sem", name: "Search Engine Marketing (SEM)", inquiryServiceType: "paid-ads" },
  {
    slug: "website-design",
    path: "/services/website-design",
    name: "Website Design and Development",
    inquiryServiceType: "web-design",
  },
  {
    slug: "email-marketing",
    path: "/services/email-marketing",
    name: "Email Marketing",
    inquiryServiceType: "consultation",
  },
  {
    slug: "social-media-consulting",
    path: "/services/social-media-consulting",
    name: "Social Media Consulting",
    inquiryServiceType: "social-media",
  },
  {
    slug: "podcast-marketing",
    path: "/services/podcast-marketing",
    name: "Podcast Marketing",
    inquiryServiceType: "consultation",
  },
] as const satisfies readonly { slug: string; path: string; name: string; inquiryServiceType: ServiceType }[];

export type Service = (typeof services)[number];
