import { cn } from "../../lib/utils.ts";

// Class strings the admin's screens share. A module of their own, so that a component the frame renders
// (owner-reach-banner.tsx) can use them without importing the frame: an import cycle.

export const focusRing =
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
export const linkClass = cn(
  "rounded-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900",
  focusRing,
);
export const selectClass = cn(
  "h-10 rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 disabled:opacity-60",
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
);

/** A small bordered button that is still 44 px tall for a thumb (the team's pages: Deactivate, Sign out, Copy). */
export const smallButtonClass = cn(
  "min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60",
  focusRing,
);
