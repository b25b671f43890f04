import { leadSourceFields, type LeadSource } from "../../contract/fields.ts";

// Where a lead came from: UTM parameters and the external referrer of the visit's landing page,
// kept in sessionStorage for the visit, plus the page and form of the submission. Every value goes
// through the contract's lead-source rule (control characters removed, cut to size), so a visit that
// lands on ?utm_source=%00 can never make a form fail.

const STORAGE_KEY = "lead-source";
const UTM_KEYS = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmTerm: "utm_term",
  utmContent: "utm_content",
} as const;

type VisitSource = Omit<LeadSource, "pagePath" | "formName">;

/** The landing page's UTM parameters and an external referrer (ours is not a source). */
export function visitSourceFrom(url: URL, referrer: string): VisitSource {
  const source = {} as VisitSource;
  for (const [field, param] of Object.entries(UTM_KEYS) as [keyof typeof UTM_KEYS, string][]) {
    source[field] = leadSourceFields[field].parse(url.searchParams.get(param)) ?? null;
  }
  let external: string | null = null;
  try {
    if (referrer && new URL(referrer).origin !== url.origin) external = referrer;
  } catch {
    external = null;
  }
  source.referrer = leadSourceFields.referrer.parse(external) ?? null;
  return source;
}

/** Records the visit's source once, on the first page of the visit. */
export function captureVisitSource(): void {
  try {
    if (sessionStorage.getItem(STORAGE_KEY) !== null) return;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(visitSourceFrom(new URL(window.location.href), document.referrer)));
  } catch {
    // Storage can be off (privacy modes); the lead is still sent, without its source.
  }
}

function storedVisitSource(): unknown {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}");
  } catch {
    return {};
  }
}

/**
 * The optional source fields of a submission, cleaned; absent or empty values are left out. `stored`
 * is whatever sessionStorage held (an older page or another script may have put anything there).
 */
export function leadSourcePayload(stored: unknown, pagePath: string, formName: string): Partial<Record<keyof LeadSource, string>> {
  const all: Record<string, unknown> = { ...(typeof stored === "object" ? stored : {}), pagePath, formName };
  const payload: Partial<Record<keyof LeadSource, string>> = {};
  for (const field of Object.keys(leadSourceFields) as (keyof LeadSource)[]) {
    const value = leadSourceFields[field].parse(all[field]);
    if (value !== undefined) payload[field] = value;
  }
  return payload;
}

/** The optional source fields of a submission from this page. */
export function leadSourceFor(formName: string): Partial<Record<keyof LeadSource, string>> {
  return leadSourcePayload(storedVisitSource(), window.location.pathname, formName);
}
