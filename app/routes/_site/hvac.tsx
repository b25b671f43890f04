import { Building2, Clock, Phone, RefreshCw, ShieldCheck, Thermometer, Wind } from "lucide-react";
import { scrollToElement } from "../../components/scroll-manager.tsx";
import { CardsSection, Hero, ProcessSteps, Section, SectionHeader } from "../../components/sections.tsx";
import { CaseStudyGrid, TradeContactSection, type CaseStudy } from "../../components/trade-sections.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { siteConfig } from "../../config/site.ts";
import { pageMeta } from "../../lib/seo.ts";

// SPEC §2 "Plumbing, roofing and HVAC pages": the roofing page's layout (hero with a scroll-to-bottom
// button and a call button, problems, system, case studies, the shared trade form) plus an image.

export function meta() {
  return pageMeta({
    title: "HVAC Marketing and Lead Generation",
    description:
      "HVAC marketing that keeps techs busy all year: local SEO for AC and furnace repair, weather-aware ads and maintenance agreement campaigns. Get a free plan.",
    path: "/hvac",
  });
}

const HERO_IMAGE = "https://images.unsplash.com/photo-1621905252507-b35492cc74b4?auto=format&fit=crop&w=800&q=70";

const problems = [
  {
    title: "Peak season overwhelms, shoulder season starves",
    icon: <Thermometer className="h-8 w-8" />,
    text: "In July you are turning away no-cool calls; in April and October the board is half empty. Marketing that runs the same all year wastes money in the rush and goes quiet exactly when you need the work.",
  },
  {
    title: "Franchises outspending you on ads",
    icon: <Building2 className="h-8 w-8" />,
    text: "National brands and investor-backed shops buy the top ad positions in most markets. You cannot outspend them, so you have to outrank them on the map and convert better once a homeowner reaches your site.",
  },
  {
    title: "Repairs that never become replacements",
    icon: <RefreshCw className="h-8 w-8" />,
    text: "Your techs nurse the same aging system through summer after summer. Without pages and follow-up that explain efficiency, financing and comfort, the replacement goes to whoever the homeowner finds the day it finally dies.",
  },
  {
    title: "Maintenance agreements that stall",
    icon: <ShieldCheck className="h-8 w-8" />,
    text: "Members bring steady revenue and first call on replacements, yet most companies only sell plans at the kitchen table. Renewals lapse because nobody reminds customers what their membership gives them.",
  },
  {
    title: "After-hours calls lost to voicemail",
    icon: <Clock className="h-8 w-8" />,
    text: "When the heat quits at 10 PM in January, homeowners do not leave messages. A site without tap-to-call and a clear emergency page lets the next company in the results take the job.",
  },
  {
    title: "Ads that ignore the weather",
    icon: <Wind className="h-8 w-8" />,
    text: "Searches for AC repair climb with the temperature, and furnace searches follow the first freeze. Fixed daily budgets spend evenly through mild weeks and run dry in the middle of the spike.",
  },
];

const system = [
  {
    title: "Seasonal Local SEO",
    text: "Pages for AC repair, heating repair, heat pumps, ductwork and indoor air quality in every city you serve, published ahead of each season so they rank before demand peaks.",
  },
  {
    title: "Weather-Aware Ads",
    text: "Paid search budgets that rise with heat waves and cold snaps and ease off in mild weeks, with emergency ads scheduled for the nights and weekends your competitors ignore.",
  },
  {
    title: "Replacement-Ready Website",
    text: "Clear pages on system replacement, efficiency ratings, financing and rebates, plus a short estimate request, so a repair visitor who is ready to upgrade can say so in a minute.",
  },
  {
    title: "Membership Growth Engine",
    text: "Email and text campaigns that offer a maintenance agreement after every service call, remind members before spring and fall tune-ups and win back lapsed members.",
  },
];

