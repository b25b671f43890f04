import { siteConfig } from "../config/site.ts";
import { cn } from "../lib/utils.ts";

/** The third-party booking widget (30-minute consultation) in an iframe of the spec's height. */
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
      src={siteConfig.schedulingUrl}
      title={title}
      height={height}
      width="100%"
      loading={belowTheFold ? "lazy" : "eager"}
      className={cn("w-full rounded-xl border border-slate-200 bg-white", className)}
      style={{ height }}
    />
  );
}
