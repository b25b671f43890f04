import { Phone, Quote, Star } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { ShortLeadForm } from "../../components/forms/short-lead-form.tsx";
import { scrollToTop } from "../../components/scroll-manager.tsx";
import { Card, CardGrid, CheckList, CtaBanner, Hero, ProcessSteps, Section, SectionHeader, StatGrid, CardsSection } from "../../components/sections.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { homeServicesForm } from "../../config/lead-forms.ts";
import { siteConfig } from "../../config/site.ts";
import { pageMeta } from "../../lib/seo.ts";
import { cn } from "../../lib/utils.ts";

export function meta() {
  return pageMeta({
    title: "Home Services Marketing: Get 50-80 New Leads Every Month",
    description:
      "Local SEO, Google Business Profile and ads for roofers, plumbers and HVAC companies. Get a free local marketing audit and a plan for 50-80 new leads a month.",
    path: "/home-services",
  });
}

/** Keeps the page's last lines and the site footer clear of the fixed call bar on small screens. */
const CALL_BAR_BODY_CLASS = "max-md:pb-20";

const problems = [
  {
    title: "Paying for shared leads",
    text: "Lead-selling sites send the same homeowner to several contractors at once. You pay for the lead, then race competitors to win a price war.",
  },
  {
    title: "Missing from the map pack",
    text: "When someone searches “plumber near me”, the three businesses on the map get most of the calls. If you are not there, you are invisible at the moment of need.",
  },
  {
    title: "Feast or famine",
    text: "Storm season or a heat wave fills the board, then the phone goes quiet. Steady local visibility smooths out the slow months instead of leaving you waiting.",
  },
  {
    title: "A website that does not book jobs",
    text: "Visitors land, cannot find your number or service area quickly, and hit the back button. Traffic without calls is just a bill.",
  },
  {
    title: "Reports full of vanity numbers",
    text: "Impressions and clicks look good in a monthly PDF. What you need to know is how many calls came in and how many turned into booked work.",
  },
  {
    title: "Reviews that do not keep up",
    text: "Happy customers rarely leave a review unless you ask at the right moment. Competitors with fresher, more frequent reviews win the click.",
  },
];

const trades = [
  {
    name: "Roofing",
    to: "/SEO-For-Roofing-Companies",
    linkText: "Learn more about roofing marketing",
    intro: "Roof replacements are high-value, considered purchases. Homeowners compare several roofers, read reviews and check your past work before they call.",
    points: [
      "Service and city pages for replacements, repairs and storm damage",
      "Project photos and reviews that prove your workmanship",
      "Visibility ready for the searches that follow a hail or wind event",
    ],
  },
  {
    name: "Plumbing",
    to: "/plumbing",
    linkText: "Learn more about plumbing marketing",
    intro: "Plumbing searches are often urgent. The plumber who shows up first on the map, with a tap-to-call number and good reviews, gets the job.",
    points: [
      "Map pack rankings for emergency, drain, leak and water heater searches",
      "Call-only and call-first ads for the hours you want to fill",
      "Call tracking so you can see which jobs came from which search",
    ],
  },
  {
    name: "HVAC",
    to: "/hvac",
    linkText: "Learn more about HVAC marketing",
    intro: "HVAC demand follows the weather. Your marketing should be ready before the first hot or cold week, and keep maintenance work coming in between.",
    points: [
      "Seasonal pages and campaigns for AC repair, furnace repair and installs",
      "Maintenance plan promotion to keep technicians busy off-season",
      "Local rankings in every town your trucks already drive through",
    ],
  },
];

