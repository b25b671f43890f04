import { useEffect, useState } from "react";

// SPEC §2 "Home", §4, §9: a strip of ten sample client names; a window of up to five names advances
// cyclically by one every 2 seconds. The names are fictional local businesses, shown as examples of
// the companies the agency serves. The rotation pauses while the tab is hidden and never runs for
// visitors who ask for reduced motion. The first render (the prerendered HTML) shows names 0..4.

export const CLIENT_STRIP_NAMES = [
  "Lone Star Plumbing & Drain",
  "Hill Country Heating & Air",
  "Bluebonnet Roofing Co.",
  "Pecan Street Electric",
  "Cedar Park Comfort HVAC",
  "Brazos Valley Roof Pros",
  "Round Rock Rooter & Repair",
  "Capitol City Windows & Doors",
  "Barton Creek Builders",
  "San Marcos Water Heater Pros",
] as const;

export const CLIENT_STRIP_INTERVAL_MS = 2000;
export const CLIENT_STRIP_VISIBLE = 5;

/** The names shown for a given window position: names[(index + k) % length] for k = 0..visible-1. */
export function visibleClientNames(index: number, names: readonly string[] = CLIENT_STRIP_NAMES, visible: number = CLIENT_STRIP_VISIBLE): string[] {
  const count = Math.min(visible, names.length);
  return Array.from({ length: count }, (_, k) => names[(index + k) % names.length] ?? "");
}

const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

export function ClientStrip({ className }: { className?: string }) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const motionQuery = typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION_QUERY) : null;
    let timer: number | undefined;

    const stop = () => {
      if (timer !== undefined) {
        window.clearInterval(timer);
        timer = undefined;
      }
    };
    const sync = () => {
      const shouldRun = document.visibilityState !== "hidden" && !(motionQuery?.matches ?? false);
      if (!shouldRun) {
        stop();
      } else if (timer === undefined) {
        timer = window.setInterval(() => setIndex((value) => (value + 1) % CLIENT_STRIP_NAMES.length), CLIENT_STRIP_INTERVAL_MS);
      }
    };

    sync();
    document.addEventListener("visibilitychange", sync);
    motionQuery?.addEventListener?.("change", sync);
    return () => {
      document.removeEventListener("visibilitychange", sync);
      motionQuery?.removeEventListener?.("change", sync);
      stop();
    };
  }, []);

  return (
    <div className={className}>
      <p className="text-center text-sm font-bold uppercase tracking-wider text-slate-700">Trusted by local service businesses like</p>
      <ul
        data-testid="client-strip"
        aria-label="Some of the local businesses we work with"
        aria-live="off"
        className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      >
        {visibleClientNames(index).map((name) => (
          <li key={name} className="flex min-h-14 items-center justify-center rounded-lg border border-slate-200 bg-white px-3 py-2 text-center text-base font-semibold text-slate-800">
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}
