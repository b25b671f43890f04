import { visibleClientNames } from "../lib/client-strip.ts";

// The home page's strip of sample client names, as static HTML showing names 0..4;
// app/scripts/client-strip.ts advances the window in the browser.

export function ClientStrip({ className }: { className?: string }) {
  return (
    <div className={className}>
      <p className="text-center text-sm font-bold uppercase tracking-wider text-slate-700">Trusted by local service businesses like</p>
      <ul
        data-testid="client-strip"
        data-client-strip=""
        aria-label="Some of the local businesses we work with"
        aria-live="off"
        className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      >
        {visibleClientNames(0).map((name) => (
          <li key={name} className="flex min-h-14 items-center justify-center rounded-lg border border-slate-200 bg-white px-3 py-2 text-center text-base font-semibold text-slate-800">
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}
