import { clsx } from "clsx";
import type { ReactNode } from "react";

// The "system" of the industry, trade and audit pages drawn as a diagram: numbered stages joined by
// arrows (left to right on wide screens, top to bottom on phones), the last stage, the payoff, in the
// signal color. Static markup and CSS only. One column per stage, so no grid cell is ever left empty.

const columnsByCount: Record<number, string> = { 1: "", 2: "lg:grid-cols-2", 3: "lg:grid-cols-3", 4: "lg:grid-cols-4" };

function Arrow() {
  return (
    <svg
      viewBox="0 0 12 12"
      width="12"
      height="12"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="absolute -bottom-1.5 -left-[5px] rotate-90 lg:-right-1 lg:bottom-auto lg:left-auto lg:-top-[5px] lg:rotate-0"
    >
      <path d="m4 2 4 4-4 4" />
    </svg>
  );
}

export function SystemDiagram({
  steps,
  className,
}: {
  steps: { title: string; text: ReactNode }[];
  className?: string;
}) {
  return (
    <ol
      className={clsx(
        "mx-auto mt-12 grid max-w-5xl gap-10 lg:gap-8",
        columnsByCount[steps.length] ?? "lg:grid-cols-3",
        className,
      )}
    >
      {steps.map((step, index) => {
        const payoff = index === steps.length - 1;
        return (
          <li key={step.title} className="relative min-h-14 pl-20 lg:pl-0 lg:text-center">
            {!payoff && (
              // The connector to the next stage: from below this badge to the next one (phones), or from its right to the next one (wide).
              <span
                aria-hidden="true"
                className="absolute -bottom-8 left-[27px] top-16 w-0.5 rounded-full bg-brand-300 text-brand-400 lg:bottom-auto lg:left-[calc(50%+2.5rem)] lg:top-7 lg:h-0.5 lg:w-[calc(100%-3rem)]"
              >
                <Arrow />
              </span>
            )}
            <span
              aria-hidden="true"
              className={clsx(
                "absolute left-0 top-0 flex h-14 w-14 items-center justify-center rounded-2xl text-xl font-extrabold shadow-md lg:relative lg:mx-auto",
                payoff ? "bg-signal-400 text-brand-900" : "bg-brand-700 text-white",
              )}
            >
              {String(index + 1).padStart(2, "0")}
            </span>
            <h3 className="pt-3 text-xl font-bold lg:pt-0 lg:mt-6">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-slate-700 lg:mx-auto lg:max-w-xs">{step.text}</p>
          </li>
        );
      })}
    </ol>
  );
}
