import { BadgePercent, CalendarCheck, Flame, Phone, ShieldCheck, Star, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { CountdownDisplay } from "../components/countdown.tsx";
import { BookingSection } from "../components/scheduling-embed.tsx";
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
import { buttonVariants } from "../components/ui/button.tsx";
import { siteConfig } from "../config/site.ts";
import { pageHead, type PageHead } from "../lib/seo.ts";
import { cn } from "../lib/utils.ts";

// The offer page with packages (SPEC §2 "Offer page with packages", §3 packages and additional
// services, §9 offer claims). No prices appear anywhere: the terms below are display-only claims.

/** Built at render time: the company name and phone are the published site settings (issue 37). */
export const head = (): PageHead =>
  pageHead({
    title: ultimatePitchCopy.meta.title,
    description: ultimatePitchCopy.meta.description,
    path: "/ultimate-pitch",
  });

const CALENDLY_SECTION_ID = "calendly-section";

type SeoPackage = {
  name: string;
  keywords: number;
  summary: string;
  features: string[];
  popular: boolean;
  /**
   * The tier's place in the progression, 1 to 3: its header darkens and its keyword bar fills with it.
   * The spec's "danger theme" for Explosive Growth became tier 3, the strongest emphasis, in the brand's
   * colors rather than red (issue 14; docs/decisions/026-visual-identity.md).
   */
  tier: 1 | 2 | 3;
};

const packages: SeoPackage[] = [
  {
    name: "Just growing a little",
    keywords: 20,
    summary: "For a single-location business that wants to own the searches its best customers already type.",
    features: [
      "20 priority keywords researched, optimized and tracked",
      "Google Business Profile tuned for your core services",
      "On-page SEO for your homepage and main service pages",
      "Local citation cleanup so your name, address and phone match everywhere",
      "Monthly report on rankings, calls and form leads",
    ],
    popular: false,
    tier: 1,
  },
  {
    name: "Accelerate My Growth",
    keywords: 50,
    summary: "For established companies ready to win more service areas and push past the competitor on top.",
    features: [
      "50 priority keywords researched, optimized and tracked",
      "Everything in Just growing a little",
      "Service-area pages for the towns you want more jobs from",
      "Review request system to grow your star rating",
      "Competitor gap analysis and a monthly strategy call",
    ],
    popular: true,
    tier: 2,
  },
  {
    name: "Explosive Growth",
    keywords: 150,
    summary: "For multi-location operators and firms that want to dominate every profitable search in their market.",
    features: [
      "150 priority keywords researched, optimized and tracked",
      "Everything in Accelerate My Growth",
      "Authority link building from relevant local and industry sites",
      "New content for every service you sell, written to convert",
      "Conversion improvements on your highest-traffic landing pages",
      "A dedicated strategist with priority turnaround",
    ],
    popular: false,
    tier: 3,
  },
];

const offerTerms: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <BadgePercent className="h-6 w-6" />,
    title: "40% off paid upfront",
    text: "Pay 12 months upfront and take 40% off the whole year.",
  },
  {
    icon: <CalendarCheck className="h-6 w-6" />,
    title: "20% off 12-month plans",
    text: "Commit to a 12-month plan and every monthly payment is 20% lower.",
  },
  {
    icon: <Star className="h-6 w-6" />,
    title: "Month-to-month available",
    text: "Prefer flexibility? Every package also runs month to month.",
  },
  {
    icon: <Trophy className="h-6 w-6" />,
    title: "Page 1 ranking guarantee",
    text: "Pay 12 months upfront and your page 1 ranking is guaranteed.",
  },
];

const additionalServices: { name: string; flag?: string; text: string }[] = [
  {
    name: "Team Coaching and SEO Strategy",
    flag: "One-time",
    text: "A working session with your office staff and marketing lead: we audit what you have, map the keywords that bring paying jobs, and leave you with a written plan your team can run.",
  },
  {
    name: "Social Media Coaching",
    text: "Learn what to post from the job site, how to turn finished projects into proof, and how to answer comments and messages so they become booked estimates.",
  },
  {
    name: "Ads Management Only",
    text: "Already happy with your SEO? We build and manage your Google and social ad campaigns on their own, with call tracking so you see which ads produce jobs.",
  },
  {
    name: "Email Marketing Consulting",
    flag: "CRM required",
    text: "Seasonal reminders, maintenance-plan renewals and review requests sent from the customer list you already own. We work inside your CRM, so you need one in place.",
  },
];

/** The SEO packages page's editable copy (issue 37, app/content/page-copy.ts), in the page's order. The
 * phone number is a site setting and stays in the JSX. */
