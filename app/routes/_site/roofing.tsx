import { BadgeCheck, CloudHail, FileText, Handshake, MapPin, Phone, Search } from "lucide-react";
import { scrollToElement } from "../../components/scroll-manager.tsx";
import { CardsSection, CheckList, Hero, ProcessSteps, Section, SectionHeader } from "../../components/sections.tsx";
import { CaseStudyGrid, TradeContactSection, type CaseStudy } from "../../components/trade-sections.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { siteConfig } from "../../config/site.ts";
import { pageMeta } from "../../lib/seo.ts";

// SPEC §2 "Plumbing, roofing and HVAC pages": hero with a scroll-to-bottom button and a call button,
// problems, the system, case studies and the shared trade contact form at the bottom.

export function meta() {
  return pageMeta({
    title: "SEO for Roofing Companies",
    description:
      "Roofing SEO and storm-season ads that bring homeowners ready for a replacement, not tire-kickers. Get a free roofing marketing plan from local SEO specialists.",
    path: "/SEO-For-Roofing-Companies",
  });
}

const fitChecks = [
  "Residential roofers who want more full replacements, not just patch jobs",
  "Storm-restoration teams that need to be found the morning after hail",
  "Commercial and metal roofing contractors with long, high-value sales cycles",
  "Owners tired of competing with out-of-town crews who knock and disappear",
];

const problems = [
  {
    title: "Storm chasers flood your market",
    icon: <CloudHail className="h-8 w-8" />,
    text: "After a hailstorm, out-of-town crews buy ads, knock doors and plant yard signs within days. Homeowners cannot tell a local roofer who will honor a warranty for years from a crew that will be gone by the next season.",
  },
  {
    title: "High-ticket jobs with long decisions",
    icon: <Handshake className="h-8 w-8" />,
    text: "A full replacement is one of the biggest checks a homeowner writes. They collect three bids, read every review and wait on their insurance adjuster, and a slow follow-up hands the job to the roofer who stayed in touch.",
  },
  {
    title: "Ranking only in your home town",
    icon: <MapPin className="h-8 w-8" />,
    text: "Your crews will drive across the county for the right job, yet your website only ranks in the city on your business license. The suburbs with newer roofs reaching replacement age never see your name.",
  },
  {
    title: "Paying for the wrong searches",
    icon: <Search className="h-8 w-8" />,
    text: "Broad roofing ads attract renters asking about a drip, shingle shoppers and job seekers. Every one of those clicks costs as much as a homeowner whose roof is at the end of its life and who is ready to sign.",
  },
  {
    title: "No proof on the page",
    icon: <BadgeCheck className="h-8 w-8" />,
    text: "Manufacturer certifications, workmanship warranties and before-and-after photos sit in a folder instead of on your site. Without them, visitors compare you on price alone.",
  },
  {
    title: "Estimates that go cold",
    icon: <FileText className="h-8 w-8" />,
    text: "Estimates go out, and then nothing happens. Without a reminder schedule by email and text, most unsigned bids are never followed up, and the work you already paid to win slips away.",
  },
];

const system = [
  {
    title: "Local SEO Built Around Replacements",
    text: "Service pages for roof replacement, repair, metal, flat and commercial roofing in every city you work, tied to an optimized map listing that ranks where the profitable jobs are.",
  },
  {
    title: "Storm-Response Campaigns",
    text: "Paid search and map ads ready to switch on within hours of a hail or wind event in your area, aimed at storm damage inspection searches and paused when the rush is over.",
  },
  {
    title: "Trust That Closes the Bid",
    text: "Project galleries, warranty and certification pages, financing details and a steady flow of fresh reviews, so a homeowner comparing three bids sees why you are worth the call.",
  },
  {
    title: "Follow-Up That Wins the Job",
    text: "Automatic email and text reminders after every inspection and estimate, so homeowners waiting on an adjuster hear from you first when they are ready to sign.",
  },
];

