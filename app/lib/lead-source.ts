import "./zod-without-eval.ts";
import { leadSourceFields, type LeadSource } from "../../contract/fields.ts";
import { VISIT_SOURCE_KEY } from "./visit-source.ts";

// Where a lead came from: UTM parameters and the external referrer of the visit's landing page,
// kept in sessionStorage for the visit, plus the page and form of the submission. Every value goes
// through the contract's lead-source rule (control characters removed, cut to size), so a visit that
// lands on ?utm_source=%00 can never make a form fail.

function storedVisitSource(): unknown {
  try {
    return JSON.parse(sessionStorage.getItem(VISIT_SOURCE_KEY) ?? "{}");
  } catch {
    return {};
  }
}

/**
 * The optional source fields of a submission, cleaned; absent or empty values are left out. `stored`
 * is whatever sessionStorage held (an older page or another script may have put anything there).
 */
export function leadSourcePayload(
  stored: unknown,
  pagePath: string,
  formName: string,
): Partial<Record<keyof LeadSource, string>> {
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
