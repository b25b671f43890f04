import { CalendarDays, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { PhotoFrame } from "../components/photo-frame.tsx";
import { BookingSection } from "../components/scheduling-embed.tsx";
import { ButtonLink, CardsSection, CheckList, Hero, Section, SectionHeader } from "../components/sections.tsx";
import { SystemDiagram } from "../components/system-diagram.tsx";
import { trades, type Trade } from "../config/industries.ts";
import { siteConfig } from "../config/site.ts";
import { tradeBookingSectionId, tradePages, type TradePageContent } from "../config/trade-pages.ts";
import { CaseStudyGrid } from "../components/case-studies.tsx";
import { pageHead, type PageHead } from "../lib/seo.ts";

// SPEC §2 "Plumbing, roofing and HVAC pages": one template for the three trades, fed by
// config/trade-pages.ts. Hero (scroll-to-form button, the booking-calendar button where the trade has a
// calendar, call button), problems, the system, case studies, the shared trade form (id="contact-form",
// the island passed in as `form`) and, for plumbing, the booking calendar (30 minutes, 630 px high).
// Static HTML: the in-page buttons are anchor links, smooth scrolling comes from app.css.

export function tradePageHead(trade: Trade): PageHead {
  return pageHead({ ...tradePages[trade].meta, path: trades[trade].path });
}

const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

export default function TradePage({ trade, form }: { trade: Trade; form?: ReactNode }) {
  const content = tradePages[trade];
  const { hero, problems, system, caseStudies, contact, scheduling } = content;
  return (
    <>
      <Hero
        eyebrow={
          <span className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">
            {hero.eyebrow}
          </span>
        }
        title={hero.title}
        intro={<p>{hero.intro}</p>}
        actions={
          <>
            {/* The page sells the free marketing plan: its form is the primary action. */}
            <ButtonLink to="#contact-form">{hero.formButton}</ButtonLink>
            {scheduling && (
              <ButtonLink to={`#${tradeBookingSectionId}`} emphasis="secondary">
                <CalendarDays className="h-5 w-5" aria-hidden="true" />
                {scheduling.button}
              </ButtonLink>
            )}
            <ButtonLink to={siteConfig.phoneHref} emphasis="secondary">
              <Phone className="h-5 w-5" aria-hidden="true" />
              Call {siteConfig.phone}
            </ButtonLink>
          </>
        }
        aside={<HeroAside aside={hero.aside} />}
      />

      <CardsSection
        tone="muted"
        id={`${trade}-problems-title`}
        eyebrow={problems.eyebrow}
        title={problems.title}
        intro={problems.intro}
        columns={3}
        cards={problems.items.map(({ icon: Icon, ...card }) => ({ ...card, icon: <Icon className="h-8 w-8" /> }))}
      />

      <Section labelledBy={`${trade}-system-title`}>
        <SectionHeader
          id={`${trade}-system-title`}
          eyebrow={system.eyebrow}
          title={system.title}
          intro={system.intro}
        />
        <SystemDiagram steps={system.steps} />
      </Section>

      <Section tone="muted" labelledBy={`${trade}-cases-title`}>
        <SectionHeader
          id={`${trade}-cases-title`}
          eyebrow="Case studies"
          title={caseStudies.title}
          intro={caseStudies.intro}
        />
        <CaseStudyGrid studies={caseStudies.studies} />
      </Section>

      <Section id="contact-form" labelledBy={`${trade}-form-title`} className="scroll-mt-16">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
          <div>
            <SectionHeader
              id={`${trade}-form-title`}
              centered={false}
              eyebrow={contact.eyebrow}
              title={contact.title}
              intro={contact.intro}
            />
            <CheckList className="mt-6 text-slate-900" items={contact.checklist} />
            {contact.callPrompt && (
              <p className="mt-6 text-slate-700">
                {contact.callPrompt}{" "}
                <a href={siteConfig.phoneHref} className={linkClass}>
                  Call {siteConfig.phone}
                </a>
                .
              </p>
            )}
          </div>
          {form}
        </div>
      </Section>

      {scheduling && (
        <BookingSection
          id={tradeBookingSectionId}
          headingId={`${trade}-calendar-title`}
          tone="muted"
          eyebrow={scheduling.eyebrow}
          title={scheduling.title}
          intro={scheduling.intro}
          embedTitle={scheduling.embedTitle}
          height={630}
        />
      )}
    </>
  );
}

// The hero's photo column: the page's 2rem padding off the screen; from lg (1024 px) half of what is left
// after the 3rem gap; the 72rem container (1152 px) caps it at (1120 - 48) / 2 = 536 px.
const heroPhotoSizes = "(min-width: 1152px) 536px, (min-width: 1024px) calc(50vw - 40px), calc(100vw - 32px)";

function HeroAside({ aside }: { aside: TradePageContent["hero"]["aside"] }) {
  if (aside.kind === "image") {
    // Low priority, as the article's hero photo (decision 028): on a phone the hero's text is the largest
    // paint, and the simulation counted this photo's cold third-party connection against it (decision 037).
    return (
      <PhotoFrame
        src={aside.src}
        alt={aside.alt}
        width={aside.width}
        height={aside.height}
        loading="eager"
        fetchPriority="low"
        sizes={heroPhotoSizes}
        className="rounded-xl"
      />
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-2xl font-bold text-slate-900">{aside.title}</h2>
      {aside.intro && <p className="mt-2 text-slate-700">{aside.intro}</p>}
      <CheckList items={aside.items} className="mt-5 text-slate-900" />
    </div>
  );
}
