import type { ReactNode } from "react";
import type { Trade } from "../config/lead-forms.ts";
import { tradeContactForm } from "../config/lead-forms.ts";
import { ShortLeadForm } from "./forms/short-lead-form.tsx";
import { CheckList, Section, SectionHeader } from "./sections.tsx";

// Blocks the plumbing, roofing and HVAC pages share: their case studies and the section around the
// trades' shared contact form (the scroll target of their "contact us" buttons, id="contact-form").

export type CaseStudy = {
  company: string;
  result: { value: string; label: string };
  challenge: string;
  work: string;
  quote: string;
  author: string;
};

export function CaseStudyGrid({ studies }: { studies: CaseStudy[] }) {
  return (
    <div className="mt-10 grid gap-6 lg:grid-cols-3">
      {studies.map((study) => (
        <article key={study.company} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-lg font-bold text-slate-900">{study.company}</h3>
          <p className="mt-4 text-4xl font-extrabold text-brand-700">
            {study.result.value}
            <span className="mt-1 block text-base font-semibold text-slate-700">{study.result.label}</span>
          </p>
          <dl className="mt-4 space-y-3 text-slate-700">
            <div>
              <dt className="font-semibold text-slate-900">The challenge</dt>
              <dd>{study.challenge}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">What we did</dt>
              <dd>{study.work}</dd>
            </div>
          </dl>
          <figure className="mt-auto border-t border-slate-200 pt-4">
            <blockquote className="italic text-slate-900">&ldquo;{study.quote}&rdquo;</blockquote>
            <figcaption className="mt-2 text-sm font-semibold text-slate-700">{study.author}</figcaption>
          </figure>
        </article>
      ))}
    </div>
  );
}

export function TradeContactSection({
  trade,
  tradeLabel,
  eyebrow,
  title,
  intro,
  checklist,
  children,
}: {
  trade: Trade;
  tradeLabel: string;
  eyebrow: string;
  title: string;
  intro: string;
  checklist: string[];
  /** Extra lines under the checklist (a call prompt). */
  children?: ReactNode;
}) {
  const headingId = `${trade}-form-title`;
  return (
    <Section id="contact-form" labelledBy={headingId} className="scroll-mt-16">
      <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
        <div>
          <SectionHeader id={headingId} centered={false} eyebrow={eyebrow} title={title} intro={intro} />
          <CheckList className="mt-6 text-slate-900" items={checklist} />
          {children}
        </div>
        <ShortLeadForm {...tradeContactForm(trade, tradeLabel)} />
      </div>
    </Section>
  );
}
