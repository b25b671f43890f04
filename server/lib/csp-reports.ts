import { z } from "zod";
import { InputValidationError } from "./request-errors.ts";

// The two shapes in which browsers report a Content-Security-Policy violation, read down to what is
// counted (docs/decisions/033-csp-reports.md): the page's path (no query string: it may carry personal
// data), the directive, and the blocked source as an origin or a keyword, each of bounded length.

/** What one report is counted under (the day is the server's). */
export type CspViolationKey = { pagePath: string; directive: string; blocked: string };

export const MAX_PAGE_PATH_LENGTH = 200;
const MAX_URL_LENGTH = 2048;
/** A Reporting API batch holds at most this many reports (Chromium sends far fewer per page). */
export const MAX_REPORTS_PER_BATCH = 100;

/** A directive's name (`style-src-elem`); violated-directive may carry its sources after it, ignored. */
const directive = z
  .string()
  .max(200)
  .transform((value) => value.trim().split(/\s+/)[0]!.toLowerCase())
  .pipe(z.string().regex(/^[a-z][a-z-]{0,39}$/, "is not a directive's name"));

const url = z.string().max(MAX_URL_LENGTH);

/** report-uri: `Content-Type: application/csp-report`, `{"csp-report": {...}}` (Firefox, Safari). */
const reportUriBody = z.object({
  "csp-report": z
    .object({
      "document-uri": url,
      "effective-directive": directive.optional(),
      "violated-directive": directive.optional(),
      "blocked-uri": url.optional(),
    })
    .refine((report) => Boolean(report["effective-directive"] ?? report["violated-directive"]), {
      message: "names no directive",
    }),
});

/** report-to: `Content-Type: application/reports+json`, a batch of reports of any type (Chromium). */
const reportToBody = z
  .array(z.object({ type: z.string().max(100), body: z.unknown() }))
  .min(1)
  .max(MAX_REPORTS_PER_BATCH, `holds more than ${MAX_REPORTS_PER_BATCH} reports`);

const cspViolationBody = z.object({ documentURL: url, effectiveDirective: directive, blockedURL: url.optional() });

/** Keywords browsers report instead of a URL (inline, eval, wasm-eval, trusted-types-sink …). */
const KEYWORD = /^[a-z][a-z-]{0,39}$/;

/** The page's path without query or fragment; a document that is no web page (about:srcdoc) by its URL. */
function pagePathOf(documentUrl: string): string | null {
  if (!URL.canParse(documentUrl)) return null;
  const parsed = new URL(documentUrl);
  const path =
    parsed.protocol === "http:" || parsed.protocol === "https:"
      ? parsed.pathname
      : `${parsed.protocol}${parsed.pathname}`;
  return path.slice(0, MAX_PAGE_PATH_LENGTH);
}

/**
 * What was blocked: a web URL's origin (its path may carry personal data and would make every report a
 * row of its own), another URL's scheme (data, blob, chrome-extension), or the browser's keyword. An
 * empty value is what browsers before CSP 3 sent for inline code.
 */
export function blockedSource(value: string | undefined): string | null {
  const trimmed = (value ?? "").trim();
  if (trimmed === "") return "inline";
  if (KEYWORD.test(trimmed)) return trimmed;
  if (!URL.canParse(trimmed)) return null;
  const parsed = new URL(trimmed);
  const scheme = parsed.protocol.slice(0, -1);
  if (["http", "https", "ws", "wss"].includes(scheme)) return parsed.origin.slice(0, MAX_PAGE_PATH_LENGTH);
  return KEYWORD.test(scheme) ? scheme : null;
}

function key(
  documentUrl: string,
  directiveName: string,
  blockedUrl: string | undefined,
  field: string,
): CspViolationKey {
  const pagePath = pagePathOf(documentUrl);
  if (pagePath === null)
    throw new InputValidationError("The report is malformed.", { [field]: "the document's URL is not a URL" });
  const blocked = blockedSource(blockedUrl);
  if (blocked === null)
    throw new InputValidationError("The report is malformed.", {
      [field]: "the blocked URL is neither a URL nor a keyword",
    });
  return { pagePath, directive: directiveName, blocked };
}

/** The schema's first complaint as the API's 400 (contract/api-error.ts). */
function malformed(error: z.ZodError, prefix: string): InputValidationError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues)
    errors[[prefix, ...issue.path].filter((part) => part !== "").join(".") || "body"] ??= issue.message;
  return new InputValidationError("The report is malformed.", errors);
}

/**
 * The violations in a report body as browsers send it, already parsed from JSON: one for report-uri,
 * one per `csp-violation` of a Reporting API batch (other types, such as deprecation, are skipped).
 * Throws InputValidationError (400) for anything else.
 */
export function parseCspReports(body: unknown): CspViolationKey[] {
  if (Array.isArray(body)) {
    const batch = reportToBody.safeParse(body);
    if (!batch.success) throw malformed(batch.error, "");
    return batch.data.flatMap((report, index) => {
      if (report.type !== "csp-violation") return [];
      const violation = cspViolationBody.safeParse(report.body);
      if (!violation.success) throw malformed(violation.error, `${index}.body`);
      const { documentURL, effectiveDirective, blockedURL } = violation.data;
      return [key(documentURL, effectiveDirective, blockedURL, `${index}.body`)];
    });
  }
  const single = reportUriBody.safeParse(body);
  if (!single.success) throw malformed(single.error, "");
  const report = single.data["csp-report"];
  return [
    key(
      report["document-uri"],
      (report["effective-directive"] ?? report["violated-directive"])!,
      report["blocked-uri"],
      "csp-report",
    ),
  ];
}
