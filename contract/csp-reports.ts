// Content-Security-Policy violations (docs/decisions/033-csp-reports.md): every page asks the browser to
// report what its policy blocked, the server counts the reports per day, page, directive and blocked
// source, and the owner sees the last days' counts beside the delivery health.
//
//   POST /api/csp-reports                 the browsers' reports (report-uri and report-to)  -> 204
//   GET  /api/admin/csp-violations        the last CSP_VIOLATION_DAYS days' counts          -> CspViolationList

/** Where pages send their reports (the policy's report-uri and the Reporting-Endpoints header). */
export const CSP_REPORT_PATH = "/api/csp-reports";

/** The owner's list of counts. */
export const CSP_VIOLATIONS_ADMIN_PATH = "/api/admin/csp-violations";

/** The name of that endpoint in the policy's report-to and the Reporting-Endpoints header. */
export const CSP_REPORT_GROUP = "csp";

/** How many days the admin shows (today, UTC, included). */
export const CSP_VIOLATION_DAYS = 7;

/** At most this many rows in the admin's list (the newest). */
export const CSP_VIOLATION_LIST_MAX = 200;

export type CspViolation = {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** The page's path, without its query string. */
  pagePath: string;
  /** The directive that blocked it (style-src-elem, script-src-elem …). */
  directive: string;
  /** The blocked resource's origin, or a keyword: inline, eval, data, blob … */
  blocked: string;
  count: number;
  lastSeenAt: string;
};

export type CspViolationList = {
  days: number;
  items: CspViolation[];
  /** Every report counted in those days, also in rows beyond the list's limit. */
  total: number;
};
