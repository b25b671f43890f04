import { Gauge, LineChart, MapPin, MousePointerClick, Smartphone } from "lucide-react";
import type { ReactNode } from "react";
import { ButtonLink, CardsSection, CheckList, Hero, ProcessSteps, Section, SectionHeader } from "../components/sections.tsx";
import { pageHead } from "../lib/seo.ts";

export const head = pageHead({
  title: "Free Website Audit: Speed, Mobile, SEO and Conversions",
  description:
    "Get a free website audit covering page speed, mobile usability, conversion paths, local SEO basics and tracking, with a plain-language list of fixes.",
  path: "/improve-website",
});

const checks = [
  {
    title: "Speed",
    icon: <Gauge className="h-7 w-7" />,
    text: "How long your pages take to show something useful on a phone connection, and what slows them down: oversized images, heavy themes, too many plugins or third-party scripts.",
  },
  {
    title: "Mobile experience",
    icon: <Smartphone className="h-7 w-7" />,
    text: "Most local searches happen on a phone. We check tap targets, text size, menus, pop-ups and forms on small screens, and whether your phone number can be tapped to call.",
  },
  {
    title: "Conversion paths",
    icon: <MousePointerClick className="h-7 w-7" />,
    text: "The route from landing on a page to calling or requesting a quote: clear offers, visible calls to action, short forms, trust signals and nothing that makes a visitor hunt.",
  },
  {
    title: "Local SEO basics",
    icon: <MapPin className="h-7 w-7" />,
    text: "Page titles and descriptions, one clear heading per page, service and city pages, consistent name, address and phone, and whether Google can crawl and index what matters.",
  },
  {
    title: "Tracking",
    icon: <LineChart className="h-7 w-7" />,
    text: "Whether analytics is installed correctly and whether calls and form submissions are recorded as conversions, so you know which pages and campaigns bring in work.",
  },
];

const problems = [
  {
    title: "The phone number is hard to find",
    text: "It sits in the footer or inside an image, so mobile visitors cannot tap it, and the people most ready to call leave for the next result.",
  },
  {
    title: "Every service is squeezed onto one page",
    text: "A single “Services” page cannot rank for each job you do. Separate, specific pages give Google and customers a clear answer to what they searched for.",
  },
  {
    title: "Contact forms ask for too much",
    text: "Ten fields and a required message box turn a quick enquiry into homework. Every field you remove makes it easier for a ready customer to reach you.",
  },
  {
    title: "Nobody knows which pages bring leads",
    text: "Without call and form tracking, redesign decisions are guesses. The audit shows what you are measuring today and what is missing.",
  },
  {
    title: "A slow, outdated first impression",
    text: "A dated layout, stock slogans and pages that load slowly on a phone tell visitors your business is behind, even when your work is excellent.",
  },
  {
    title: "Pages Google never sees",
    text: "Blocked pages, missing sitemaps, duplicate titles and broken links quietly keep good content out of search results.",
  },
];

/** `form`: the short lead form island in the hero (the .astro page passes it as a named slot). */
export default function ImproveWebsite({ form }: { form?: ReactNode }) {
  return (
    <>
      <Hero
        eyebrow={<p className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">Free website audit</p>}
        title="Turn Your Website into a Lead Machine"
        intro={
          <p>
            Your website should be your hardest-working salesperson. If it looks fine but the phone stays quiet, something between the search result
            and the call button is getting in the way. We find it, explain it in plain language, and tell you what to fix first.
          </p>
        }
        aside={form}
      >
        <CheckList
          className="mt-8 text-slate-800"
          items={["Reviewed by a person, not only an automated scanner", "Checked on a real phone as well as on desktop", "Fixes ranked by their effect on leads"]}
        />
      </Hero>

      <CardsSection
        id="website-checks"
        eyebrow="What we check"
        title="Five Areas That Decide Whether Visitors Call"
        intro="Each area gets a clear verdict: working, needs attention, or costing you leads right now."
        columns={3}
        cards={checks}
      />

      <CardsSection
        tone="muted"
        id="website-problems"
        eyebrow="Typical problems"
        title="What We Find on Most Small Business Websites"
        intro="None of these show up when you look at your own site on your office computer. All of them cost you enquiries."
        columns={3}
        cards={problems}
      />

      <Section labelledBy="website-audit-steps">
        <SectionHeader id="website-audit-steps" eyebrow="How it works" title="How the Website Audit Works" />
        <ProcessSteps
          className="lg:grid-cols-3"
          steps={[
            {
              title: "Send your details",
              text: "Complete the form with your name, e-mail and phone. We contact you within 24 hours to get your web address and the services you want to sell more of.",
            },
            {
              title: "We test your site",
              text: "We load your key pages on phone and desktop, follow the path a customer takes to contact you, and check your search basics and tracking set-up.",
            },
            {
              title: "We walk you through the results",
              text: "You get a short report and a call to go through it: what works, what hurts, and which fixes to do first, whether you hire us or not.",
            },
          ]}
        />
        <div className="mt-12 rounded-xl bg-brand-50 p-8 text-center">
          <p className="text-lg text-slate-800">Already know your site needs more than a tune-up?</p>
          <div className="mt-4 flex flex-wrap justify-center gap-4">
            <ButtonLink to="/ultimate-website-offer">See the website upgrade offer</ButtonLink>
            <ButtonLink to="/services/website-design" variant="outline">
              Website design services
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
