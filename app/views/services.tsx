import { Mail, type LucideIcon, Mic, MonitorSmartphone, MousePointerClick, Phone, Search, Share2 } from "lucide-react";
import type { ReactNode } from "react";
import { ReportMockup } from "../components/illustrations/report-mockup.tsx";
import {
  ButtonLink,
  CtaGroup,
  CheckList,
  CtaBanner,
  Hero,
  ProcessSteps,
  Section,
  SectionHeader,
} from "../components/sections.tsx";
import { servicePages, type ServiceSlug } from "../config/service-pages.ts";
import { services } from "../config/services.ts";
import { standardReplyPromise } from "../../contract/form-names.ts";
import { siteConfig } from "../config/site.ts";
import { pageHead, type PageHead } from "../lib/seo.ts";
import { cn } from "../lib/utils.ts";

// The Services overview (SPEC §2 "Services"): the contact form and what to expect, the six services
// with their features and benefits, the four-step process and a closing call to action.

/** Built at render time: the company name and phone are the published site settings (issue 37). */
export const head = (): PageHead =>
  pageHead({
    title: servicesCopy.meta.title,
    description: servicesCopy.meta.description,
    path: "/services",
  });

// The spec's order on this page (SEO, SEM, Website Design and Development, Social Media, Email, Podcast).
/** Each service's mark on the overview (decorative). */
const serviceMarks: Record<ServiceSlug, LucideIcon> = {
  seo: Search,
  sem: MousePointerClick,
  "website-design": MonitorSmartphone,
  "social-media-consulting": Share2,
  "email-marketing": Mail,
  "podcast-marketing": Mic,
};

const overviewOrder: ServiceSlug[] = [
  "seo",
  "sem",
  "website-design",
  "social-media-consulting",
  "email-marketing",
  "podcast-marketing",
];

/** The services overview's editable copy (issue 37, app/content/page-copy.ts). Each service's own texts
 * (eyebrow, summary, features, benefits) are its service page's (servicePages[slug].overview); texts built
 * from the site settings (phone, hours, reply promise) stay in the JSX. */
export const servicesCopy = {
  meta: {
    title: "Digital Marketing Services",
    description:
      "Local SEO, paid ads, website design, social media, email and podcast marketing for home-service businesses and law firms that want more leads.",
  },
  hero: {
    eyebrow: "Our Services",
    title: "Digital Marketing Services That Bring In Leads",
    intro:
      "Local SEO, paid ads, websites, social media, email and podcast marketing for home-service companies, personal injury law firms and growing businesses of every size. Each service is judged by one thing you can count: more qualified leads for your business.",
    formTitle: "Request Your Free Strategy Session",
    formIntro: "Choose the services you're curious about and, if you like, a time that suits you for a call.",
    expectTitle: "What to Expect",
    /** After the first point, which names the reply promise (a setting) and stays in the JSX. */
    laterExpectations: [
      "A free 30-minute strategy session about your market and goals",
      "An honest look at your website, Google Business Profile and ads",
      "A plan with clear priorities and the results you can expect",
      "Month-to-month plans, so you stay because it works",
    ],
    callPrompt: "Rather talk now?",
  },
  /** The labels every service's section repeats. */
  serviceSection: {
    contactAction: "Ready to talk?",
    learnMore: "Learn More",
    featuresTitle: "Features",
    benefitsTitle: "Benefits",
  },
  process: {
    eyebrow: "How we work",
    title: "Our Four-Step Process",
    intro:
      "Every engagement, whatever the mix of services, follows the same path from first conversation to measurable growth.",
    steps: [
      {
        title: "Strategy and Discovery",
        text: "We learn your services, margins, service area and competitors, review what you run today and set goals measured in leads and revenue.",
      },
      {
        title: "Planning and Setup",
        text: "You get a written plan and a timeline. We set up tracking, access and the foundations each channel needs before anything launches.",
      },
      {
        title: "Execution and Optimization",
        text: "We build, launch and manage the work, then refine it every week based on which keywords, pages and campaigns bring in calls.",
      },
      {
        title: "Reporting and Growth",
        text: "Monthly reports show leads, cost per lead and revenue in plain language, and we reinvest in whatever is growing your business fastest.",
      },
    ],
  },
  cta: {
    title: "Not Sure Which Service You Need?",
    text: "Most clients start with a free 30-minute strategy session. We'll look at your market, your website and your competitors, and tell you where the fastest wins are, even if that means starting small.",
    primaryAction: "Schedule a Free Strategy Call",
  },
};

