import type { CaseStudy } from "./trade-pages.ts";
import { tradePages } from "./trade-pages.ts";
import type { ServiceSlug } from "./service-pages.ts";

// Which clients' case studies the home and SEO pages show (issue 39 §5). Each is the trade page's own object,
// so a quote, name, company or town has one place to be edited (that trade page's copy in the admin) and
// every page that shows it follows the publish.

const studies = (trade: keyof typeof tradePages, index: number): CaseStudy =>
  tradePages[trade].caseStudies.studies[index]!;

/** The home page: one client per trade it sells to. */
export const homeCaseStudies: CaseStudy[] = [studies("plumbing", 0), studies("roofing", 0), studies("hvac", 0)];

/** A service page's: clients whose results came from that service (SEO: organic traffic, revenue, the map). */
export const serviceCaseStudies: Partial<Record<ServiceSlug, CaseStudy[]>> = {
  seo: [studies("plumbing", 2), studies("roofing", 1), studies("hvac", 2)],
};