export const ultimatePitchCopy = {
  meta: {
    title: "Ultimate SEO Packages",
    description:
      "Three local SEO packages with 20, 50 or 150 priority keywords, a top 5 ranking guarantee and 40% off when you pay 12 months upfront.",
  },
  banner: {
    text: "Book your strategy call today to lock in this year's onboarding terms.",
    countdownLabel: "Offer expires in:",
  },
  hero: {
    eyebrow: "SEO packages for local businesses",
    title: "Our Ultimate SEO Packages",
    intro:
      "Pick how fast you want to grow. Every package targets the searches that turn into booked jobs and signed cases, and every plan is backed by a written ranking guarantee. No prices on this page: we size the work to your market on a free 30-minute call.",
    promiseTitle: "Top 5 in 6 Months",
    promiseText:
      "We plan every campaign to put your priority keywords in Google's top 5 within 6 months. If it takes longer, the full guarantee below still protects you for 12 months.",
    promisePoints: [
      "Keywords chosen for buyer intent, not vanity",
      "Rankings and leads reported every month",
      "Month-to-month terms available",
    ],
    /** The hero's one primary action (to the booking section) and its secondary one (to the packages). */
    bookAction: "Book a Free Strategy Call",
    packagesAction: "Compare the Packages",
  },
  packages: {
    eyebrow: "Choose your pace",
    title: "Three Packages, One Goal: More Leads",
    intro:
      "Each package is sized by how many priority keywords we fight for. More keywords means more service areas, more services and more ways for customers to find you.",
    /** The labels every package card repeats. */
    cardLabels: {
      popular: "Most Popular",
      keywordsNote: "priority keywords",
      action: "Book a Strategy Call",
    },
    tiers: packages,
    termsTitle: "Terms That Reward Commitment",
    terms: offerTerms,
  },
  booking: {
    eyebrow: "Free, no obligation",
    title: "Book Your Free 30-Minute Strategy Call",
    intro:
      "Pick a time that suits you. We'll look at where you rank today, who is outranking you, and which package fits your goals.",
    embedTitle: "Book your free 30-minute strategy call",
  },
  additional: {
    eyebrow: "Add to any package",
    title: "Additional Services",
    intro: "Round out your SEO with coaching, ads or email, or book one of these on its own.",
    services: additionalServices,
  },
  guarantee: {
    eyebrow: "Our guarantee",
    title: "Our Top 5 Ranking Guarantee",
    intro:
      "We guarantee top 5 positions for your priority keywords within 12 months. If we miss, you choose how we make it right.",
    options: [
      {
        title: "Option 1: A 50% refund",
        text: "We refund 50% of what you paid for the campaign. You keep the reports and the work already done.",
      },
      {
        title: "Option 2: Free continued work",
        text: "We keep working on your campaign at no charge until your keywords reach the top 5.",
      },
    ],
    upfrontNote: "Paying 12 months upfront adds a page 1 ranking guarantee on top, along with the 40% discount.",
  },
  cta: {
    title: "Need Something Different? Get a Custom Quote",
    text: "Several locations, a practice area we haven't listed, or a mix of services? Tell us what you need and we'll build a plan and quote around it.",
    primaryAction: "Request a Custom Quote",
  },
};

const tierStyles = {
  1: {
    header: "bg-brand-50 text-brand-900",
    count: "text-brand-700",
    note: "text-slate-700",
    bar: "w-[13.3%] bg-brand-600",
    pip: "bg-brand-600",
    track: "bg-brand-200",
  },
  2: {
    header: "bg-brand-700 text-white",
    count: "text-white",
    note: "text-blue-100",
    bar: "w-1/3 bg-white",
    pip: "bg-white",
    track: "bg-white/25",
  },
  3: {
    header: "bg-brand-900 text-white",
    count: "text-signal-300",
    note: "text-blue-100",
    bar: "w-full bg-signal-400",
    pip: "bg-signal-400",
    track: "bg-white/20",
  },
} as const;

function PackageCard({ pkg }: { pkg: SeoPackage }) {
  const style = tierStyles[pkg.tier];
  const labels = ultimatePitchCopy.packages.cardLabels;
  return (
    <article
      className={cn(
        "relative flex flex-col overflow-visible rounded-2xl bg-white text-slate-900 shadow-sm ring-1",
        pkg.popular ? "shadow-xl ring-2 ring-brand-700 lg:-translate-y-3" : "ring-slate-200",
      )}
    >
      {pkg.popular && (
        <p className="absolute -top-4 left-1/2 z-10 -translate-x-1/2 rounded-full bg-signal-400 px-4 py-1 text-sm font-bold uppercase tracking-wide whitespace-nowrap text-brand-900 shadow">
          {labels.popular}
        </p>
      )}
      <div className={cn("rounded-t-2xl px-8 pb-6 pt-8", style.header)}>
        {/* The tier as filled pips (decorative: the order and the keyword count say it). */}
        <div aria-hidden="true" className="flex gap-1.5">
          {packages.map((other) => (
            <span
              key={other.name}
              className={cn("h-1.5 w-6 rounded-full", other.tier <= pkg.tier ? style.pip : style.track)}
            />
          ))}
        </div>
        <div className="mt-4 flex items-center gap-2">
          {pkg.tier === 3 && <Flame className="h-6 w-6 shrink-0 text-signal-400" aria-hidden="true" />}
          <h3 className="text-2xl font-extrabold">{pkg.name}</h3>
        </div>
        <p className={cn("mt-4 text-4xl font-extrabold", style.count)}>
          {pkg.keywords}
          <span className={cn("ml-2 text-base font-semibold", style.note)}>{labels.keywordsNote}</span>
        </p>
        {/* The count as a share of the largest package's, 20, 50 and 150 of 150 (decorative: the figure says it). */}
        <div aria-hidden="true" className={cn("mt-4 h-2 overflow-hidden rounded-full", style.track)}>
          <div className={cn("h-full rounded-full", style.bar)} />
        </div>
      </div>
      <div className="flex flex-1 flex-col px-8 pb-8 pt-6">
        <p className="text-slate-700">{pkg.summary}</p>
        <CheckList items={pkg.features} className="mt-6 flex-1 text-slate-800" />
        {/* An in-page link: the CSS scroll-behavior makes it smooth (instant with reduced motion). */}
        <a
          href={`#${CALENDLY_SECTION_ID}`}
          className={cn(
            buttonVariants({ variant: pkg.tier === 1 ? "outline" : "default", size: "lg" }),
            pkg.tier === 3 && "bg-brand-900 hover:bg-brand-800",
            "mt-8 w-full",
          )}
        >
          {labels.action}
          <span className="sr-only"> about {pkg.name}</span>
        </a>
      </div>
    </article>
  );
}

