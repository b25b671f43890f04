import type { ReactNode } from "react";
import { clsx } from "clsx";
import { numberSources, SourceList, SourceMark, type SourcedFigure } from "../components/claim-sources.tsx";
import { CaseStudyGrid } from "../components/case-studies.tsx";
import { ClientStrip } from "../components/client-strip.tsx";
import { ReportMockup } from "../components/illustrations/report-mockup.tsx";
import { TradeScene, type TradeSceneKind } from "../components/illustrations/trade-scene.tsx";
import {
  ButtonLink,
  Card,
  CardGrid,
  CheckList,
  CtaBanner,
  Hero,
  Section,
  SectionHeader,
} from "../components/sections.tsx";
import { standardReplyPromise } from "../../contract/form-names.ts";
import { siteConfig } from "../config/site.ts";
import { homeCaseStudies } from "../config/testimonials.ts";
import { businessJsonLd, pageHead, type PageHead } from "../lib/seo.ts";

// SPEC §2 "Home", §9. No React in the browser: the client strip turns with a small script
// (app/scripts/client-strip.ts, loaded by app/pages/index.astro).

/** Built at render time: the company name and phone are the published site settings (issue 37). */
export const head = (): PageHead =>
  pageHead(
    {
      title: "Get Local Leads on Autopilot",
      description:
        "Local SEO, paid ads and lead-generating websites for plumbers, HVAC companies and roofers. More booked jobs from your service area, tracked to the call.",
      path: "/",
    },
    [businessJsonLd()],
  );

// The spec's figures, each with what it is based on (issue 39 §5): owner-edited copy that invents no fact.
const heroStats: SourcedFigure[] = [
  {
    value: "10+ years",
    label: "Of local search and advertising experience",
    source: "The combined years our strategists have spent on local search and advertising work.",
  },
  {
    value: "250%",
    label: "Average ROI increase",
    source: "Based on the results our clients' accounts reported to us. Ask us for the data behind it.",
  },
  {
    value: "98%",
    label: "Client satisfaction",
    source: "Based on what our clients tell us when we ask how satisfied they are. Ask us for the details.",
  },
];

/** A small stroke icon drawn inline (decorative). */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const services: { title: string; icon: ReactNode; text: string }[] = [
  {
    title: "Local SEO",
    icon: (
      <Icon>
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-4-4" />
      </Icon>
    ),
    text: "Google Business Profile work, city and service-area pages and a steady review routine that lift you into the map pack for searches like “water heater repair near me.”",
  },
  {
    title: "Paid Advertising",
    icon: (
      <Icon>
        <circle cx="12" cy="12" r="9" />
        <circle cx="12" cy="12" r="5" />
        <circle cx="12" cy="12" r="1" />
      </Icon>
    ),
    text: "Search ads and Local Services Ads aimed at high-intent searches, with negative keywords that stop you paying for DIY questions and job-seeker clicks.",
  },
  {
    title: "Website Design",
    icon: (
      <Icon>
        <rect x="3" y="4" width="18" height="12" rx="2" />
        <path d="M8 20h8M12 16v4" />
      </Icon>
    ),
    text: "Fast, mobile-first sites with tap-to-call buttons, one clear page per service and short quote forms that turn a late-night visitor into a morning estimate.",
  },
  {
    title: "Social and Email Marketing",
    icon: (
      <Icon>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m3 7 9 6 9-6" />
      </Icon>
    ),
    text: "Follow-up campaigns and local social content that bring past customers back for tune-ups, maintenance plans and referrals to their neighbors.",
  },
];

const reasons = [
  {
    title: "We Track Calls, Not Clicks",
    text: "Every campaign is judged by phone calls, form fills and booked jobs. Your report shows which searches produced revenue, not just a traffic chart going up and to the right.",
  },
  {
    title: "Playbooks Built for Each Trade",
    text: "Emergency plumbing, weather-driven HVAC demand and storm-season roofing each need a different plan. We schedule the work around your busy and slow months.",
  },
  {
    title: "One Team for SEO, Ads and Your Site",
    text: "No finger-pointing between vendors. The people ranking your pages are the same people fixing the page that gets visits but no calls.",
  },
  {
    title: "Straight Answers, Fast",
    text: `Questions get a real reply within ${standardReplyPromise}, and the monthly report is written in plain English with the next three things we will do.`,
  },
];

type AudienceSection = {
  id: string;
  scene: TradeSceneKind;
  eyebrow: string;
  title: string;
  text: string;
  bullets: string[];
  link: { to: string; label: string };
  tone: "white" | "muted";
};

