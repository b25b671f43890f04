import { CalendarDays, ClipboardList, Phone, Siren, Smartphone, Snowflake, Star, Users } from "lucide-react";
import { SchedulingEmbed } from "../../components/scheduling-embed.tsx";
import { scrollToElement } from "../../components/scroll-manager.tsx";
import { CardsSection, CheckList, Hero, ProcessSteps, Section, SectionHeader } from "../../components/sections.tsx";
import { CaseStudyGrid, TradeContactSection, type CaseStudy } from "../../components/trade-sections.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { siteConfig } from "../../config/site.ts";
import { pageMeta } from "../../lib/seo.ts";

// SPEC §2 "Plumbing, roofing and HVAC pages": hero with three buttons (form, calendar, call), the
// guarantee list, problems, the 3-part system, case studies, the shared trade form and the booking
// calendar (30-minute consultation, 630 px high).

export function meta() {
  return pageMeta({
    title: "Plumbing Marketing and Lead Generation",
    description:
      "Local SEO, map rankings and paid search for plumbing companies: win more emergency, drain and water heater calls. Get a free plan or book a 30-minute call.",
    path: "/plumbing",
  });
}

const guarantees = [
  "Page 1 ranking guarantee when you pay 12 months upfront",
  "Top 5 positions within 12 months, or a 50% refund or free continued work",
  "Month-to-month plans available: you stay because the phone rings, not because of a contract",
  "12-month plans save 20% every month; paying the year upfront saves 40%",
  "A reply within 24 hours and a free 30-minute strategy call",
];

const problems = [
  {
    title: "Emergency calls go to the map pack",
    icon: <Siren className="h-8 w-8" />,
    text: "Someone standing in an inch of water does not scroll. If your company is missing from the three map listings for \"emergency plumber near me\", the call goes to whoever is there, even if they charge more and do worse work.",
  },
  {
    title: "Paying for shared leads",
    icon: <Users className="h-8 w-8" />,
    text: "Lead marketplaces sell the same homeowner to several plumbers at once. You race to call back, compete on price and pay again for the next one, and none of it builds a name people remember.",
  },
  {
    title: "Feast-or-famine weeks",
    icon: <Snowflake className="h-8 w-8" />,
    text: "A hard freeze brings more burst-pipe calls than your crew can run; a mild spring leaves techs waiting for work. Without demand for drain cleaning, repipes and fixture upgrades in the quiet months, payroll eats the margin.",
  },
  {
    title: "A website that loses the midnight call",
    icon: <Smartphone className="h-8 w-8" />,
    text: "Slow pages, a phone number buried in the footer and a ten-field contact form. On a phone, late at night and under stress, visitors give up and tap back to the search results.",
  },
  {
    title: "Reviews that do not keep up with the work",
    icon: <Star className="h-8 w-8" />,
    text: "Homeowners compare star ratings before they dial. Happy customers rarely post a review unless someone asks at the right moment, so a single angry one can sit at the top of your listing for months.",
  },
  {
    title: "Reports without booked jobs",
    icon: <ClipboardList className="h-8 w-8" />,
    text: "Impressions and clicks do not pay for a new service van. If your agency cannot show which calls became water heater installs, you cannot tell which marketing dollars are working.",
  },
];

const system = [
  {
    title: "Get Found First",
    text: "We optimize your Google Business Profile, build a page for every service and suburb you cover, and send review requests after each job, so you rank in the map pack for burst pipes, slab leaks and clogged drains.",
  },
  {
    title: "Answer Every Emergency",
    text: "A fast, mobile-first website with tap-to-call on every screen, plus paid search that runs hardest on nights and weekends, when homeowners need a plumber now and emergency rates apply.",
  },
  {
    title: "Turn One Call Into a Customer for Life",
    text: "Follow-up emails for water heater flushes, whole-home inspections and fixture upgrades, so the family you helped with a clog calls you directly for the next job instead of searching again.",
  },
];

