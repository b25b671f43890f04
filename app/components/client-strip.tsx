import { CLIENT_STRIP_NAMES, clientNameIndex, visibleClientNames } from "../lib/client-strip.ts";
import { ClientWordmark } from "./client-wordmark.tsx";

// The home page's strip of sample client names, as static HTML showing names 0..4;
// app/scripts/client-strip.ts advances the window in the browser and wires the pause button (WCAG 2.2.2:
// moving content that lasts over 5 s can be paused). The button stays invisible, but keeps its place, until
// the script runs: without the script nothing moves and there is nothing to pause.
// On phones the five names sit two to a row (the fifth across both), in boxes tall enough for two lines,
// so a rotation never changes the strip's height. Each name is its wordmark (client-wordmark.tsx, issue 39
// §5); the ten wait in a <template> for the script to show.

export function ClientStrip({ className }: { className?: string }) {
  return (
    <div className={className}>
      <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-2">
        <p className="text-center text-sm font-bold uppercase tracking-wider text-slate-700">
          Trusted by local service businesses like
        </p>
        <button
          type="button"
          data-client-strip-pause=""
          aria-pressed="false"
          className="invisible inline-flex min-h-9 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-900"
        >
          <svg
            width="14"
            height="14"
            viewBox="0 0 24 24"
            fill="currentColor"
            aria-hidden="true"
            className="h-3.5 w-3.5 shrink-0"
          >
            <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
          </svg>
          Pause<span className="sr-only"> the client names</span>
        </button>
      </div>
      <ul
        data-testid="client-strip"
        data-client-strip=""
        aria-label="Some of the local businesses we work with"
        aria-live="off"
        className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-5 [&>:last-child]:col-span-2 lg:[&>:last-child]:col-span-1"
      >
        {visibleClientNames(0).map((name) => (
          <li
            key={name}
            className="flex min-h-16 items-center justify-center rounded-lg border border-slate-200 bg-white px-3 py-2"
          >
            <ClientWordmark name={name} index={clientNameIndex(name)} />
          </li>
        ))}
      </ul>
      <template data-client-marks="">
        {CLIENT_STRIP_NAMES.map((name, index) => (
          <ClientWordmark key={name} name={name} index={index} />
        ))}
      </template>
    </div>
  );
}
