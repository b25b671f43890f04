import { Phone, Quote, Star } from "lucide-react";
import type { ReactNode } from "react";
import {
  ButtonLink,
  Card,
  CardGrid,
  CardsSection,
  CheckList,
  CtaBanner,
  Hero,
  Section,
  SectionHeader,
  StatGrid,
} from "../components/sections.tsx";
import { SystemDiagram } from "../components/system-diagram.tsx";
import { buttonVariants } from "../components/ui/button.tsx";
import { industryPageContent } from "../config/industry-pages.ts";
import { industryPages, type IndustryPage as Industry } from "../config/industries.ts";
import { siteConfig } from "../config/site.ts";
import { pageHead, type PageHead } from "../lib/seo.ts";
import { TestimonialCaption } from "../components/case-studies.tsx";
import { cn } from "../lib/utils.ts";

// SPEC §2 "Home services and personal injury pages": one template for the two, fed by
// config/industry-pages.ts. Hero with the short lead form (the island passed in as `form`), stats,
// problems, cards with learn-more links, the 3-step system, a testimonial, a closing call to action whose
// first button scrolls to the top, the offer's worth, and a call bar on small screens. Static HTML: the
// call bar is CSS (sticky at the bottom of the viewport, hidden from md up), the scroll is an anchor link.

export function industryPageHead(page: Industry): PageHead {
  return pageHead({ ...industryPageContent[page].meta, path: industryPages[page].path });
}

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";

export default function IndustryPage({ page, form }: { page: Industry; form?: ReactNode }) {
  const { hero, results, problems, offerings, system, testimonial, cta, offerNote } = industryPageContent[page];
  return (
    <>
      <Hero
        eyebrow={
          <p className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">
            {hero.eyebrow}
          </p>
        }
        title={hero.title}
        intro={<p>{hero.intro}</p>}
        // The audit form beside it is the hero's primary action (its Send button); the call is the other way in.
        actions={
          <ButtonLink to={siteConfig.phoneHref} emphasis="secondary">
            <Phone className="h-5 w-5" aria-hidden="true" />
            Call {siteConfig.phone}
          </ButtonLink>
        }
        aside={form}
      >
        <CheckList className="mt-8 text-slate-800" items={hero.highlights} />
      </Hero>

      <Section tone="muted" labelledBy={`${page}-results`}>
        <SectionHeader id={`${page}-results`} eyebrow={results.eyebrow} title={results.title} intro={results.intro} />
        <StatGrid stats={results.stats} />
      </Section>

      <CardsSection
        id={`${page}-problems`}
        eyebrow={problems.eyebrow}
        title={problems.title}
        intro={problems.intro}
        columns={3}
        cards={problems.items}
      />

      <Section tone="muted" labelledBy={`${page}-offerings`}>
        <SectionHeader
          id={`${page}-offerings`}
          eyebrow={offerings.eyebrow}
          title={offerings.title}
          intro={offerings.intro}
        />
        <CardGrid columns={3}>
          {offerings.items.map(({ icon: Icon, ...item }) => (
            <Card key={item.title} title={item.title} icon={Icon && <Icon className="h-7 w-7" />}>
              <p>{item.intro}</p>
              <CheckList className="mt-4" items={item.points} />
              <a href={item.to} className={cn("mt-6 inline-block", linkClass)}>
                {item.linkText}
              </a>
            </Card>
          ))}
        </CardGrid>
        <p className="mt-8 text-center text-slate-700">
          {offerings.note.text}
          {offerings.note.link && (
            <>
              {" "}
              <a href={offerings.note.link.to} className={linkClass}>
                {offerings.note.link.label}
              </a>
              .
            </>
          )}
        </p>
      </Section>

      <Section labelledBy={`${page}-system`}>
        <SectionHeader id={`${page}-system`} eyebrow={system.eyebrow} title={system.title} intro={system.intro} />
        <SystemDiagram steps={system.steps} />
      </Section>

      <Section tone="muted" labelledBy={`${page}-testimonial`}>
        <h2 id={`${page}-testimonial`} className="sr-only">
          What a client says
        </h2>
        <figure className="mx-auto max-w-3xl rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 sm:p-12">
          <Quote className="mx-auto h-10 w-10 text-brand-700" aria-hidden="true" />
          <div className="mt-4 flex justify-center gap-1 text-amber-600" role="img" aria-label="Rated 5 out of 5">
            {[1, 2, 3, 4, 5].map((star) => (
              <Star key={star} className="h-5 w-5 fill-current" aria-hidden="true" />
            ))}
          </div>
          <blockquote className="mt-6 text-xl font-medium text-slate-900">“{testimonial.quote}”</blockquote>
          <TestimonialCaption author={testimonial} className="mt-6 justify-center" />
        </figure>
      </Section>

      <CtaBanner title={cta.title} text={cta.text}>
        {/* "#top" scrolls to the top of the document (HTML's fragment rules), smoothly per app.css. */}
        <ButtonLink to="#top" surface="dark">
          {cta.button}
        </ButtonLink>
        <ButtonLink to={siteConfig.phoneHref} emphasis="secondary" surface="dark">
          <Phone className="h-5 w-5" aria-hidden="true" />
          Call {siteConfig.phone}
        </ButtonLink>
      </CtaBanner>

      <div className="bg-white px-4 py-8 text-center">
        <p className="mx-auto max-w-3xl text-sm text-slate-700">{offerNote}</p>
      </div>

      {/* Last child of <main>: sticks to the bottom of the viewport while the page scrolls, then rests
          above the footer, so it never covers the page's last lines. */}
      <div className="sticky bottom-0 z-30 border-t border-slate-200 bg-white p-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] md:hidden">
        <a href={siteConfig.phoneHref} className={cn(buttonVariants({ size: "lg" }), "w-full")}>
          <Phone className="h-5 w-5" aria-hidden="true" />
          Call now: {siteConfig.phone}
        </a>
      </div>
    </>
  );
}
