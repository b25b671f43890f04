import { clsx } from "clsx";
import type { CaseStudy, Testimonial } from "../config/trade-pages.ts";

// Clients' results and words (the trade pages' case studies, reused on the home and SEO pages: issue 39 §5).
// Each quote names who said it: a name, their role, their company and their town.

/** The initials of a name ("Dave M." → "DM"), for the badge beside a quote. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.replace(/[^\p{L}]/gu, "").charAt(0))
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

/** Who said it: an initials badge (no stock face passed off as a client), the name, role and company, the town. */
export function TestimonialCaption({ author, className }: { author: Testimonial; className?: string }) {
  return (
    <figcaption className={clsx("flex items-center gap-3 text-left", className)} data-testimonial="">
      <span
        aria-hidden="true"
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
      >
        {initials(author.name)}
      </span>
      <span>
        <span className="block font-bold text-slate-900" data-testimonial-name="">
          {author.name}
        </span>
        <span className="block text-slate-700">
          {author.role}, <span data-testimonial-company="">{author.company}</span>
        </span>
        <span className="block text-slate-600" data-testimonial-town="">
          {author.town}
        </span>
      </span>
    </figcaption>
  );
}

export function CaseStudyGrid({ studies }: { studies: CaseStudy[] }) {
  return (
    <div className="mt-10 grid gap-6 lg:grid-cols-3">
      {studies.map((study) => (
        <article
          key={study.company}
          className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {/* The result leads, on the brand's dark blue, like the report it came from. */}
          <div className="bg-brand-900 px-6 py-5 text-white">
            <h3 className="text-lg font-bold">{study.company}</h3>
            <p className="mt-3 text-4xl font-extrabold text-signal-300">
              {study.result.value}
              <span className="mt-1 block text-base font-semibold text-blue-100">{study.result.label}</span>
            </p>
          </div>
          <div className="flex flex-1 flex-col p-6">
            <dl className="mb-4 space-y-3 text-slate-700">
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
              <TestimonialCaption author={study.author} className="mt-3 text-sm" />
            </figure>
          </div>
        </article>
      ))}
    </div>
  );
}