const caseStudies: CaseStudy[] = [
  {
    company: "Storm-restoration roofer",
    challenge: "Every hail season, out-of-state crews outbid the company on ads while its own campaigns ran the same budget all year round.",
    work: "We built storm-damage campaigns that launch as soon as hail is reported in the service area and pause in calm weeks, with landing pages explaining the inspection and insurance process.",
    result: { value: "450%", label: "return on paid search spend" },
    quote: "When the storm hits, we are the first local name people see. The calls come in before the chasers arrive.",
    author: "Travis K., roofing contractor, Temple TX",
  },
  {
    company: "Residential replacement roofer",
    challenge: "The company ranked well for repair searches in one city but rarely showed up for full replacements in the surrounding suburbs.",
    work: "We added replacement pages for each suburb, project galleries by neighborhood and a review request after every finished roof.",
    result: { value: "250%", label: "increase in revenue from search" },
    quote: "We went from chasing patch jobs to booking full tear-offs in neighborhoods we used to drive past.",
    author: "Luis G., roofing contractor, Kyle TX",
  },
  {
    company: "Commercial and metal roofing contractor",
    challenge: "Facility managers and builders visited the website, read a page or two and left without asking for a bid.",
    work: "We redesigned the site around warranties, materials and finished projects, with a short bid request form on every page and clear next steps.",
    result: { value: "220%", label: "more bid requests from the same traffic" },
    quote: "The same visitors now ask for quotes. The new site does the selling before we ever get on site.",
    author: "Karen B., commercial roofing contractor, New Braunfels TX",
  },
];

export default function Roofing() {
  return (
    <>
      <Hero
        eyebrow={<span className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">Marketing for Roofing Companies</span>}
        title="SEO for Roofing Companies"
        intro={
          <p>
            Homeowners search for a roofer two ways: in a hurry after a storm, or carefully when an old roof starts to fail. We make sure your company is the local
            name they trust in both moments, and that every inspection request turns into a signed contract instead of a forgotten estimate.
          </p>
        }
        actions={
          <>
            <Button type="button" size="lg" onClick={() => scrollToElement("contact-form")}>
              Get My Free Roofing Marketing Plan
            </Button>
            <a href={siteConfig.phoneHref} className={buttonVariants({ variant: "outline", size: "lg" })}>
              <Phone className="h-5 w-5" aria-hidden="true" />
              Call {siteConfig.phone}
            </a>
          </>
        }
        aside={
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-2xl font-bold text-slate-900">Built for Roofers Who Want Bigger Jobs</h2>
            <CheckList items={fitChecks} className="mt-5 text-slate-900" />
          </div>
        }
      />

      <CardsSection
        tone="muted"
        id="roofing-problems-title"
        eyebrow="What gets in the way"
        title="Why Good Roofers Lose Jobs Online"
        intro="The roofing companies we meet rarely have a workmanship problem. They have a visibility and follow-up problem, and it costs them the most valuable jobs of the year."
        columns={3}
        cards={problems}
      />

      <Section labelledBy="roofing-system-title">
        <SectionHeader
          id="roofing-system-title"
          eyebrow="Our system"
          title="The Roofing Lead System"
          intro="Four connected parts that take a homeowner from their first search to a signed replacement contract."
        />
        <ProcessSteps steps={system} />
      </Section>

      <Section tone="muted" labelledBy="roofing-cases-title">
        <SectionHeader
          id="roofing-cases-title"
          eyebrow="Case studies"
          title="Roofing Companies Winning Bigger Jobs"
          intro="A storm specialist, a replacement roofer and a commercial contractor, each with a different problem to solve."
        />
        <CaseStudyGrid studies={caseStudies} />
      </Section>

      <TradeContactSection
        trade="roofing"
        tradeLabel="Roofing"
        eyebrow="Free roofing marketing plan"
        title="See Where Your Next Roof Replacements Are Coming From"
        intro="Tell us about your company and we will map the searches, cities and storm patterns that matter for your crews, then send a plan you can act on whether or not you hire us."
        checklist={[
          "Your rankings for replacement, repair and storm damage searches city by city",
          "The competitors and storm crews showing up where you should be",
          "A first 90-day plan for your map listing, website and ads",
        ]}
      >
        <p className="mt-6 text-slate-700">
          Rather talk to a person?{" "}
          <a href={siteConfig.phoneHref} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Call {siteConfig.phone}
          </a>
          .
        </p>
      </TradeContactSection>
    </>
  );
}
