import { BadgeCheck, Handshake, LineChart, MapPin } from "lucide-react";
import {
  ButtonLink,
  Card,
  CardGrid,
  CheckList,
  CtaBanner,
  Hero,
  Section,
  SectionHeader,
  CardsSection,
} from "../components/sections.tsx";
import { standardReplyPromise } from "../../contract/form-names.ts";
import { siteConfig } from "../config/site.ts";
import { pageHead, type PageHead } from "../lib/seo.ts";

// SPEC §2 "About": mission, four values, a founder section (founded 2025, 8+ years experience),
// calls to action to /contact.

/** Built at render time: the company name and phone are the published site settings (issue 37). */
export const head = (): PageHead =>
  pageHead({
    title: aboutCopy.meta.title,
    description: `Meet the local lead-generation agency founded in ${siteConfig.foundedYear} to give contractors and law firms honest reporting, clear priorities and marketing measured in jobs.`,
    path: "/about",
  });

const values = [
  {
    title: "Revenue Over Vanity Metrics",
    icon: <LineChart className="h-7 w-7" />,
    text: "Rankings and impressions are a means, not the goal. We report on calls, booked appointments and signed cases, and we tie each one back to the page or campaign that produced it.",
  },
  {
    title: "Radical Transparency",
    icon: <BadgeCheck className="h-7 w-7" />,
    text: "You see what we did, what it cost and what it returned. Logins, ad accounts and reports stay visible to you, and bad months are explained, not buried.",
  },
  {
    title: "Local First",
    icon: <MapPin className="h-7 w-7" />,
    text: "A roofer in one suburb and a roofer across town face different competitors. We plan by service area and by neighborhood, not by a national template.",
  },
  {
    title: "Partnership, Not Lock-In",
    icon: <Handshake className="h-7 w-7" />,
    text: "We earn the next month by delivering this one. Month-to-month plans are available, and every recommendation comes with the reason behind it.",
  },
];

/** The about page's editable copy (issue 37, app/content/page-copy.ts). Texts built from the site settings
 * (company name, founder, founding year, phone, reply promise) stay in the JSX. */
export const aboutCopy = {
  meta: { title: "About Us" },
  hero: {
    title: "Marketing Measured in Booked Jobs and Signed Cases",
    primaryAction: "Book a Free Strategy Session",
  },
  mission: {
    eyebrow: "Our mission",
    title: "Make Every Marketing Dollar Traceable to a Customer",
    intro:
      "Local businesses deserve to know which search, ad or page made the phone ring. Our job is to build that pipeline, keep it full and show you the receipts.",
    paragraphs: [
      "Most owners we meet have been burned at least once: a long contract, a monthly report full of charts nobody explained, and a website the agency still controls. The work may have been real, but nobody could connect it to a single booked job.",
      "We do it the other way around. We start from the jobs and cases you want more of, work backwards to the searches that bring them, and then build the pages, profiles and campaigns that win those searches in your service area.",
    ],
    checklist: [
      "Call tracking and form tracking set up before any campaign goes live",
      "One written plan with priorities for the next 90 days",
      "A monthly review call where you can ask anything",
    ],
  },
  values: {
    eyebrow: "Our values",
    title: "How We Work With You",
    intro:
      "Four principles shape every plan, report and phone call, whether you run a two-truck plumbing shop or a multi-office law firm.",
    cards: values,
  },
  founder: {
    eyebrow: "Our story",
    title: "Meet the Founder",
    foundedLabel: "Year founded",
    experienceLabel: "Experience in search and paid ads",
    experienceValue: "8+ years",
  },
  audiences: {
    eyebrow: "Who we serve",
    title: "Two Kinds of Clients, One Standard",
    intro: "Different buyers, same question from the owner: did marketing bring in more work this month?",
    cards: [
      {
        title: "Home-Service Businesses",
        text: "Plumbers, HVAC companies, roofers, window installers, electricians and general contractors who need a steady flow of local calls, not a spike after every ad spend increase.",
        link: { to: "/home-services", label: "Home services marketing" },
      },
      {
        title: "Personal Injury Law Firms",
        text: "Firms competing for accident cases in crowded metro markets, where one signed case can pay for a year of marketing and every intake call needs to be tracked.",
        link: { to: "/personal-injury", label: "Personal injury marketing" },
      },
    ],
  },
  cta: {
    title: "Let's Talk About Your Next 90 Days",
    primaryAction: "Contact Us",
    secondaryAction: "Get a Free Marketing Audit",
  },
};