export default function HomeServices() {
  useEffect(() => {
    document.body.classList.add(CALL_BAR_BODY_CLASS);
    return () => document.body.classList.remove(CALL_BAR_BODY_CLASS);
  }, []);

  return (
    <div className="pb-20 md:pb-0">
      <Hero
        eyebrow={<p className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">Local marketing for home-service businesses</p>}
        title="Get 50-80 New Leads Every Month"
        intro={
          <p>
            Exclusive calls and quote requests from homeowners in your service area, not shared leads you have to fight over. We combine local SEO, your
            Google Business Profile, a website built to convert and targeted ads into one system for roofers, plumbers and HVAC companies.
          </p>
        }
        actions={
          <a href={siteConfig.phoneHref} className={buttonVariants({ variant: "outline", size: "lg" })}>
            <Phone className="h-5 w-5" aria-hidden="true" />
            Call {siteConfig.phone}
          </a>
        }
        aside={<ShortLeadForm {...homeServicesForm} />}
      >
        <CheckList
          className="mt-8 text-slate-800"
          items={["Leads that come to you, and only you", "We contact you within 4 hours of your request", "Month-to-month plans available"]}
        />
      </Hero>

      <Section tone="muted" labelledBy="hs-results">
        <SectionHeader id="hs-results" eyebrow="What to expect" title="Marketing Measured in Booked Jobs" />
        <StatGrid
          stats={[
            { value: "50-80", label: "New leads every month" },
            { value: "250%", label: "Average ROI increase" },
            { value: "98%", label: "Client satisfaction" },
          ]}
        />
      </Section>

      <CardsSection
        id="hs-problems"
        eyebrow="Sound familiar?"
        title="Why Good Contractors Still Struggle to Get Leads"
        intro="Doing great work is not enough when the customer never finds you. These are the problems we fix most often."
        columns={3}
        cards={problems}
      />

      <Section tone="muted" labelledBy="hs-trades">
        <SectionHeader
          id="hs-trades"
          eyebrow="Industries we serve"
          title="Lead Generation Built for Your Trade"
          intro="Each trade has its own buying moments. We build your marketing around how your customers actually search and decide."
        />
        <CardGrid columns={3}>
          {trades.map((trade) => (
            <Card key={trade.name} title={trade.name} className="flex flex-col">
              <p>{trade.intro}</p>
              <CheckList className="mt-4" items={trade.points} />
              <Link to={trade.to} className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
                {trade.linkText}
              </Link>
            </Card>
          ))}
        </CardGrid>
        <p className="mt-8 text-center text-slate-700">
          We also work with electricians, window companies and general contractors. The same system applies to any business that serves homeowners
          locally.
        </p>
      </Section>

      <Section labelledBy="hs-system">
        <SectionHeader
          id="hs-system"
          eyebrow="Our 3-step system"
          title="Get Found, Get Chosen, Get Booked"
          intro="Every step feeds the next. Skip one and leads leak out of the process."
        />
        <ProcessSteps
          className="lg:grid-cols-3"
          steps={[
            {
              title: "Get found",
              text: "We optimise your Google Business Profile, build service and city pages, and earn local citations so you show up in the map pack and organic results where your trucks go.",
            },
            {
              title: "Get chosen",
              text: "A fast, mobile-first website with clear offers, tap-to-call buttons, photos of real jobs and a steady flow of fresh reviews turns searchers into callers.",
            },
            {
              title: "Get booked",
              text: "Call tracking, short quote forms and targeted ads fill the gaps in your schedule, and monthly reports show the calls and jobs each channel produced.",
            },
          ]}
        />
      </Section>

      <Section tone="muted" labelledBy="hs-testimonial">
        <h2 id="hs-testimonial" className="sr-only">
          What a client says
        </h2>
        <figure className="mx-auto max-w-3xl rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 sm:p-12">
          <Quote className="mx-auto h-10 w-10 text-brand-700" aria-hidden="true" />
          <div className="mt-4 flex justify-center gap-1 text-amber-600" role="img" aria-label="Rated 5 out of 5">
            {[1, 2, 3, 4, 5].map((star) => (
              <Star key={star} className="h-5 w-5 fill-current" aria-hidden="true" />
            ))}
          </div>
          <blockquote className="mt-6 text-xl font-medium text-slate-900">
            “We used to live on referrals and storm season. Now we get around 60 leads a month from Google, they are ours alone, and I can see exactly
            which calls turned into signed roofs.”
          </blockquote>
          <figcaption className="mt-6 text-slate-700">
            <span className="font-bold text-slate-900">Mike R.</span>, roofing contractor, Round Rock TX
          </figcaption>
        </figure>
      </Section>

      <CtaBanner
        title="Ready to Fill Your Schedule?"
        text="Claim your free local marketing audit. We will show you where your leads are going today and how to bring them to your business instead."
      >
        <Button type="button" size="lg" onClick={() => scrollToTop()} className="bg-white text-brand-900 hover:bg-brand-50">
          Claim My Free Audit
        </Button>
        <a href={siteConfig.phoneHref} className={cn(buttonVariants({ size: "lg" }), "border border-white bg-transparent text-white hover:bg-white/10")}>
          <Phone className="h-5 w-5" aria-hidden="true" />
          Call {siteConfig.phone}
        </a>
      </CtaBanner>

      <div className="bg-white px-4 py-8 text-center">
        <p className="mx-auto max-w-3xl text-sm text-slate-700">
          Your free local marketing audit plus a strategy session is worth $497. It costs you nothing and comes with no obligation to hire us.
        </p>
      </div>

      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white p-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] md:hidden">
        <a href={siteConfig.phoneHref} className={cn(buttonVariants({ size: "lg" }), "w-full")}>
          <Phone className="h-5 w-5" aria-hidden="true" />
          Call now: {siteConfig.phone}
        </a>
      </div>
    </div>
  );
}
