import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/utils.ts";

// FAQ questions as native disclosures: <details>/<summary> open and close by mouse and keyboard with no
// script, and items sharing a `name` form an exclusive group (opening one closes the others).

export function Accordion({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className}>{children}</div>;
}

export function AccordionItem({
  group,
  question,
  children,
  className,
}: {
  group: string;
  question: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <details name={group} className={cn("group border-b border-slate-200", className)}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-semibold text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 [&::-webkit-details-marker]:hidden">
        <h3>{question}</h3>
        <ChevronDown className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="pb-4 text-slate-700">{children}</div>
    </details>
  );
}