const caseStudies: CaseStudy[] = [
  {
    company: "Family-owned residential plumber",
    challenge: "Almost every job came from referrals and from a lead marketplace that sold the same homeowner to several competitors.",
    work: "We rebuilt the map listing, wrote a page for each suburb in the service area, added tap-to-call everywhere and set up review requests after every invoice.",
    result: { value: "50-80", label: "new leads a month" },
    quote: "We stopped buying shared leads. Now the phone rings with people who already picked us.",
    author: "Dave M., plumbing contractor, Georgetown TX",
  },
  {
    company: "Drain and sewer specialist",
    challenge: "Paid search spent most of its budget on do-it-yourself searches and on neighborhoods the trucks did not serve.",
    work: "We rebuilt the campaigns around hydro-jetting, sewer camera inspections and main-line clogs, excluded DIY searches and drew a tight service-area radius.",
    result: { value: "65%", label: "lower cost per lead" },
    quote: "Same budget, and the calls are about sewer lines, not people asking how to use a plunger.",
    author: "Carlos V., drain and sewer contractor, Pflugerville TX",
  },
  {
    company: "Water heater and repiping contractor",
    challenge: "The company's best-margin work was tankless conversions and repipes, yet its website ranked only for its own name.",
    work: "We wrote in-depth pages on tankless water heaters, repiping older homes and low water pressure, and linked them from every service-area page.",
    result: { value: "300%", label: "more organic website traffic" },
    quote: "Those pages bring in the big tickets. Tankless installs are a regular part of our week now.",
    author: "Angela T., plumbing contractor, Cedar Park TX",
  },
];

const callButtonClass = buttonVariants({ variant: "outline", size: "lg" });

export default function Plumbing() {
  return (
    <>
      <Hero
        eyebrow={<span className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">Marketing for Plumbing Companies</span>}
        title="Plumbing Marketing That Fills Your Schedule"
        intro={
          <p>
            When a pipe bursts at 11 PM, homeowners call one of the first plumbers they see on their phone. We put your company there for burst pipes, clogged
            drains and failed water heaters across your whole service area, then make sure every call is answered, tracked and turned into a booked job.
          </p>
        }
        actions={
          <>
            <Button type="button" size="lg" onClick={() => scrollToElement("contact-form")}>
              Get My Free Marketing Plan
            </Button>
            <Button type="button" size="lg" variant="secondary" onClick={() => scrollToElement("booking-calendar")}>
              <CalendarDays className="h-5 w-5" aria-hidden="true" />
              Book a 30-Minute Call
            </Button>
            <a href={siteConfig.phoneHref} className={callButtonClass}>
              <Phone className="h-5 w-5" aria-hidden="true" />
              Call {siteConfig.phone}
            </a>
          </>
        }
        aside={
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-2xl font-bold text-slate-900">Our Plumbing Marketing Guarantee</h2>
            <p className="mt-2 text-slate-700">Clear terms, in writing, before you spend a dollar:</p>
            <CheckList items={guarantees} className="mt-5 text-slate-900" />
          </div>
        }
      />

      <CardsSection
        tone="muted"
        id="plumbing-problems-title"
        eyebrow="Sound familiar?"
        title="The Problems Holding Plumbing Companies Back"
        intro="Most plumbers we talk to are excellent at the work and tired of marketing that never shows up on the dispatch board. These are the leaks we usually find first."
        columns={3}
        cards={problems}
      />

      <Section labelledBy="plumbing-system-title">
        <SectionHeader
          id="plumbing-system-title"
          eyebrow="How it works"
          title="Our 3-Part Plumbing Lead System"
          intro="Each part closes one gap between a homeowner's search and your truck in their driveway."
        />
        <ProcessSteps steps={system} className="lg:grid-cols-3" />
      </Section>

      <Section tone="muted" labelledBy="plumbing-cases-title">
        <SectionHeader
          id="plumbing-cases-title"
          eyebrow="Case studies"
          title="Plumbing Companies Getting More Calls"
          intro="Three kinds of plumbing business, three different bottlenecks, one system adapted to each."
        />
        <CaseStudyGrid studies={caseStudies} />
      </Section>

      <TradeContactSection
        trade="plumbing"
        tradeLabel="Plumbing"
        eyebrow="Free marketing plan"
        title="Tell Us Where You Want More Calls"
        intro="Send the short form and a strategist will review your map rankings, website and ads before we speak, so the first conversation is about your numbers."
        checklist={[
          "Where you rank today for emergency, drain cleaning and water heater searches in your area",
          "Which competitors are taking the calls you should be getting, and why",
          "A plan sized to your trucks and service area, with no obligation to buy",
        ]}
      />

      <Section id="booking-calendar" tone="muted" labelledBy="plumbing-calendar-title" className="scroll-mt-16">
        <SectionHeader
          id="plumbing-calendar-title"
          eyebrow="Prefer to talk it through?"
          title="Book Your Free 30-Minute Consultation"
          intro="Pick a time that suits your dispatch schedule. We will walk through your market, your competitors and what it would take to keep your techs busy in the slow months."
        />
        <SchedulingEmbed title="Book your free 30-minute plumbing marketing consultation" height={630} className="mt-10" />
        <p className="mt-6 text-center text-slate-700">
          Would rather talk right now? Call{" "}
          <a href={siteConfig.phoneHref} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {siteConfig.phone}
          </a>{" "}
          ({siteConfig.hours}).
        </p>
      </Section>
    </>
  );
}