const initials = siteConfig.author.name
  .split(/\s+/)
  .map((part) => part.charAt(0))
  .join("")
  .slice(0, 2)
  .toUpperCase();

export default function About() {
  const { hero, mission, founder, audiences, cta } = aboutCopy;
  return (
    <>
      <Hero
        eyebrow={
          <p className="text-sm font-bold uppercase tracking-wider text-brand-700">About {siteConfig.companyName}</p>
        }
        title={hero.title}
        intro={
          <p>
            We are a local lead-generation agency for plumbers, HVAC companies, roofers, electricians and personal
            injury law firms. We started in {siteConfig.foundedYear} because too many owners were paying for marketing
            they could not see, measure or explain to their partners.
          </p>
        }
        actions={
          <>
            <ButtonLink to="/contact">{hero.primaryAction}</ButtonLink>
            <ButtonLink to={siteConfig.phoneHref} emphasis="secondary">
              Call {siteConfig.phone}
            </ButtonLink>
          </>
        }
      />

      <Section tone="white" labelledBy="about-mission-heading">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
          <SectionHeader
            id="about-mission-heading"
            centered={false}
            eyebrow={mission.eyebrow}
            title={mission.title}
            intro={mission.intro}
          />
          <div className="space-y-4 text-lg text-slate-700">
            {mission.paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
            <CheckList className="pt-2 text-base" items={mission.checklist} />
          </div>
        </div>
      </Section>

      <CardsSection
        tone="muted"
        id="about-values-heading"
        eyebrow={aboutCopy.values.eyebrow}
        title={aboutCopy.values.title}
        intro={aboutCopy.values.intro}
        columns={4}
        cards={aboutCopy.values.cards}
      />

      <Section tone="white" labelledBy="about-founder-heading">
        <SectionHeader id="about-founder-heading" eyebrow={founder.eyebrow} title={founder.title} />
        <div className="mx-auto mt-10 grid max-w-4xl gap-8 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm md:grid-cols-[auto_1fr] md:items-start">
          <div
            className="flex h-28 w-28 items-center justify-center rounded-full bg-brand-700 text-3xl font-extrabold text-white"
            aria-hidden="true"
          >
            {initials}
          </div>
          <div>
            <h3 className="text-2xl font-bold text-slate-900">{siteConfig.author.name}</h3>
            <p className="mt-1 font-semibold text-brand-700">{siteConfig.author.role}</p>
            <p className="mt-4 text-lg text-slate-700">{siteConfig.author.bio}</p>
            <p className="mt-4 text-slate-700">
              Before starting {siteConfig.companyName}, {siteConfig.author.name.split(/\s+/)[0]} ran search and ad
              programs for home-service companies and law firms, and saw the same pattern again and again: good
              businesses losing jobs to competitors with weaker service and stronger marketing. The agency exists to
              close that gap.
            </p>
            <dl className="mt-6 grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col rounded-xl bg-brand-50 p-4">
                <dt className="order-2 text-sm font-medium text-slate-700">{founder.foundedLabel}</dt>
                <dd className="order-1 text-3xl font-extrabold text-brand-900">{siteConfig.foundedYear}</dd>
              </div>
              <div className="flex flex-col rounded-xl bg-brand-50 p-4">
                <dt className="order-2 text-sm font-medium text-slate-700">{founder.experienceLabel}</dt>
                <dd className="order-1 text-3xl font-extrabold text-brand-900">{founder.experienceValue}</dd>
              </div>
            </dl>
          </div>
        </div>
      </Section>

      <Section tone="muted" labelledBy="about-serve-heading">
        <SectionHeader
          id="about-serve-heading"
          eyebrow={audiences.eyebrow}
          title={audiences.title}
          intro={audiences.intro}
        />
        <CardGrid columns={2}>
          {audiences.cards.map((card) => (
            <Card key={card.link.to} title={card.title}>
              <p>{card.text}</p>
              <a
                href={card.link.to}
                className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                {card.link.label}
              </a>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <CtaBanner
        title={cta.title}
        text={`Tell us about your business and your service area. We reply within ${standardReplyPromise} and come to the first call with specific ideas, not a sales script.`}
      >
        <ButtonLink to="/contact" surface="dark">
          {cta.primaryAction}
        </ButtonLink>
        <ButtonLink to="/contact" emphasis="secondary" surface="dark">
          {cta.secondaryAction}
        </ButtonLink>
      </CtaBanner>
    </>
  );
}
