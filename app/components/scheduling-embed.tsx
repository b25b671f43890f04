import { CalendarDays, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { siteConfig } from "../config/site.ts";
import { cn } from "../lib/utils.ts";
import { Section, SectionHeader } from "./sections.tsx";

/**
 * The third-party booking widget (30-minute consultation) in an iframe of the spec's height, and above it
 * the way around it (issue 14 §2): a link that opens the booking page itself and the phone number. The
 * frame sits on a branded placeholder, so a slow or blocked widget is never a white void. Below the fold
 * its address waits in data-src until the page has loaded (scripts/deferred-frames.ts): the widget never
 * competes with the page's first paint, then the browser's lazy loading decides as before (docs/decisions/027).
 */
export function SchedulingEmbed({
  title,
  height,
  belowTheFold = true,
  className,
}: {
  title: string;
  /** SPEC §9: 700 (contact, website upgrade) or 630 (offer page, plumbing). */
  height: 700 | 630;
  belowTheFold?: boolean;
  className?: string;
}) {
  const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";
  return (
    <div className={className}>
      <p className="mb-4 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-slate-700">
        <a href={siteConfig.schedulingUrl} target="_blank" rel="noopener noreferrer" className={cn(linkClass, "inline-flex items-center gap-1")}>
          Open the booking page
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <span>
          or call{" "}
          <a href={siteConfig.phoneHref} className={cn(linkClass, "whitespace-nowrap")}>
            {siteConfig.phone}
          </a>{" "}
          ({siteConfig.hours})
        </span>
      </p>
      {/* The placeholder shows until the widget paints over it (and stays if it never does). */}
      <div
        className="relative overflow-hidden rounded-xl border border-slate-200 bg-brand-50 bg-[radial-gradient(var(--color-brand-600)_1px,transparent_1px)] [background-size:20px_20px]"
        data-booking-placeholder=""
      >
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-brand-900" aria-hidden="true">
          <CalendarDays className="h-10 w-10" />
          <span className="rounded-md bg-white/90 px-3 py-1 font-semibold">Loading the booking calendar…</span>
        </div>
        <iframe
          {...(belowTheFold ? { "data-src": siteConfig.schedulingUrl } : { src: siteConfig.schedulingUrl })}
          title={title}
          height={height}
          width="100%"
          loading={belowTheFold ? "lazy" : "eager"}
          className="relative block w-full"
          style={{ height }}
        />
      </div>
    </div>
  );
}

/**
 * A page's booking section: its heading and the booking widget below it, the scroll target of the page's
 * "book a call" links (`id`). `children` go under the widget.
 */
export function BookingSection({
  id,
  headingId,
  tone,
  eyebrow,
  title,
  intro,
  embedTitle,
  height,
  children,
}: {
  id: string;
  headingId: string;
  tone?: "white" | "muted";
  eyebrow?: string;
  title: string;
  intro: string;
  embedTitle: string;
  height: 700 | 630;
  children?: ReactNode;
}) {
  return (
    <Section id={id} tone={tone} labelledBy={headingId} className="scroll-mt-16">
      <SectionHeader id={headingId} eyebrow={eyebrow} title={title} intro={intro} />
      <SchedulingEmbed title={embedTitle} height={height} className="mt-10" />
      {children}
    </Section>
  );
}
