import type { FastifyInstance, FastifyReply } from "fastify";
import {
  sourcesQuery,
  speedQuery,
  type SourceFigures,
  type SourcesReport,
  type SpeedFigures,
  type SpeedReport,
} from "../../../contract/reports.ts";
import { csvFile, csvLine } from "../../lib/csv.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { resolvePeriod } from "../../reports/periods.ts";
import { sourcesReport } from "../../reports/sources-report.ts";
import { speedReport, teamNamesFrom } from "../../reports/speed-report.ts";

// The owner's numbers (issue 24, contract/reports.ts): GET /api/admin/reports/sources and
// /api/admin/reports/speed, as JSON or, with format=csv, as the table the page shows. Every signed-in
// user may read them: the team answers the leads these numbers are about.

const percent = (rate: number | null) => (rate === null ? "" : `${(rate * 100).toFixed(1)}%`);

const amountCell = (amount: number | null) => (amount === null ? "" : amount.toFixed(2));
const ratioCell = (ratio: number | null) => (ratio === null ? "" : ratio.toFixed(2));

function sourcesCsv(report: SourcesReport): Buffer {
  // Empty cells where the page shows "—"; the headers say what each figure is (and the currency).
  const figureHeaders = (prefix: string) =>
    [
      "Leads",
      "People",
      "Views",
      "Conversion",
      "Qualified",
      "Won",
      `Won value (${report.currency})`,
      "Lead to client",
      `Spend (${report.currency})`,
      `Cost per lead (${report.currency})`,
      `Cost per client (${report.currency})`,
      "Return on spend",
    ].map((header) => (prefix ? `${prefix} ${header[0]!.toLowerCase()}${header.slice(1)}` : header));
  const cells = (f: SourceFigures | null) =>
    f
      ? [
          f.leads,
          f.people,
          f.views ?? "",
          percent(f.conversionRate),
          f.qualified,
          f.won,
          amountCell(f.wonValue),
          percent(f.clientRate),
          amountCell(f.spend),
          amountCell(f.costPerLead),
          amountCell(f.costPerClient),
          ratioCell(f.returnOnSpend),
        ]
      : figureHeaders("").map(() => "");
  return csvFile([
    csvLine([
      report.by === "week" ? "Week" : report.by[0]!.toUpperCase() + report.by.slice(1),
      ...figureHeaders(""),
      ...figureHeaders("Previous"),
    ]),
    ...report.rows.map((row) => csvLine([row.label, ...cells(row.current), ...cells(row.previous)])),
    csvLine(["Total", ...cells(report.totals.current), ...cells(report.totals.previous)]),
  ]);
}

function speedCsv(report: SpeedReport): Buffer {
  const cells = (f: SpeedFigures) => [
    f.leads,
    f.answered,
    f.medianMinutes ?? "",
    f.p90Minutes ?? "",
    f.due,
    f.withinPromise,
    percent(f.shareWithinPromise),
  ];
  return csvFile([
    csvLine([
      "Group",
      "Leads",
      "Answered",
      "Median minutes",
      "90th percentile minutes",
      "Due",
      "Within promise",
      "Share within promise",
    ]),
    csvLine([`${report.from} to ${report.to}`, ...cells(report.current)]),
    csvLine([`${report.previousPeriod.from} to ${report.previousPeriod.to}`, ...cells(report.previous)]),
    ...report.byWeek.map((week) => csvLine([`Week of ${week.weekStart}`, ...cells(week)])),
    ...report.byAssignee.map((row) => csvLine([row.name, ...cells(row)])),
  ]);
}

function sendCsv(reply: FastifyReply, name: string, file: Buffer) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}.csv"`)
    .send(file);
}

export default async function adminReportRoutes(app: FastifyInstance) {
  const { leads, pageViews, users, spend } = app.repositories;
  const timeZone = app.config.delivery.ownerTimeZone;
  app.addHook("preHandler", app.adminSessions.requireAdmin);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/api/admin/reports/sources", async (request, reply) => {
    const query = parseInput(sourcesQuery, request.query, "Invalid report parameters.");
    const report = await sourcesReport(leads, pageViews, spend, query.by, resolvePeriod(query, app.clock(), timeZone));
    if (query.format === "csv")
      return sendCsv(reply, `sources-by-${report.by}-${report.from}-to-${report.to}`, sourcesCsv(report));
    return report;
  });

  app.get("/api/admin/reports/speed", async (request, reply) => {
    const query = parseInput(speedQuery, request.query, "Invalid report parameters.");
    const now = app.clock();
    const active = teamNamesFrom(async () => (await users.list()).filter((user) => user.active));
    const report = await speedReport(leads, active, resolvePeriod(query, now, timeZone), now);
    if (query.format === "csv") return sendCsv(reply, `speed-to-lead-${report.from}-to-${report.to}`, speedCsv(report));
    return report;
  });
}
