import type { LeadSource } from "../../contract/fields.ts";
import { clickIdOf } from "../../contract/lead-channels.ts";
import { cleanSourceText, leadSourceLimits } from "../../contract/text.ts";

// Where a visit came from: UTM parameters, the click id's name and the external referrer of the visit's
// landing page, and that page's path, kept in sessionStorage for the visit (app/lib/lead-source.ts adds
// them to a form's payload). Runs on every page load, so it uses the contract's zod-free rules only.

export const VISIT_SOURCE_KEY = "lead-source";
const UTM_KEYS = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmTerm: "utm_term",
  utmContent: "utm_content",
} as const;

export type VisitSource = Omit<LeadSource, "pagePath" | "formName">;

const clean = (value: string | null, max: number) => (value === null ? null : (cleanSourceText(value, max) ?? null));

/** The landing page's UTM parameters and an external referrer (ours is not a source). */
export function visitSourceFrom(url: URL, referrer: string): VisitSource {
  const source = {} as VisitSource;
  for (const [field, param] of Object.entries(UTM_KEYS) as [keyof typeof UTM_KEYS, string][]) {
    source[field] = clean(url.searchParams.get(param), leadSourceLimits[field]);
  }
  let external: string | null = null;
  try {
    if (referrer && new URL(referrer).origin !== url.origin) external = referrer;
  } catch {
    external = null;
  }
  source.referrer = clean(external, leadSourceLimits.referrer);
  // The page the visit started on, and the ad click's id parameter by its name only (issue 24).
  source.landingPath = clean(url.pathname, leadSourceLimits.landingPath);
  source.clickId = clickIdOf(url.searchParams);
  return source;
}

/** Records the visit's source once, on the first page of the visit. */
export function captureVisitSource(): void {
  try {
    if (sessionStorage.getItem(VISIT_SOURCE_KEY) !== null) return;
    sessionStorage.setItem(
      VISIT_SOURCE_KEY,
      JSON.stringify(visitSourceFrom(new URL(window.location.href), document.referrer)),
    );
  } catch {
    // Storage can be off (privacy modes); the lead is still sent, without its source.
  }
}
