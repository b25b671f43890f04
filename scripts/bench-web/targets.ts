import { thirdPartyOrigins } from "../../server/lib/content-security-policy.ts";

// What bench:web holds the pages to, and what its Lighthouse runs block. No options here (options.ts
// reads the command line), so the rules can be tested on their own.

/** Issue 22's targets, Lighthouse mobile, median of 3, with the analytics ID set; issue 39 point 6 holds
 * every Lighthouse version measured to them and fails the run on the first two (missedTargets). */
export const TARGETS = { performance: 100, lcpMs: 1000, cls: 0.01, tbtMs: 50 };

/** The figures the run fails on, per route: the medians of one Lighthouse version. */
export type RouteScores = { performance: number; lcpMs: number };

/** What fails the run (issue 39 point 6): any route over 1.0 s of LCP or under 100, with any version. */
export function missedTargets(lighthouse: Array<{ version: string; scores: Map<string, RouteScores> }>): string[] {
  const missed: string[] = [];
  for (const { version, scores } of lighthouse)
    for (const [path, s] of scores) {
      if (!(s.lcpMs <= TARGETS.lcpMs)) missed.push(`${version} ${path} LCP ${Math.round(s.lcpMs)} ms`);
      if (!(s.performance >= TARGETS.performance)) missed.push(`${version} ${path} performance ${s.performance}`);
    }
  return missed;
}

/** The analytics hosts (their script is added after the load: no page's markup names them). */
const ANALYTICS_PATTERNS = [
  "*://*.googletagmanager.com/*",
  "*://*.google-analytics.com/*",
  "*://*.analytics.google.com/*",
];

/**
 * What Lighthouse's Chromium refuses on a page (`blockedUrlPatterns`), as a visitor's blocker or a refused
 * host would: the analytics hosts, and every script or frame host its markup names (the booking host).
 * Image hosts are content: the stock-photo stand-in answers them (stock-photos.ts).
 */
export function blockedUrlPatterns(html: string | undefined): string[] {
  const named = html === undefined ? { script: [], frame: [] } : thirdPartyOrigins(html);
  return [...ANALYTICS_PATTERNS, ...[...named.script, ...named.frame].map((origin) => `${origin}/*`)];
}
