import { ArrowRight, Clock, Headset, LayoutTemplate, Plug, Search, ShieldCheck, Target } from "lucide-react";
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
import { pageHead, type PageHead } from "../lib/seo.ts";

// The website upgrade landing page (SPEC §2 "Website upgrade landing page", §9 website upgrade
// guarantee). Sections in the spec's order; both countdowns tick from one deadline (app/scripts/countdowns.ts),
// and both "Upgrade" calls to action are in-page links to the booking section (smooth by CSS).

/** Built at render time: the company name and phone are the published site settings (issue 37). */
export const head = (): PageHead =>
  pageHead({
    title: ultimateWebsiteOfferCopy.meta.title,
    description: ultimateWebsiteOfferCopy.meta.description,
    path: "/ultimate-website-offer",
  });

const CALENDLY_SECTION_ID = "calendly-section";

const includedCards = [
  {
    title: "Built SEO Ready",
    icon: <Search className="h-8 w-8" />,
    items: [
      "Ready to add in SEO",
      "Focused on driving conversions",
      "Clean UX for high conversions",
      "Ready for local domination",
    ],
  },
  {
    title: "Modern Design",
    icon: <LayoutTemplate className="h-8 w-8" />,
    items: [
      "Fully responsive mobile design",
      "Professional modern layouts",
      "Custom branded colour schemes",
      "Fast-loading optimized images",
    ],
  },
  {
    title: "Full Integration",
    icon: <Plug className="h-8 w-8" />,
    items: [
      "CRM and email marketing setup",
      "Contact forms and lead capture",
      "Analytics and tracking tools",
      "Social media connections",
    ],
  },
];

const guaranteeHighlights = [
  {
    title: "1 Week Delivery",
    icon: <Clock className="h-8 w-8" />,
    text: "Your new site goes live one week after we kick off, not after a quarter of back-and-forth. We start the build within 24 hours of your consultation.",
  },
  {
    title: "Lead Generation Focused",
    icon: <Target className="h-8 w-8" />,
    text: "Every page has one job: get the visitor to call or fill in a form. Click-to-call buttons, short forms and proof where buyers decide.",
  },
  {
    title: "Optional 12 Month Support",
    icon: <Headset className="h-8 w-8" />,
    text: "Add 12 months of updates, fixes and content changes so the site keeps pace with your business after launch.",
  },
];

/** The website upgrade offer's editable copy (issue 37, app/content/page-copy.ts), in the page's order. */
export const ultimateWebsiteOfferCopy = {
  meta: {
    title: "Website Upgrade Offer",
    description:
      "A lead-focused website rebuild delivered in 1 week: SEO ready, mobile first and fully integrated, backed by our 90-day more-leads guarantee.",
  },
  hero: {
    badge: "LIMITED TIME OFFER",
    countdownLabel: "OFFER EXPIRES IN:",
    title: "Ready to Upgrade Your Website? Let's Transform Your Online Presence",
    intro:
      "If your website looks dated, loads slowly on a phone or simply doesn't make the phone ring, it is costing you jobs every week. We rebuild it as a lead machine: fast, mobile first, ready for SEO and wired into the tools you already use.",
    scarcity:
      "We take on only 5 ultimate websites per month. Claim a spot and we start your free website build within 24 hours.",
    action: "Upgrade Your Website Now",
  },
  included: {
    title: "What's Included in Your Website Upgrade",
    intro: "Everything a local business needs to turn visitors into calls, built and connected for you.",
    cards: includedCards,
  },
  guarantee: {
    title: "Our Iron-Clad Guarantee",
    intro:
      "If your new site does not generate more leads than your current one within 90 days of launch, we work for free until it does.",
    baseline:
      "We measure calls and form leads from your current site before we launch, then compare the first 90 days of the new one against that baseline. You see the numbers side by side, and if the new site is behind, the extra work is on us.",
    highlights: guaranteeHighlights,
  },
  cta: {
    title: "Ready to Dominate Your Market?",
    text: "Only 5 ultimate websites go out each month. Lock in your spot before the timer runs out.",
    countdownLabel: "OFFER EXPIRES IN:",
    action: "Upgrade Your Website Now",
  },
  booking: {
    title: "Schedule Your Website Upgrade Consultation",
    intro:
      "Book a free 30-minute consultation. We'll review your current site, agree on what the new one must do, and set your launch date.",
    embedTitle: "Schedule your free website consultation",
  },
};

const upgradeButtonClass = "min-h-14 px-8 text-lg";

export default function UltimateWebsiteOffer() {
  const { hero, included, guarantee, cta, booking } = ultimateWebsiteOfferCopy;
  return (
    <>
      {/* 1. Hero */}
      <Hero
        eyebrow={
          <div className="flex flex-wrap items-center gap-6">
            <p className="inline-block rounded-full bg-red-700 px-4 py-1 text-sm font-bold tracking-wider text-white">
              {hero.badge}
            </p>
            <CountdownDisplay label={hero.countdownLabel} className="text-red-700" />
          </div>
        }
        title={hero.title}
        intro={
          <>
            <p>{hero.intro}</p>
            <p className="mt-4 font-semibold text-slate-900">{hero.scarcity}</p>
          </>
        }
        actions={
          <ButtonLink to={`#${CALENDLY_SECTION_ID}`} className={upgradeButtonClass}>
            {hero.action}
            <ArrowRight className="h-5 w-5" aria-hidden="true" />
          </ButtonLink>
        }
      />

      {/* 2. What's included */}
      <Section labelledBy="included-title">
        <SectionHeader id="included-title" title={included.title} intro={included.intro} />
        <CardGrid columns={3}>
          {included.cards.map((card) => (
            <Card key={card.title} title={card.title} icon={card.icon}>
              <CheckList items={card.items} className="mt-4" />
            </Card>
          ))}
        </CardGrid>
      </Section>

      {/* 3. Guarantee */}
      <Section tone="muted" labelledBy="guarantee-title">
        <SectionHeader id="guarantee-title" title={guarantee.title} intro={guarantee.intro} />
        <div className="mx-auto mt-10 flex max-w-3xl items-start gap-4 rounded-2xl border-2 border-green-700 bg-white p-6">
          <ShieldCheck className="h-10 w-10 shrink-0 text-green-700" aria-hidden="true" />
          <p className="text-slate-800">{guarantee.baseline}</p>
        </div>
        <CardGrid columns={3}>
          {guarantee.highlights.map((highlight) => (
            <Card key={highlight.title} title={highlight.title} icon={highlight.icon}>
              <p>{highlight.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      {/* 4. Closing call to action */}
      <CtaBanner title={cta.title} text={cta.text}>
        <div className="flex w-full flex-col items-center gap-6">
          <CountdownDisplay label={cta.countdownLabel} className="text-white" />
          <ButtonLink to={`#${CALENDLY_SECTION_ID}`} surface="dark" className={upgradeButtonClass}>
            {cta.action}
            <ArrowRight className="h-5 w-5" aria-hidden="true" />
          </ButtonLink>
        </div>
      </CtaBanner>

      {/* 5. Booking */}
      <BookingSection
        id={CALENDLY_SECTION_ID}
        headingId="consultation-title"
        title={booking.title}
        intro={booking.intro}
        embedTitle={booking.embedTitle}
        height={700}
      />
    </>
  );
}
