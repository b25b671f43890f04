import { publicForms } from "../../contract/public-forms.ts";

// Label values of the metrics: every one from a closed list or a pattern we wrote, never what a client
// sent (a raw URL, a form name typed into the JSON API), so the number of series stays bounded and no
// personal data reaches Prometheus.

/** The route label of a request that matched no route (404s, and the admin app served for /admin/*). */
export const UNMATCHED_ROUTE = "unmatched";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : "OTHER";
}

/** The route's pattern (`/api/admin/leads/:kind/:id`), or UNMATCHED_ROUTE: never the path or its query. */
export function routeLabel(pattern: string | undefined, is404: boolean): string {
  return pattern === undefined || pattern === "" || is404 ? UNMATCHED_ROUTE : pattern;
}

/** 200 → "2xx": the histogram's label (its buckets multiply every label value; the counter keeps the exact code). */
export function statusClass(statusCode: number): string {
  return statusCode >= 100 && statusCode < 600 ? `${Math.floor(statusCode / 100)}xx` : "other";
}

/** A form of the site (contract/public-forms.ts) by its name; "none" when the lead named none, "other" for a name no page uses. */
export function formLabel(formName: string | null | undefined): string {
  if (formName === undefined || formName === null || formName === "") return "none";
  return publicForms.has(formName) ? formName : "other";
}
