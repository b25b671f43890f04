import type { ReactNode } from "react";
import { siteConfig } from "../config/site.ts";
import { cn } from "../lib/utils.ts";
import { Section, SectionHeader } from "./sections.tsx";

/**
 * The third-party booking widget (30-minute consultation) in an iframe of the spec's height. Below the
 * fold its address waits in data-src until the page has loaded (scripts/deferred-frames.ts): the widget
 * never competes with the page's first paint, then the browser's lazy loading decides as before
 * (docs/decisions/022).
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
  return (
    <iframe
      {...(belowTheFold ? { "data-src": siteConfig.schedulingUrl } : { src: siteConfig.schedulingUrl })}
      title={title}
      height={height}
      width="100%"
      loading={belowTheFold ? "lazy" : "eager"}
      className={cn("w-full rounded-xl border border-slate-200 bg-white", className)}
      style={{ height }}
    />
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
