import { BarChart3, Filter, MapPin, PhoneIncoming, Search, Target } from "lucide-react";
import type { ReactNode } from "react";
import { CardsSection, CheckList, Hero, ProcessSteps, Section, SectionHeader } from "../components/sections.tsx";
import { Accordion, AccordionItem } from "../components/ui/accordion.tsx";
import { pageHead } from "../lib/seo.ts";

export const head = pageHead({
  title: "Get More Quality Leads: Free Lead Audit",
  description:
    "Request a free lead audit: we trace where your calls and form fills come from, where good prospects drop off, and what to fix first to get more quality leads.",
  path: "/get-leads",
});

const auditAreas = [
  {
    title: "Lead sources",
    icon: <PhoneIncoming className="h-7 w-7" />,
    text: "Which channels actually produce calls and form fills today: Google Business Profile, organic search, ads, referrals or directories, and which ones only produce clicks.",
  },
  {
    title: "Lead quality",
    icon: <Filter className="h-7 w-7" />,
    text: "How many enquiries are real buyers in your service area, and how many are job seekers, vendors, out-of-area requests or price shoppers you cannot serve profitably.",
  },
  {
    title: "Local search visibility",
    icon: <MapPin className="h-7 w-7" />,
    text: "Where you appear in the map pack and organic results for the searches that precede a booked job, compared with the competitors who take those calls instead.",
  },
  {
    title: "Keywords and intent",
    icon: <Search className="h-7 w-7" />,
    text: "Whether your pages and ads target ready-to-hire searches such as “emergency” or “near me”, or spend their effort on research terms that rarely turn into work.",
  },
  {
    title: "Ad spend and targeting",
    icon: <Target className="h-7 w-7" />,
    text: "If you run paid campaigns: wasted search terms, locations outside your area, missing call extensions and budgets that run out before the busiest hours of the day.",
  },
  {
    title: "Tracking and follow-up",
    icon: <BarChart3 className="h-7 w-7" />,
    text: "Whether calls and forms are counted at all, how fast enquiries get a reply, and where leads go quiet between the first contact and a booked appointment.",
  },
];

const faqs = [
  {
    question: "Is the lead audit really free?",
    answer:
      "Yes. There is no fee and no contract. We review your online presence, then walk you through what we found. If you want help fixing it, we will tell you how we would do it; if you would rather do it yourself, the findings are yours to keep.",
  },
  {
    question: "What do I need to prepare?",
    answer:
      "Nothing beyond the short form. Access to your analytics or ad accounts helps us go deeper, but it is optional: most of the audit uses what a customer sees when they search for your services.",
  },
  {
    question: "How quickly will I hear from you?",
    answer:
      "We contact you within 24 hours of your request to confirm a few details about your services and the area you want to grow in, then schedule a time to go through the findings.",
  },
  {
    question: "Will you share my information?",
    answer:
      "No. Your details are used only to prepare and discuss your audit. We do not sell or pass your contact information to anyone else.",
  },
];

/** `form`: the short lead form island in the hero (the .astro page passes it as a named slot). */
export default function GetLeads({ form }: { form?: ReactNode }) {
  return (
    <>
      <Hero
        eyebrow={<p className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">Free lead audit</p>}
        title="Get More Quality Leads for Your Business"
        intro={
          <p>
            More traffic is not the goal. More calls from people who are ready to hire you, in the area you serve, is. Our lead audit shows exactly
            where your enquiries come from, which ones are worth your time, and where good prospects slip away.
          </p>
        }
        aside={form}
      >
        <CheckList
          className="mt-8 text-slate-800"
          items={[
            "A clear picture of which channels bring paying customers",
            "The leaks that cost you calls: slow pages, weak listings, missed follow-up",
            "A short, prioritised list of fixes you can act on this month",
          ]}
        />
      </Hero>

      <CardsSection
        id="audit-covers"
        eyebrow="What we review"
        title="What Your Lead Audit Covers"
        intro="We look at your business the way a customer does when they need your service today, then at the numbers behind it."
        columns={3}
        cards={auditAreas}
      />

      <Section tone="muted" labelledBy="audit-for">
        <div className="grid gap-12 lg:grid-cols-2 lg:items-start">
          <SectionHeader
            id="audit-for"
            centered={false}
            eyebrow="Who it is for"
            title="Built for Businesses That Sell to Local Customers"
            intro="The audit is most useful when every new enquiry can turn into real revenue, and when you can tell a good lead from a bad one."
          />
          <CheckList
            className="text-lg text-slate-800"
            items={[
              "Plumbers, HVAC companies, roofers, electricians, window companies and general contractors",
              "Personal injury law firms competing for cases in a crowded local market",
              "Owners who get leads, but too many of the wrong kind",
              "Businesses paying for ads or SEO without knowing which calls it produced",
              "Companies ready to grow into a new service area or a more profitable type of job",
            ]}
          />
        </div>
      </Section>

      <Section labelledBy="audit-steps">
        <SectionHeader id="audit-steps" eyebrow="How it works" title="Three Steps to Better Leads" />
        <ProcessSteps
          className="lg:grid-cols-3"
          steps={[
            {
              title: "Tell us about your business",
              text: "Fill in the short form. We reach out within 24 hours to confirm your services, your area and the jobs you want more of.",
            },
            {
              title: "We audit your lead flow",
              text: "We review your search presence, listings, website, ads and tracking, and measure how you compare with the competitors winning your customers.",
            },
            {
              title: "You get a clear action plan",
              text: "We walk you through the findings in plain language and hand you a prioritised list of fixes, ranked by the leads they are likely to bring.",
            },
          ]}
        />
      </Section>

      <Section tone="muted" labelledBy="audit-faq">
        <SectionHeader id="audit-faq" eyebrow="Good to know" title="Questions About the Free Lead Audit" />
        <Accordion className="mx-auto mt-10 max-w-3xl rounded-xl bg-white px-6 shadow-sm ring-1 ring-slate-200">
          {faqs.map((faq) => (
            <AccordionItem key={faq.question} group="lead-audit-faq" question={faq.question} className="last:border-b-0">
              {faq.answer}
            </AccordionItem>
          ))}
        </Accordion>
      </Section>
    </>
  );
}
