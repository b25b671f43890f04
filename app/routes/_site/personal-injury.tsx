import { Gavel, MonitorSmartphone, Phone, Quote, Search, Star } from "lucide-react";
import { Link } from "react-router";
import { ShortLeadForm } from "../../components/forms/short-lead-form.tsx";
import { scrollToTop } from "../../components/scroll-manager.tsx";
import { Card, CardGrid, CheckList, CtaBanner, Hero, ProcessSteps, Section, SectionHeader, StatGrid, CardsSection } from "../../components/sections.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { personalInjuryForm } from "../../config/lead-forms.ts";
import { siteConfig } from "../../config/site.ts";
import { pageMeta } from "../../lib/seo.ts";
import { cn } from "../../lib/utils.ts";

export function meta() {
  return pageMeta({
    title: "Personal Injury Law Firm Marketing: More Signed Cases",
    description:
      "Local SEO, Google Ads and high-converting websites for personal injury law firms. Request a free legal marketing audit and strategy session, worth $997.",
    path: "/personal-injury",
  });
}

const problems = [
  {
    title: "Buying leads your competitors also buy",
    text: "Lead vendors sell the same accident victim to several firms. By the time your intake team calls back, another firm may already have the signed retainer.",
  },
  {
    title: "Outspent by billboard firms",
    text: "Large advertisers dominate television and highway signs. Search is where a smaller firm can win, because the injured person is looking for help right now.",
  },
  {
    title: "Strong verdicts, weak visibility",
    text: "Your results speak for themselves, but only to people who find you. If you are not in the map pack for your city, your track record goes unseen.",
  },
  {
    title: "A website that reads like a brochure",
    text: "Dense legal copy, no clear next step and a contact form buried on another page lose visitors who are stressed, in pain and deciding quickly.",
  },
  {
    title: "Cases you cannot trace",
    text: "Without call tracking tied to intake, you cannot tell which channel produced a signed case and which produced only calls about unrelated matters.",
  },
  {
    title: "Locked in by your current agency",
    text: "Long contracts, content you do not own and reports you cannot verify make it hard to judge whether your marketing budget is working.",
  },
];

const channels = [
  {
    title: "Local SEO for law firms",
    icon: <Search className="h-7 w-7" />,
    to: "/services/seo",
    linkText: "Explore our SEO services",
    intro: "Rank in the map pack and organic results for the searches injured people make after an accident in your city.",
    points: [
      "Practice area and location pages for each case type you take",
      "Google Business Profile optimisation and a steady review process",
      "Legal directory citations and local links that build authority",
    ],
  },
  {
    title: "Google Ads for PI firms",
    icon: <Gavel className="h-7 w-7" />,
    to: "/services/sem",
    linkText: "Explore paid advertising",
    intro: "Reach people searching for an accident lawyer today, with campaigns built to avoid the expensive clicks that never become cases.",
    points: [
      "Tight keyword targeting by case type and geography",
      "Negative keywords that filter out job seekers and unrelated legal questions",
      "Call tracking so spend is judged by signed cases, not clicks",
    ],
  },
  {
    title: "Websites that earn the call",
    icon: <MonitorSmartphone className="h-7 w-7" />,
    to: "/services/website-design",
    linkText: "Explore website design",
    intro: "A fast, mobile-first site that answers an injured person's first questions and makes contacting your firm effortless.",
    points: [
      "Free-consultation offer and tap-to-call on every page",
      "Attorney profiles, case results and reviews that build trust",
      "Short intake forms that reach your team immediately",
    ],
  },
];

