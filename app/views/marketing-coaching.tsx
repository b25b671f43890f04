import { Compass, Megaphone, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardGrid, CheckList, Hero, ProcessSteps, Section, SectionHeader, CardsSection } from "../components/sections.tsx";
import { pageHead } from "../lib/seo.ts";

export const head = pageHead({
  title: "Marketing Coaching for Business Owners and Teams",
  description:
    "Marketing coaching for owners and in-house teams who want to run their own local SEO, ads and social media with confidence. Book a free strategy session.",
  path: "/marketing-coaching",
});

const audience = [
  {
    title: "Owners doing their own marketing",
    text: "You post, answer reviews and tinker with the website between jobs. Coaching replaces guesswork with a short list of what actually moves enquiries.",
  },
  {
    title: "Businesses with an in-house marketer",
    text: "Your marketer is capable but stretched across everything. We give them a plan, a second opinion and the shortcuts that take years to learn alone.",
  },
  {
    title: "Companies leaving an agency",
    text: "You want to bring marketing in-house without losing momentum. We help your team take over the accounts, the reporting and the routine work.",
  },
];

const formats = [
  {
    title: "Team Coaching",
    icon: <Users className="h-7 w-7" />,
    intro: "For owners and staff who run marketing together and need everyone working from the same plan.",
    points: [
      "Working sessions with your team on your own accounts and website",
      "Local SEO, Google Business Profile and paid-ads fundamentals in practice",
      "A shared marketing calendar and clear owners for each task",
      "Simple reporting your team can keep up without an analyst",
    ],
  },
  {
    title: "Social Media Coaching",
    icon: <Megaphone className="h-7 w-7" />,
    intro: "For businesses that want social media to bring in customers rather than just likes.",
    points: [
      "Choosing the one or two platforms your customers actually use",
      "Turning finished jobs, reviews and team photos into posts that build trust",
      "A realistic posting rhythm that fits a busy week",
      "Reading your results and adjusting instead of posting blind",
    ],
  },
];

/** `form`: the short lead form island in the hero (the .astro page passes it as a named slot). */
export default function MarketingCoaching({ form }: { form?: ReactNode }) {
  return (
    <>
      <Hero
        eyebrow={<p className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">Marketing coaching</p>}
        title="Marketing Coaching for Business Owners"
        intro={
          <p>
            Learn to run marketing that brings in customers, from people who do it every day for local businesses. We coach you and your team on your own
            accounts and your own numbers, so what you learn is put to work the same week.
          </p>
        }
        aside={form}
      >
        <CheckList
          className="mt-8 text-slate-800"
          items={["Practical, hands-on sessions, not theory", "Tailored to your market, services and budget", "Free first strategy session, no obligation"]}
        />
      </Hero>

      <CardsSection
        id="coaching-audience"
        eyebrow="Who it is for"
        title="Coaching for Teams Who Want to Own Their Marketing"
        intro="Coaching suits businesses that want the skills in-house, not just another monthly invoice."
        columns={3}
        cards={audience}
      />

      <Section tone="muted" labelledBy="coaching-session">
        <div className="grid gap-12 lg:grid-cols-2 lg:items-start">
          <SectionHeader
            id="coaching-session"
            centered={false}
            eyebrow="Your free strategy session"
            title="What We Cover in Your Strategy Session"
            intro="A focused 30-minute conversation about where your customers come from today and where the next ones should come from."
          />
          <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <div className="flex items-center gap-3 text-brand-700">
              <Compass className="h-6 w-6" aria-hidden="true" />
              <p className="font-bold text-slate-900">In the session we:</p>
            </div>
            <CheckList
              className="mt-4 text-slate-800"
              items={[
                "Review your current channels: search, Google Business Profile, ads, social and e-mail",
                "Identify the two or three changes with the biggest effect on leads",
                "Look at the skills and hours your team has available",
                "Recommend a coaching format, or tell you honestly if you do not need one",
              ]}
            />
          </div>
        </div>
      </Section>

      <Section labelledBy="coaching-formats">
        <SectionHeader
          id="coaching-formats"
          eyebrow="Formats"
          title="Choose the Coaching That Fits Your Business"
          intro="Both formats start from the strategy session, so the coaching is built around your goals from day one."
        />
        <CardGrid columns={2}>
          {formats.map((format) => (
            <Card key={format.title} title={format.title} icon={format.icon}>
              <p>{format.intro}</p>
              <CheckList className="mt-4" items={format.points} />
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section tone="muted" labelledBy="coaching-steps">
        <SectionHeader id="coaching-steps" eyebrow="How it works" title="From First Call to Confident Team" />
        <ProcessSteps
          className="lg:grid-cols-3"
          steps={[
            {
              title: "Book your session",
              text: "Send the short form. Spots are limited, and we contact you within 24 hours to set a time that suits you.",
            },
            {
              title: "Get a coaching plan",
              text: "We agree the format, the topics and the people involved, starting with the work that brings in customers soonest.",
            },
            {
              title: "Learn by doing",
              text: "Each session ends with tasks done on your real accounts, and the next session starts by reviewing what changed.",
            },
          ]}
        />
      </Section>
    </>
  );
}
