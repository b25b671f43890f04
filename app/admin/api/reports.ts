import { queryOptions } from "@tanstack/react-query";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import type {
  RelatedLeads,
  ReportDimension,
  ReportPeriodName,
  SourcesReport,
  SpeedReport,
} from "../../../contract/reports.ts";
import { getJson } from "./request.ts";

// The owner's numbers (issue 24): GET /api/admin/reports/sources and /speed (JSON, or CSV by link), and
// GET /api/admin/leads/:kind/:id/related. A period is a name the server works out in the owner's
// calendar, or two dates.

export type PeriodChoice = { period: ReportPeriodName } | { from: string; to: string };

export function periodParams(choice: PeriodChoice): URLSearchParams {
  return new URLSearchParams("period" in choice ? { period: choice.period } : { from: choice.from, to: choice.to });
}

export function sourcesReportQuery(choice: PeriodChoice, by: ReportDimension) {
  const params = periodParams(choice);
  params.set("by", by);
  return queryOptions({
    queryKey: ["/api/admin/reports/sources", params.toString()],
    queryFn: () => getJson<SourcesReport>(`/api/admin/reports/sources?${params.toString()}`),
    // New leads change the numbers: read again whenever the page opens.
    staleTime: 0,
  });
}

export function speedReportQuery(choice: PeriodChoice) {
  const params = periodParams(choice);
  return queryOptions({
    queryKey: ["/api/admin/reports/speed", params.toString()],
    queryFn: () => getJson<SpeedReport>(`/api/admin/reports/speed?${params.toString()}`),
    staleTime: 0,
  });
}

/** The CSV download of a report's table (a link: the browser saves the file the server names). */
export function reportCsvHref(report: "sources" | "speed", choice: PeriodChoice, by?: ReportDimension): string {
  const params = periodParams(choice);
  if (by) params.set("by", by);
  params.set("format", "csv");
  return `/api/admin/reports/${report}?${params.toString()}`;
}

export function relatedLeadsQuery(kind: LeadKind, id: string) {
  return queryOptions({
    queryKey: ["/api/admin/leads", kind, id, "related"],
    queryFn: () => getJson<RelatedLeads>(`/api/admin/leads/${kind}/${id}/related`),
    staleTime: 0,
  });
}