export default function UltimatePitch() {
  const { banner, hero, booking, additional, guarantee, cta } = ultimatePitchCopy;
  return (
    <>
      <div className="bg-brand-900 py-4 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-center gap-3 px-4 text-center sm:flex-row sm:gap-8 sm:text-left">
          <p className="text-lg font-bold">{banner.text}</p>
          <CountdownDisplay label={banner.countdownLabel} className="text-center text-white" />
        </div>
      </div>

      <Hero
        eyebrow={<p className="text-sm font-bold uppercase tracking-wider text-brand-700">{hero.eyebrow}</p>}
        title={hero.title}
        intro={<p>{hero.intro}</p>}
        actions={
          <>
            <ButtonLink to={`#${CALENDLY_SECTION_ID}`}>{hero.bookAction}</ButtonLink>
            <ButtonLink to="#packages" emphasis="secondary">
              {hero.packagesAction}
            </ButtonLink>
          </>
        }
        aside={
          <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-lg">
            <div className="flex items-center gap-3">
              <ShieldCheck className="h-10 w-10 shrink-0 text-green-700" aria-hidden="true" />
              <p className="text-2xl font-extrabold text-brand-900">{hero.promiseTitle}</p>
            </div>
            <p className="mt-4 text-slate-700">{hero.promiseText}</p>
            <CheckList className="mt-6 text-slate-800" items={hero.promisePoints} />
          </div>
        }
      />

      <Section id="packages" labelledBy="packages-title">
        <SectionHeader
          id="packages-title"
          eyebrow={ultimatePitchCopy.packages.eyebrow}
          title={ultimatePitchCopy.packages.title}
          intro={ultimatePitchCopy.packages.intro}
        />
        <div className="mt-14 grid gap-8 lg:grid-cols-3 lg:items-stretch">
          {ultimatePitchCopy.packages.tiers.map((pkg) => (
            <PackageCard key={pkg.name} pkg={pkg} />
          ))}
        </div>
        <div className="mt-14 rounded-2xl bg-brand-50 p-8">
          <h3 className="text-center text-xl font-bold text-brand-900">{ultimatePitchCopy.packages.termsTitle}</h3>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {ultimatePitchCopy.packages.terms.map((term) => (
              <li key={term.title} className="rounded-xl bg-white p-5 shadow-sm">
                <span className="text-brand-700" aria-hidden="true">
                  {term.icon}
                </span>
                <p className="mt-3 font-bold text-slate-900">{term.title}</p>
                <p className="mt-1 text-slate-700">{term.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <BookingSection
        id={CALENDLY_SECTION_ID}
        headingId="booking-title"
        tone="muted"
        eyebrow={booking.eyebrow}
        title={booking.title}
        intro={booking.intro}
        embedTitle={booking.embedTitle}
        height={630}
      />

      <Section labelledBy="additional-title">
        <SectionHeader
          id="additional-title"
          eyebrow={additional.eyebrow}
          title={additional.title}
          intro={additional.intro}
        />
        <CardGrid columns={2}>
          {additional.services.map((service) => (
            <Card key={service.name} title={service.name}>
              {service.flag && (
                <p className="mb-3 inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-bold uppercase tracking-wide text-brand-700">
                  {service.flag}
                </p>
              )}
              <p>{service.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section tone="brand" labelledBy="guarantee-title">
        <SectionHeader
          id="guarantee-title"
          eyebrow={guarantee.eyebrow}
          title={guarantee.title}
          intro={guarantee.intro}
        />
        <div className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
          {guarantee.options.map((option) => (
            <div key={option.title} className="rounded-xl bg-white p-6 text-slate-900">
              <h3 className="text-lg font-bold">{option.title}</h3>
              <p className="mt-2 text-slate-700">{option.text}</p>
            </div>
          ))}
        </div>
        <p className="mx-auto mt-8 max-w-3xl text-center text-blue-100">{guarantee.upfrontNote}</p>
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