const audienceSections: AudienceSection[] = [
  {
    id: "home-hvac",
    scene: "hvac",
    eyebrow: "HVAC lead generation",
    title: "Keep Your Techs Busy in Every Season",
    text: "Heating and cooling demand follows the weather. We put you in front of urgent repair searches when temperatures spike, then push maintenance agreements and system replacements when the phones go quiet, so your crews are not idle in spring and fall.",
    bullets: [
      "Map pack rankings for “AC repair near me” and “furnace repair” in each city you serve",
      "Local Services Ads scheduled for after-hours and no-cool emergency calls",
      "Seasonal campaigns for tune-ups, maintenance plans and full system replacements",
      "Dedicated pages for heat pumps, ductless mini-splits and indoor air quality",
    ],
    link: { to: "/hvac", label: "See how we grow HVAC companies" },
    tone: "muted",
  },
  {
    id: "home-roofing",
    scene: "roofing",
    eyebrow: "Roofing lead generation",
    title: "Win More Roof Replacements, Not Just Repairs",
    text: "Homeowners research a roofer for weeks before they pick up the phone. We make sure your company shows up with reviews, project photos and clear next steps at every stage, from the first storm-damage search to the inspection request.",
    bullets: [
      "Storm-response landing pages ready to switch on after hail and wind events",
      "A review routine that builds trust before you ever climb the ladder",
      "City-by-city pages for replacement, repair and insurance-claim help",
      "Retargeting that keeps your name in front of homeowners comparing quotes",
    ],
    link: { to: "/SEO-For-Roofing-Companies", label: "See our roofing SEO plan" },
    tone: "white",
  },
  {
    id: "home-plumbing",
    scene: "plumbing",
    eyebrow: "Plumbing lead generation",
    title: "Own the Emergency Calls in Your Service Area",
    text: "When a pipe bursts, homeowners call one of the first few names they see. We put your business there for the high-value work, water heaters, sewer lines and repiping, and keep low-value searches from eating your budget.",
    bullets: [
      "Top-of-map visibility for emergency and 24-hour plumbing searches",
      "Separate pages for water heaters, drain cleaning, sewer lines and repiping",
      "Call tracking that shows which searches turn into booked jobs",
      "Ad schedules that match your dispatch hours, so you never pay for calls you cannot take",
    ],
    link: { to: "/plumbing", label: "See how we grow plumbing companies" },
    tone: "muted",
  },
  // Law firms are the spec's other main audience (SPEC §1); the header's Industries menu does not list
  // them, so the home page does (issue 14 §5).
  {
    id: "home-personal-injury",
    scene: "law",
    eyebrow: "Personal injury law firms",
    title: "Sign More Cases, Not Just More Clicks",
    text: "After an accident, injured people call one of the first firms they find. We build a page for every case type you take, keep your profile, reviews and ads within your state bar's advertising rules, and follow each call through intake to the signed retainer.",
    bullets: [
      "Practice-area and city pages for car, truck, motorcycle and premises cases",
      "Local Services Ads with the Google Screened badge, next to search ads for case-ready searches",
      "Call tracking that shows which searches turn into signed cases, not just calls",
      "Attorney-reviewed articles that answer the questions clients ask before they hire",
    ],
    link: { to: "/personal-injury", label: "See how we grow personal injury law firms" },
    tone: "white",
  },
];

function ArrowRight() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 12h14M13 6l6 6-6 6" />
    </svg>
  );
}

/** The home page's editable copy (issue 37, app/content/page-copy.ts): the hero and the sections' texts. */
export const homeCopy = {
  hero: {
    eyebrow: "Local marketing for plumbers, HVAC companies and roofers",
    title: "Get Local Leads on Autopilot",
    intro:
      "SEO and lead generation for plumbers, HVAC companies and roofers. We get your business into the map pack and the top search results for the jobs you actually want, then turn those visits into phone calls and booked estimates.",
  },
  heroStats,
  services,
  reasons,
  audienceSections,
  /** The clients' section (issue 39 §5); its case studies are the trade pages' (config/testimonials.ts). */
  caseStudies: {
    eyebrow: "Client results",
    title: "Local Businesses Getting More Calls",
    intro:
      "A plumber, a roofer and an HVAC company: what was holding each back, what we changed, and what they say now.",
  },
};