const caseStudies: CaseStudy[] = [
  {
    company: "Residential heating and cooling company",
    challenge: "A dated, slow website sat on page two for AC repair and lost most mobile visitors before its pages finished loading.",
    work: "We rebuilt the site with a fast page for each service and city, tap-to-call in the header and a dedicated no-cool emergency page. Pages now load 85% faster.",
    result: { value: "350%", label: "more website traffic" },
    quote: "Our old site embarrassed me. Now it is where most of our summer calls start.",
    author: "Brian H., HVAC contractor, Leander TX",
  },
  {
    company: "Maintenance-focused HVAC contractor",
    challenge: "Maintenance agreement renewals were slipping, and members ignored the reminder postcards sent before each season.",
    work: "We moved reminders to email and text with one-tap tune-up booking, renewal notices and a plain list of member benefits, reaching an 8.5% click rate.",
    result: { value: "35%", label: "open rate on maintenance reminder emails" },
    quote: "Tune-ups practically book themselves, and members stay with us when it is time to replace the system.",
    author: "Rachel P., HVAC contractor, San Marcos TX",
  },
  {
    company: "Independent HVAC shop facing franchise competition",
    challenge: "Two franchise locations dominated paid search in town, and the shop could not match their budgets.",
    work: "We focused on map rankings and neighborhood pages, asked every customer for a review and ran emergency ads on nights and weekends only.",
    result: { value: "50-80", label: "new leads a month in peak season" },
    quote: "We cannot outspend the big names, but we show up above them on the map, and that is where people call from.",
    author: "Jorge S., HVAC contractor, Killeen TX",
  },
];

export default function Hvac() {
  return (
    <>
      <Hero
        eyebrow={<span className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">Marketing for HVAC Companies</span>}
        title="HVAC Marketing That Keeps Your Techs Busy All Year"
        intro={
          <p>
            The first heat wave of summer and the first cold snap of winter decide your year. We make sure homeowners with a dead AC or a furnace that will not
            light find you first, then fill the shoulder seasons with tune-ups, maintenance agreements and system replacements.
          </p>
        }
        actions={
          <>
            <Button type="button" size="lg" onClick={() => scrollToElement("contact-form")}>
              Get My Free HVAC Marketing Plan
            </Button>
            <a href={siteConfig.phoneHref} className={buttonVariants({ variant: "outline", size: "lg" })}>
              <Phone className="h-5 w-5" aria-hidden="true" />
              Call {siteConfig.phone}
            </a>
          </>
        }
        aside={
          <img
            src={HERO_IMAGE}
            alt="HVAC technician servicing an air conditioning unit"
            width={800}
            height={533}
            loading="eager"
            fetchPriority="high"
            className="h-auto w-full rounded-xl"
          />
        }
      />

      <CardsSection
        tone="muted"
        id="hvac-problems-title"
        eyebrow="The real bottlenecks"
        title="What Keeps HVAC Companies From Growing"
        intro="Heating and cooling demand swings with the weather. Most marketing does not, and the gap shows up as idle trucks in spring and missed calls in August."
        columns={3}
        cards={problems}
      />

      <Section labelledBy="hvac-system-title">
        <SectionHeader
          id="hvac-system-title"
          eyebrow="Our system"
          title="The Year-Round HVAC Lead System"
          intro="Four parts that follow the seasons: catch the emergency, sell the upgrade and keep the customer on a maintenance plan."
        />
        <ProcessSteps steps={system} />
      </Section>

      <Section tone="muted" labelledBy="hvac-cases-title">
        <SectionHeader
          id="hvac-cases-title"
          eyebrow="Case studies"
          title="HVAC Companies Getting Ahead of the Season"
          intro="A slow website, a stalled membership program and a franchise-heavy market: three common HVAC situations and how each one turned around."
        />
        <CaseStudyGrid studies={caseStudies} />
      </Section>

      <TradeContactSection
        trade="hvac"
        tradeLabel="HVAC"
        eyebrow="Free HVAC marketing plan"
        title="Plan Your Next Peak Season Now"
        intro="Share a few details and we will review your rankings for heating and cooling searches, your website's speed and your ads, then send a plan for the season ahead."
        checklist={[
          "How you rank for AC repair, furnace repair and heat pump searches in each city you serve",
          "Where franchise brands and local competitors are taking calls from you",
          "Ways to grow maintenance agreements and fill the shoulder-season weeks",
        ]}
      >
        <p className="mt-6 text-slate-700">
          Need to talk before the next heat wave?{" "}
          <a href={siteConfig.phoneHref} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Call {siteConfig.phone}
          </a>
          .
        </p>
      </TradeContactSection>
    </>
  );
}
