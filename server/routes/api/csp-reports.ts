import type { FastifyError, FastifyInstance } from "fastify";
import {
  CSP_REPORT_PATH,
  CSP_VIOLATION_DAYS,
  CSP_VIOLATIONS_ADMIN_PATH,
  CSP_VIOLATION_LIST_MAX,
  type CspViolationList,
} from "../../../contract/csp-reports.ts";
import { parseCspReports } from "../../lib/csp-reports.ts";
import { InputValidationError } from "../../lib/request-errors.ts";
import type { CrossSiteConfig } from "../../plugins/app/origin-check.ts";
import { utcDay } from "../../repositories/csp-violations-repository.ts";
import { cspReportRateLimit } from "./rate-limits.ts";

// Content-Security-Policy reports (contract/csp-reports.ts, docs/decisions/033-csp-reports.md): every
// page's policy names this endpoint, and the owner sees the counts beside the delivery health.

/** A report is about 1 KB (most of it the policy, repeated); a Reporting API batch holds a few. */
export const CSP_REPORT_BODY_LIMIT_BYTES = 16 * 1024;

/** report-uri's type (Firefox, Safari), the Reporting API's (Chromium), and plain JSON (older browsers). */
const REPORT_TYPES = ["application/csp-report", "application/reports+json"];
const DAY_MS = 24 * 60 * 60 * 1000;

export default async function cspReportRoutes(app: FastifyInstance) {
  const { cspViolations } = app.repositories;

  // This plugin is encapsulated: the parsers and error messages below apply to its routes only.
  app.addContentTypeParser(REPORT_TYPES, { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new InputValidationError("The report is not valid JSON.", { body: "is not JSON" }), undefined);
    }
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
      return reply.code(413).send({ message: `The report is larger than ${CSP_REPORT_BODY_LIMIT_BYTES / 1024} KB.` });
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply
        .code(415)
        .send({ message: `Send the report with Content-Type: ${[...REPORT_TYPES, "application/json"].join(", ")}.` });
    }
    // Everything else is answered as everywhere (app.ts). Fastify would send a thrown value that is not
    // an Error (the rate limit's 429 body) as a 200 payload instead of passing it on.
    throw error instanceof Error
      ? error
      : Object.assign(new Error(String((error as { message?: unknown }).message)), {
          statusCode: (error as { statusCode?: number }).statusCode,
        });
  });

  app.post(
    CSP_REPORT_PATH,
    {
      bodyLimit: CSP_REPORT_BODY_LIMIT_BYTES,
      // Browsers send reports without cookies, with Origin null or another origin: a report can do no
      // more than count, so the cross-site check (plugins/app/origin-check.ts) lets it through.
      config: { ...cspReportRateLimit(app.config), crossSite: "allow" } satisfies CrossSiteConfig,
    },
    async (request, reply) => {
      const violations = parseCspReports(request.body);
      if (violations.length > 0) await cspViolations.record(violations, app.clock());
      return reply.code(204).send();
    },
  );

  app.get(
    CSP_VIOLATIONS_ADMIN_PATH,
    { preHandler: app.adminSessions.requireOwner },
    async (_request, reply): Promise<CspViolationList> => {
      reply.header("cache-control", "no-store");
      const sinceDay = utcDay(new Date(app.clock().getTime() - (CSP_VIOLATION_DAYS - 1) * DAY_MS));
      const [items, total] = await Promise.all([
        cspViolations.since(sinceDay, CSP_VIOLATION_LIST_MAX),
        cspViolations.total(sinceDay),
      ]);
      return { days: CSP_VIOLATION_DAYS, items, total };
    },
  );
}
