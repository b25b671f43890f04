import { Phone } from "lucide-react";
import type { ReactNode } from "react";
import {
  ButtonLink,
  Card,
  CardGrid,
  CheckList,
  Hero,
  ProcessSteps,
  Section,
  SectionHeader,
  StatGrid,
} from "../components/sections.tsx";
import { servicePages, type ServiceSlug } from "../config/service-pages.ts";
import { services, type Service } from "../config/services.ts";
import { standardReplyPromise } from "../../contract/form-names.ts";
import { siteConfig } from "../config/site.ts";
import { numberSources, SourceList, SourceMark } from "../components/claim-sources.tsx";
import { CaseStudyGrid } from "../components/case-studies.tsx";
import { serviceCaseStudies } from "../config/testimonials.ts";
import { pageHead } from "../lib/seo.ts";

// One template for the six service pages (app/pages/services/[slug].astro builds one per service).
// The copy of each page lives in app/config/service-pages.ts (SPEC §2 "Individual service pages", §9).

function serviceBySlug(slug: ServiceSlug): Service {
  const service = services.find((candidate) => candidate.slug === slug);
  if (!service) throw new Error(`No service with the slug ${slug}`);
  return service;
}

export function serviceHead(slug: ServiceSlug) {
  const service = serviceBySlug(slug);
  const content = servicePages[slug];
  return pageHead({ title: content.meta.title, description: content.meta.description, path: service.path });
}

/** `inquiryForm`: the service inquiry form island, passed by the page as a named slot. */
export default function ServicePage({ slug, inquiryForm }: { slug: ServiceSlug; inquiryForm?: ReactNode }) {
  const service = serviceBySlug(slug);
  const content = servicePages[service.slug];
  const ids = (part: string) => `${service.slug}-${part}`;
  const { hero, included, cards, offer, reasons, process, results, inquiry } = content;
  const clientStudies = serviceCaseStudies[service.slug];
  const sources = [
    ...numberSources(results.stats).sources,
    ...(results.highlight && results.highlightSource ? [results.highlightSource] : []),
  ];

  return (
    <>
      <Hero
        eyebrow={
          <span className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">
            {hero.eyebrow}
          </span>
        }
        title={service.name}
        intro={<p>{hero.intro}</p>}
        // The three goals all lead to /contact (SPEC §2); the first, the page's main promise, is the primary one.
        actions={hero.goals.map((goal, index) => (
          <ButtonLink key={goal} to="/contact" emphasis={index === 0 ? "primary" : "secondary"}>
            {goal}
          </ButtonLink>
        ))}
        aside={
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <p className="text-lg font-bold text-slate-900">{hero.highlightsTitle}</p>
            <CheckList items={hero.highlights} className="mt-4 text-slate-700" />
            <p className="mt-6 border-t border-slate-200 pt-6 text-slate-700">
              Prefer to talk it through?{" "}
              <a
                href={siteConfig.phoneHref}
                className="inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                <Phone className="h-4 w-4" aria-hidden="true" />
                Call {siteConfig.phone}
              </a>
              <span className="block text-sm">{siteConfig.hours}</span>
            </p>
          </div>
        }
      />

      <Section labelledBy={ids("included")}>
        <SectionHeader id={ids("included")} eyebrow="What you get" title={included.title} intro={included.intro} />
        <CheckList
          items={included.items}
          className="mx-auto mt-10 grid max-w-5xl gap-x-10 text-slate-800 md:grid-cols-2 md:space-y-0 md:gap-y-4"
        />
      </Section>

      {cards && (
        <Section tone="muted" labelledBy={ids("types")}>
          <SectionHeader id={ids("types")} title={cards.title} intro={cards.intro} />
          <CardGrid columns={cards.items.length % 3 === 0 ? 3 : 4}>
            {cards.items.map((card) => (
              <Card key={card.title} title={card.title} icon={<card.icon className="h-8 w-8" />}>
                <p>{card.text}</p>
              </Card>
            ))}
          </CardGrid>
        </Section>
      )}

      {offer && (
        <Section tone="muted" labelledBy={ids("offer")}>
          <div className="mx-auto max-w-4xl rounded-2xl border border-brand-600 bg-white p-8 text-center shadow-sm sm:p-10">
            <SectionHeader id={ids("offer")} eyebrow="Ultimate Website Offer" title={offer.title} intro={offer.text} />
            <div className="mt-8 flex justify-center">
              <ButtonLink to={offer.to}>{offer.linkLabel}</ButtonLink>
            </div>
          </div>
        </Section>
      )}

      <Section labelledBy={ids("reasons")}>
        <SectionHeader id={ids("reasons")} eyebrow="Why it works" title={reasons.title} intro={reasons.intro} />
        <CardGrid columns={2}>
          {reasons.items.map((reason) => (
            <Card key={reason.title} title={reason.title} icon={<reason.icon className="h-8 w-8" />}>
              <p>{reason.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section tone="muted" labelledBy={ids("process")}>
        <SectionHeader id={ids("process")} eyebrow="Our process" title={process.title} intro={process.intro} />
        <ProcessSteps steps={process.steps} />
      </Section>

      <Section tone="brand" labelledBy={ids("results")}>
        <SectionHeader id={ids("results")} eyebrow="Results" title={results.title} intro={results.intro} />
        <StatGrid stats={results.stats} sourcesId={ids("results")} />
        {results.highlight && (
          <p className="mx-auto mt-10 max-w-3xl text-center text-xl font-semibold text-white">
            {results.highlight}
            {results.highlightSource && <SourceMark idPrefix={ids("results")} number={sources.length} />}
          </p>
        )}
        <p className="mx-auto mt-6 max-w-3xl text-center text-sm text-blue-100">{results.note}</p>
        {/* The figures' sources, the highlight's last (issue 39 §5). */}
        <SourceList idPrefix={ids("results")} sources={sources} className="mx-auto mt-6 max-w-3xl text-blue-100" />
      </Section>

      {content.testimonials && clientStudies && (
        <Section tone="muted" labelledBy={ids("clients")}>
          <SectionHeader
            id={ids("clients")}
            eyebrow="Client results"
            title={content.testimonials.title}
            intro={content.testimonials.intro}
          />
          <CaseStudyGrid studies={clientStudies} />
        </Section>
      )}

      <Section>
        <div className="grid gap-10 lg:grid-cols-5 lg:items-start">
          <div className="lg:col-span-3">{inquiryForm}</div>
          <div className="rounded-xl bg-brand-50 p-6 text-slate-800 sm:p-8 lg:col-span-2">
            <h3 className="text-xl font-bold text-slate-900">What happens after you send it</h3>
            <p className="mt-4 text-slate-700">{inquiry.intro}</p>
            <ol className="mt-6 space-y-4">
              {[
                "We read your inquiry and look at your website and local competition.",
                `Within ${standardReplyPromise} you get a reply with a custom proposal, not a sales script.`,
                `If it's a fit, we book a free 30-minute call to walk through the ${service.name} plan together.`,
              ].map((step, index) => (
                <li key={step} className="flex gap-3">
                  <span
                    className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <span>{step}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </Section>
    </>
  );
}