/** `form`: the contact form island (app/pages/services/index.astro passes it as a named slot). */
export default function Services({ form }: { form?: ReactNode }) {
  const ordered = overviewOrder.map((slug) => {
    const service = services.find((candidate) => candidate.slug === slug)!;
    return { service, overview: servicePages[slug].overview };
  });
  const { hero, serviceSection, process, cta } = servicesCopy;
  const whatToExpect = [
    `A reply within ${standardReplyPromise} from a strategist, not a call center`,
    ...hero.laterExpectations,
  ];

  return (
    <>
      <Hero
        eyebrow={
          <span className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">
            {hero.eyebrow}
          </span>
        }
        title={hero.title}
        intro={<p>{hero.intro}</p>}
        aside={
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 className="text-2xl font-bold text-slate-900">{hero.formTitle}</h2>
            <p className="mt-2 text-slate-700">{hero.formIntro}</p>
            <div className="mt-6">{form}</div>
          </div>
        }
      >
        <div className="mt-10">
          <h2 className="text-xl font-bold text-slate-900">{hero.expectTitle}</h2>
          <CheckList items={whatToExpect} className="mt-4 text-slate-700" />
          <p className="mt-6 text-slate-700">
            {hero.callPrompt}{" "}
            <a
              href={siteConfig.phoneHref}
              className="inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              <Phone className="h-4 w-4" aria-hidden="true" />
              Call {siteConfig.phone}
            </a>
            , {siteConfig.hours}.
          </p>
        </div>
      </Hero>

      {ordered.map(({ service, overview }, index) => {
        const headingId = `${service.slug}-heading`;
        const Mark = serviceMarks[service.slug];
        return (
          <Section
            key={service.slug}
            id={service.slug}
            tone={index % 2 === 0 ? "muted" : "white"}
            labelledBy={headingId}
          >
            <div className="grid gap-10 lg:grid-cols-5">
              {/* Text and lists swap sides from one service to the next (the reading order stays text first). */}
              <div className={cn("lg:col-span-2", index % 2 === 1 && "lg:order-2")}>
                <span
                  aria-hidden="true"
                  className="relative mb-6 inline-flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-900 text-white shadow-md"
                >
                  <Mark className="h-8 w-8" />
                  <span className="absolute -right-1.5 -top-1.5 h-4 w-4 rounded-full bg-signal-400" />
                </span>
                <SectionHeader
                  id={headingId}
                  centered={false}
                  eyebrow={overview.eyebrow}
                  title={service.name}
                  intro={overview.summary}
                />
                <CtaGroup className="mt-8">
                  <ButtonLink to="/contact">{serviceSection.contactAction}</ButtonLink>
                  <ButtonLink to={service.path} emphasis="secondary">
                    {serviceSection.learnMore}
                    <span className="sr-only"> about {overview.shortName}</span>
                  </ButtonLink>
                </CtaGroup>
              </div>
              <div className="grid gap-6 sm:grid-cols-2 lg:col-span-3">
                <div className="rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-sm">
                  <h3 className="text-lg font-bold">{serviceSection.featuresTitle}</h3>
                  <CheckList items={overview.features} className="mt-4 text-slate-700" />
                </div>
                <div className="rounded-xl border border-brand-100 bg-brand-50 p-6 text-slate-900 shadow-sm">
                  <h3 className="text-lg font-bold">{serviceSection.benefitsTitle}</h3>
                  <CheckList items={overview.benefits} className="mt-4 text-slate-700" />
                </div>
              </div>
            </div>
          </Section>
        );
      })}

      <Section tone="muted" labelledBy="services-process-heading">
        {/* Split: the heading beside the report every engagement ends each month with, then the steps. */}
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <SectionHeader
            id="services-process-heading"
            centered={false}
            eyebrow={process.eyebrow}
            title={process.title}
            intro={process.intro}
          />
          <ReportMockup className="mx-auto max-w-lg" />
        </div>
        <ProcessSteps steps={process.steps} />
      </Section>

      <CtaBanner title={cta.title} text={cta.text}>
        <ButtonLink to="/contact" surface="dark">
          {cta.primaryAction}
        </ButtonLink>
        <ButtonLink to={siteConfig.phoneHref} emphasis="secondary" surface="dark">
          <Phone className="h-5 w-5" aria-hidden="true" />
          Call {siteConfig.phone}
        </ButtonLink>
      </CtaBanner>
    </>
  );
}
