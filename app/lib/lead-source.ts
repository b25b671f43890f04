import type { LeadSource } from "../../contract/fields.ts";

// Where a lead came from: UTM parameters and the external referrer of the visit's landing page,
// kept in sessionStorage for the visit, plus the page and form of the submission.

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
    source[field] = url.searchParams.get(param) || null;
  }
  let external: string | null = null;
  try {
    if (referrer && new URL(referrer).origin !== url.origin) external = referrer;
  } catch {
    external = null;
  }
  source.referrer = external;
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

function storedVisitSource(): Partial<VisitSource> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Partial<VisitSource>;
  } catch {
    return {};
  }
}

/** The optional source fields of a submission; absent values are left out. */
export function leadSourceFor(formName: string): Partial<Record<keyof LeadSource, string>> {
  const all: Record<string, string | null | undefined> = {
    ...storedVisitSource(),
    pagePath: window.location.pathname,
    formName,
  };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
