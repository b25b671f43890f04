import { CalendarDays, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { siteConfig } from "../config/site.ts";
import { cn } from "../lib/utils.ts";
import { buttonVariants } from "./ui/button.tsx";
import { Section, SectionHeader } from "./sections.tsx";

/**
 * The third-party booking widget (30-minute consultation) as a facade, the way sites embed videos
 * (docs/decisions/030): a booking card of the spec's height with the way around the widget above it (the
 * booking page itself, the phone and the hours). The frame is not in the page: scripts/booking-calendars.ts
 * adds it when the visitor asks for it (the card's button, or a link to its section) and lets the calendar
 * take the card's place only once it has loaded, so a blocked, refused, offline or slow host leaves the card,
 * saying the calendar could not load, with the booking page and the phone (issue 39), not a broken box. The frame's address, title and height wait in data attributes (the page's CSP reads the first).
 */
export function SchedulingEmbed({
  title,
  height,
  className,
}: {
  title: string;
  /** SPEC §9: 700 (contact, website upgrade) or 630 (offer page, plumbing). */
  height: 700 | 630;
  className?: string;
}) {
  const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";
  return (
    <div className={className}>
      <p className="mb-4 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-slate-700">
        <a
          href={siteConfig.schedulingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(linkClass, "inline-flex items-center gap-1")}
        >
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
      <div
        className="group relative box-content overflow-hidden rounded-xl border border-slate-200 bg-brand-50 bg-[radial-gradient(var(--color-brand-600)_1px,transparent_1px)] [background-size:20px_20px]"
        style={{ height }}
        data-booking-calendar=""
        data-frame-src={siteConfig.schedulingUrl}
        data-frame-title={title}
        data-frame-height={height}
      >
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center text-brand-900 group-data-[state=shown]:hidden"
          data-booking-card=""
        >
          <CalendarDays className="h-10 w-10" aria-hidden="true" />
          <p className="rounded-md bg-white/90 px-3 py-1 text-lg font-semibold">Book a free 30-minute call</p>
          <p className="max-w-sm rounded-md bg-white/90 px-3 py-1 text-slate-700">
            Pick a time in our booking calendar, or use the booking page or the phone above.
          </p>
          {/* Shown by the script: without it there is no calendar to show, and the links above do the job. */}
          <button type="button" hidden className={buttonVariants({ size: "lg" })} data-booking-show="">
            Show the booking calendar
          </button>
          <div
            role="status"
            className="max-w-sm rounded-md bg-white/90 px-3 py-1 font-semibold empty:hidden"
            data-booking-status=""
          ></div>
          {/* What the status says when the calendar cannot load (the script copies it in): in words, with the
              two ways around it, so a visitor never has to work out what a blank or broken box means. */}
          <template data-booking-failure="">
            <p>The booking calendar could not load.</p>
            <p className="mt-1 font-normal text-slate-800">
              Book on{" "}
              <a href={siteConfig.schedulingUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                our booking page<span className="sr-only"> (opens in a new tab)</span>
              </a>{" "}
              or call{" "}
              <a href={siteConfig.phoneHref} className={cn(linkClass, "whitespace-nowrap")}>
                {siteConfig.phone}
              </a>{" "}
              ({siteConfig.hours}).
            </p>
          </template>
        </div>
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
