import type { ReactNode } from "react";
import {
  ButtonLink,
  CtaGroup,
  Card,
  CardGrid,
  CardsSection,
  CheckList,
  Hero,
  Section,
  SectionHeader,
} from "../components/sections.tsx";
import { SystemDiagram } from "../components/system-diagram.tsx";
import { Accordion, AccordionItem } from "../components/ui/accordion.tsx";
import { auditPages, type AuditPage as Page, type AuditSection } from "../config/audit-pages.ts";
import { pageHead, type PageHead } from "../lib/seo.ts";

// SPEC §2 "Lead audit, website audit and coaching pages": one template for /get-leads, /improve-website and
// /marketing-coaching, fed by config/audit-pages.ts. The hero carries the short lead form (the island passed
// in as `form`); below it each page's own sections. Static HTML: the FAQ is native <details>, no client JS.

export function auditPageHead(page: Page): PageHead {
  return pageHead(auditPages[page].meta);
}

export default function AuditPage({ page, form }: { page: Page; form?: ReactNode }) {
  const { hero, sections } = auditPages[page];
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
        aside={form}
      >
        <CheckList className="mt-8 text-slate-800" items={hero.highlights} />
      </Hero>

      {sections.map((section) => (
        <AuditPageSection key={section.id} section={section} />
      ))}
    </>
  );
}

function AuditPageSection({ section }: { section: AuditSection }) {
  const { id, tone, eyebrow, title } = section;
  switch (section.kind) {
    case "cards":
      return (
        <CardsSection
          tone={tone}
          id={id}
          eyebrow={eyebrow}
          title={title}
          intro={section.intro}
          columns={3}
          cards={section.cards.map(({ icon: Icon, ...card }) => ({
            ...card,
            icon: Icon && <Icon className="h-7 w-7" />,
          }))}
        />
      );
    case "checklist": {
      const { box } = section;
      return (
        <Section tone={tone} labelledBy={id}>
          <div className="grid gap-12 lg:grid-cols-2 lg:items-start">
            <SectionHeader id={id} centered={false} eyebrow={eyebrow} title={title} intro={section.intro} />
            {box ? (
              <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <div className="flex items-center gap-3 text-brand-700">
                  <box.icon className="h-6 w-6" aria-hidden="true" />
                  <p className="font-bold text-slate-900">{box.title}</p>
                </div>
                <CheckList className="mt-4 text-slate-800" items={section.items} />
              </div>
            ) : (
              <CheckList className="text-lg text-slate-800" items={section.items} />
            )}
          </div>
        </Section>
      );
    }
    case "formats":
      return (
        <Section tone={tone} labelledBy={id}>
          <SectionHeader id={id} eyebrow={eyebrow} title={title} intro={section.intro} />
          <CardGrid columns={2}>
            {section.formats.map(({ icon: Icon, ...format }) => (
              <Card key={format.title} title={format.title} icon={<Icon className="h-7 w-7" />}>
                <p>{format.intro}</p>
                <CheckList className="mt-4" items={format.points} />
              </Card>
            ))}
          </CardGrid>
        </Section>
      );
    case "steps":
      return (
        <Section tone={tone} labelledBy={id}>
          <SectionHeader id={id} eyebrow={eyebrow} title={title} />
          <SystemDiagram steps={section.steps} />
          {section.followUp && (
            <div className="mt-12 rounded-xl bg-brand-50 p-8 text-center">
              <p className="text-lg text-slate-800">{section.followUp.text}</p>
              <CtaGroup className="mt-4 justify-center">
                {section.followUp.links.map((link, index) => (
                  <ButtonLink key={link.to} to={link.to} emphasis={index === 0 ? "primary" : "secondary"}>
                    {link.label}
                  </ButtonLink>
                ))}
              </CtaGroup>
            </div>
          )}
        </Section>
      );
    case "faq":
      return (
        <Section tone={tone} labelledBy={id}>
          <SectionHeader id={id} eyebrow={eyebrow} title={title} />
          <Accordion className="mx-auto mt-10 max-w-3xl rounded-xl bg-white px-6 shadow-sm ring-1 ring-slate-200">
            {section.items.map((faq) => (
              <AccordionItem
                key={faq.question}
                group={section.group}
                question={faq.question}
                className="last:border-b-0"
              >
                {faq.answer}
              </AccordionItem>
            ))}
          </Accordion>
        </Section>
      );
  }
}