export default function PersonalInjury() {
  return (
    <>
      <Hero
        eyebrow={<p className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">Marketing for personal injury law firms</p>}
        title="More Signed Cases for Personal Injury Law Firms"
        intro={
          <p>
            Injured people search, compare and call within minutes. We make sure your firm is the one they find and trust: exclusive case leads from local
            search, Google Ads and a website designed to turn visitors into consultations.
          </p>
        }
        actions={
          <a href={siteConfig.phoneHref} className={buttonVariants({ variant: "outline", size: "lg" })}>
            <Phone className="h-5 w-5" aria-hidden="true" />
            Call {siteConfig.phone}
          </a>
        }
        aside={<ShortLeadForm {...personalInjuryForm} />}
      >
        <CheckList
          className="mt-8 text-slate-800"
          items={["Exclusive enquiries, never resold to other firms", "We contact you within 4 hours of your request", "A plan built around the case types you want more of"]}
        />
      </Hero>

      <Section tone="muted" labelledBy="pi-results">
        <SectionHeader
          id="pi-results"
          eyebrow="Why firms work with us"
          title="Growth You Can Trace to Signed Cases"
          intro="We report on the numbers a managing partner cares about: calls, consultations and the cases that came from them."
        />
        <StatGrid
          stats={[
            { value: "250%", label: "Average ROI increase" },
            { value: "4 hours", label: "Our response time to your audit request" },
            { value: "$997", label: "Value of your free legal marketing audit" },
          ]}
        />
      </Section>

      <CardsSection
        id="pi-problems"
        eyebrow="Common obstacles"
        title="What Keeps Good Firms From Getting More Cases"
        intro="Most personal injury firms do not have a case-quality problem. They have a visibility and follow-through problem."
        columns={3}
        cards={problems}
      />

      <Section tone="muted" labelledBy="pi-channels">
        <SectionHeader
          id="pi-channels"
          eyebrow="What we do"
          title="Legal Marketing Channels That Bring In Cases"
          intro="Car accidents, truck accidents, motorcycle crashes, slip and fall, workplace injuries and wrongful death: we build campaigns around the case types you want more of."
        />
        <CardGrid columns={3}>
          {channels.map((channel) => (
            <Card key={channel.title} title={channel.title} icon={channel.icon}>
              <p>{channel.intro}</p>
              <CheckList className="mt-4" items={channel.points} />
              <Link to={channel.to} className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
                {channel.linkText}
              </Link>
            </Card>
          ))}
        </CardGrid>
        <p className="mt-8 text-center text-slate-700">
          Want the full playbook first? Read our{" "}
          <Link to="/blog/ultimate-guide-seo-law-firms" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
            ultimate guide to SEO for law firms
          </Link>
          .
        </p>
      </Section>

      <Section labelledBy="pi-system">
        <SectionHeader
          id="pi-system"
          eyebrow="Our 3-step system"
          title="From Search Result to Signed Retainer"
          intro="Every marketing claim is reviewed with attorney advertising rules in mind, and your firm approves everything before it goes live."
        />
        <ProcessSteps
          className="lg:grid-cols-3"
          steps={[
            {
              title: "Audit your market",
              text: "We map the firms ranking and advertising in your city, the case types with the most search demand and the gaps your firm can own.",
            },
            {
              title: "Build your case pipeline",
              text: "We launch or rebuild your practice area pages, local listings and Google Ads, each tied to tracked phone numbers and intake forms.",
            },
            {
              title: "Optimise for signed cases",
              text: "Each month we compare spend and rankings against the consultations and retainers your intake team records, and move budget to what works.",
            },
          ]}
        />
      </Section>

      <Section tone="muted" labelledBy="pi-testimonial">
        <h2 id="pi-testimonial" className="sr-only">
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
            “We stopped buying shared leads. Our intake team now speaks with people who found our firm first, and for the first time we can see which
            searches turned into signed cases.”
          </blockquote>
          <figcaption className="mt-6 text-slate-700">
            <span className="font-bold text-slate-900">Dana K.</span>, managing partner of a personal injury firm, San Antonio TX
          </figcaption>
        </figure>
      </Section>

      <CtaBanner
        title="Ready for More of the Right Cases?"
        text="Request your free legal marketing audit. We will show you where your firm stands in local search and what it takes to win more of the cases you want."
      >
        <Button type="button" size="lg" onClick={() => scrollToTop()} className="bg-white text-brand-900 hover:bg-brand-50">
          Request My Free Audit
        </Button>
        <a href={siteConfig.phoneHref} className={cn(buttonVariants({ size: "lg" }), "border border-white bg-transparent text-white hover:bg-white/10")}>
          <Phone className="h-5 w-5" aria-hidden="true" />
          Call {siteConfig.phone}
        </a>
      </CtaBanner>

      <div className="bg-white px-4 py-8 text-center">
        <p className="mx-auto max-w-3xl text-sm text-slate-700">
          Your free legal marketing audit plus a strategy session is worth $997. There is no charge and no obligation to retain our services.
        </p>
      </div>
    </>
  );
}