export default function Home() {
  const heroSources = numberSources(heroStats);
  return (
    <>
      <Hero
        eyebrow={
          <p className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-700 ring-1 ring-brand-600/30">
            {homeCopy.hero.eyebrow}
          </p>
        }
        title={homeCopy.hero.title}
        intro={<p>{homeCopy.hero.intro}</p>}
        actions={
          <>
            {/* The page sells leads: the lead audit is the one primary action, the other two offers follow. */}
            <ButtonLink to="/get-leads">Get Leads</ButtonLink>
            <ButtonLink to="/improve-website" emphasis="secondary">
              Improve my Website
            </ButtonLink>
            <ButtonLink to="/marketing-coaching" emphasis="secondary">
              Get Marketing Coaching
            </ButtonLink>
          </>
        }
        aside={
          <div className="rounded-2xl bg-brand-900 p-8 text-white shadow-lg">
            <p className="text-sm font-bold uppercase tracking-wider text-blue-100">By the numbers</p>
            <dl className="mt-6 grid gap-6">
              {heroStats.map((stat, index) => (
                <div key={stat.label} className="flex flex-col border-b border-white/20 pb-6 last:border-b-0 last:pb-0">
                  <dt className="order-2 mt-1 text-blue-100">{stat.label}</dt>
                  <dd className="order-1 text-4xl font-extrabold">
                    {stat.value}
                    {heroSources.numbers[index] && (
                      <SourceMark idPrefix="home-numbers" number={heroSources.numbers[index]} />
                    )}
                  </dd>
                </div>
              ))}
            </dl>
            <SourceList
              idPrefix="home-numbers"
              sources={heroSources.sources}
              className="mt-6 border-t border-white/20 pt-4 text-blue-100"
            />
          </div>
        }
      />

      <Section className="border-y border-slate-200 py-10 sm:py-12" tone="muted">
        <ClientStrip />
      </Section>

      <Section tone="white" labelledBy="home-services-heading">
        <SectionHeader
          id="home-services-heading"
          eyebrow="What we do"
          title="Marketing That Fills Your Schedule"
          intro="Four services with one goal: more booked jobs from the neighborhoods you already drive to."
        />
        <CardGrid columns={4}>
          {services.map((service) => (
            <Card key={service.title} title={service.title} icon={service.icon}>
              <p>{service.text}</p>
            </Card>
          ))}
        </CardGrid>
        <div className="mt-10 text-center">
          <ButtonLink to="/services" emphasis="secondary">
            {/* The visible words are the spec's; the hidden rest tells search engines and screen readers where it leads. */}
            Learn More<span className="sr-only"> about our services</span>
          </ButtonLink>
        </div>
      </Section>

      <Section tone="muted" labelledBy="home-why-heading">
        <div className="grid gap-10 lg:grid-cols-3 lg:items-start">
          <div>
            <SectionHeader
              id="home-why-heading"
              centered={false}
              eyebrow="Why choose us"
              title="Built for the Trades, Not for Everyone"
              intro="We focus on local service businesses, so we already know what a good lead looks like for you: a homeowner with a real problem, in your area, ready to book."
            />
            {/* Under the heading, the report the first reason promises: calls, leads and booked jobs, not clicks. */}
            <ReportMockup className="mt-10 max-lg:max-w-md" />
          </div>
          <div className="grid gap-6 sm:grid-cols-2 lg:col-span-2">
            {reasons.map((reason) => (
              <Card key={reason.title} title={reason.title}>
                <p>{reason.text}</p>
              </Card>
            ))}
          </div>
        </div>
      </Section>

      {audienceSections.map((audience, index) => (
        <Section key={audience.id} id={audience.id} tone={audience.tone} labelledBy={`${audience.id}-heading`}>
          <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
            {/* Text and picture swap sides from one audience to the next (the reading order stays text first). */}
            <div className={clsx(index % 2 === 1 && "lg:order-2")}>
              <SectionHeader
                id={`${audience.id}-heading`}
                centered={false}
                eyebrow={audience.eyebrow}
                title={audience.title}
                intro={audience.text}
              />
              <a
                href={audience.link.to}
                className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                {audience.link.label}
                <ArrowRight />
              </a>
            </div>
            <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white text-slate-800 shadow-sm">
              <TradeScene kind={audience.scene} className="rounded-none" />
              <CheckList items={audience.bullets} className="p-6 sm:p-8" />
            </div>
          </div>
        </Section>
      ))}

      <Section tone="muted" labelledBy="home-clients-heading">
        <SectionHeader
          id="home-clients-heading"
          eyebrow={homeCopy.caseStudies.eyebrow}
          title={homeCopy.caseStudies.title}
          intro={homeCopy.caseStudies.intro}
        />
        <CaseStudyGrid studies={homeCaseStudies} />
      </Section>

      <CtaBanner
        title="Ready to Stop Chasing Leads?"
        text="Book a free 30-minute strategy session. We will look at your Google Business Profile, your website and the three competitors outranking you, and show you where your next jobs should be coming from."
      >
        <ButtonLink to="/contact" surface="dark">
          Book My Free Strategy Session
        </ButtonLink>
        <ButtonLink to={siteConfig.phoneHref} emphasis="secondary" surface="dark">
          Call {siteConfig.phone}
        </ButtonLink>
      </CtaBanner>
    </>
  );
}
