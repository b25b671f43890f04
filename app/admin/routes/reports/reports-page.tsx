import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import {
  MAX_REPORT_DAYS,
  daysIn,
  reportDimensionLabels,
  reportDimensions,
  reportPeriodLabels,
  type ReportDimension,
  type ReportPeriodName,
  type SpeedFigures,
  type SpeedReport,
} from "../../../../contract/reports.ts";
import { cn } from "../../../lib/utils.ts";
import { reportCsvHref, sourcesReportQuery, speedReportQuery, type PeriodChoice } from "../../api/reports.ts";
import { focusRing, linkClass, selectClass, smallButtonClass } from "../../components/admin-classes.ts";
import { ComparedFigure } from "../../components/compared-figure.tsx";
import { Loading, usePageTitle } from "../../components/admin-shell.tsx";
import { formatDay, formatMinutes, formatRate } from "../../components/report-format.ts";
import { ReportCharts } from "./report-charts.tsx";
import { ReportTable, type ReportColumn } from "./report-table.tsx";
import { SourcesTables } from "./sources-tables.tsx";

// The owner's numbers (/admin/reports, issue 24): where the period's leads came from (channel, campaign,
// landing page, form or week) against the period before, with conversion rates where page views say
// something, and speed to lead. The period and the grouping live in the address, so a report can be
// bookmarked and shared; every table downloads as CSV. Issue 38: charts at a glance (report-charts.tsx),
// what the leads bring (clients, value, cost: sources-tables.tsx), and every count opens its leads.

/** The periods offered by name (the dashboard's "this week" is one of them). */
const namedPeriods: ReportPeriodName[] = ["7d", "30d", "90d", "month", "week"];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The period the address asks for: a name, two dates, or the last 30 days. */
function periodFromParams(params: URLSearchParams): PeriodChoice {
  const from = params.get("from");
  const to = params.get("to");
  if (from && to && ISO_DATE.test(from) && ISO_DATE.test(to) && from <= to) return { from, to };
  const name = params.get("period");
  return { period: namedPeriods.includes(name as ReportPeriodName) ? (name as ReportPeriodName) : "30d" };
}

export function ReportsPage() {
  usePageTitle("Reports | Admin");
  const [params, setParams] = useSearchParams();
  const choice = periodFromParams(params);
  const byParam = params.get("by");
  const by = reportDimensions.includes(byParam as ReportDimension) ? (byParam as ReportDimension) : "channel";
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Reports</h1>
      <p className="mt-2 max-w-3xl text-slate-800">
        Where leads and clients come from, what they cost and bring, which pages turn visitors into leads, and how fast
        the team answers. Spam is left out; a person who sent several forms is counted once under People. Every count
        opens its leads.
      </p>
      <PeriodPicker
        choice={choice}
        onChange={(next) =>
          update(
            "period" in next
              ? { period: next.period, from: null, to: null }
              : { period: null, from: next.from, to: next.to },
          )
        }
      />
      <ReportCharts choice={choice} />
      <SourcesSection choice={choice} by={by} onBy={(next) => update({ by: next })} />
      <SpeedSection choice={choice} />
    </>
  );
}

function PeriodPicker({ choice, onChange }: { choice: PeriodChoice; onChange: (choice: PeriodChoice) => void }) {
  const [custom, setCustom] = useState("from" in choice);
  const [from, setFrom] = useState("from" in choice ? choice.from : "");
  const [to, setTo] = useState("from" in choice ? choice.to : "");
  const [error, setError] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!ISO_DATE.test(from) || !ISO_DATE.test(to)) return setError("Choose both dates.");
    if (from > to) return setError("The first day must not be after the last.");
    if (daysIn(from, to) > MAX_REPORT_DAYS) return setError(`Choose at most ${MAX_REPORT_DAYS} days.`);
    setError(null);
    onChange({ from, to });
  };
  return (
    <form className="mt-6 flex flex-wrap items-end gap-4" onSubmit={apply}>
      <label className="flex flex-col text-sm font-semibold text-slate-900">
        Period
        <select
          className={cn(selectClass, "mt-1")}
          value={custom ? "custom" : "period" in choice ? choice.period : "30d"}
          onChange={(event) => {
            const value = event.target.value;
            if (value === "custom") return setCustom(true);
            setCustom(false);
            onChange({ period: value as ReportPeriodName });
          }}
        >
          {namedPeriods.map((name) => (
            <option key={name} value={name}>
              {reportPeriodLabels[name]}
            </option>
          ))}
          <option value="custom">Custom dates</option>
        </select>
      </label>
      {custom && (
        <>
          <label className="flex flex-col text-sm font-semibold text-slate-900">
            First day
            <input
              type="date"
              className={cn(selectClass, "mt-1")}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              aria-describedby={error ? "period-error" : undefined}
            />
          </label>
          <label className="flex flex-col text-sm font-semibold text-slate-900">
            Last day
            <input
              type="date"
              className={cn(selectClass, "mt-1")}
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-describedby={error ? "period-error" : undefined}
            />
          </label>
          <button type="submit" className={smallButtonClass}>
            Show
          </button>
        </>
      )}
      {error && (
        <p id="period-error" role="alert" className="w-full text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </form>
  );
}

function PeriodLine({
  report,
}: {
  report: { from: string; to: string; timeZone: string; previousPeriod: { from: string; to: string } };
}) {
  return (
    <p className="mt-1 text-sm text-slate-700">
      {formatDay(report.from)} to {formatDay(report.to)}, against {formatDay(report.previousPeriod.from)} to{" "}
      {formatDay(report.previousPeriod.to)} ({report.timeZone}).
    </p>
  );
}

function SourcesSection({
  choice,
  by,
  onBy,
}: {
  choice: PeriodChoice;
  by: ReportDimension;
  onBy: (by: ReportDimension) => void;
}) {
  const report = useQuery(sourcesReportQuery(choice, by));
  return (
    <section aria-labelledby="sources-heading" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="sources-heading" className="text-xl font-bold text-slate-900">
            Where leads come from
          </h2>
          {report.data && <PeriodLine report={report.data} />}
        </div>
        <a href={reportCsvHref("sources", choice, by)} className={cn(linkClass, "text-sm")} download>
          Download CSV
        </a>
      </div>
      <div role="group" aria-label="Group leads by" className="mt-4 flex flex-wrap gap-2">
        {reportDimensions.map((dimension) => (
          <button
            key={dimension}
            type="button"
            aria-pressed={dimension === by}
            onClick={() => onBy(dimension)}
            className={cn(
              "min-h-11 rounded-md border px-3 py-2 text-sm font-semibold",
              dimension === by
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-slate-400 bg-white text-slate-900 hover:bg-slate-100",
              focusRing,
            )}
          >
            {reportDimensionLabels[dimension]}
          </button>
        ))}
      </div>
      {report.isLoading ? (
        <Loading />
      ) : report.isError ? (
        <p className="mt-4 text-red-800">The report could not be loaded. Try again in a moment.</p>
      ) : (
        report.data && <SourcesTables report={report.data} />
      )}
    </section>
  );
}

function SpeedTile(props: { label: string; value: string; before: string }) {
  return <ComparedFigure {...props} beforeLabel="Before" boxed />;
}

/** The three figures of speed to lead. */
function SpeedTiles({ current, previous }: { current: SpeedFigures; previous: SpeedFigures }) {
  return (
    <dl className="mt-4 grid gap-4 sm:grid-cols-3">
      <SpeedTile
        label="Median time to answer"
        value={formatMinutes(current.medianMinutes)}
        before={formatMinutes(previous.medianMinutes)}
      />
      <SpeedTile
        label="90% answered within"
        value={formatMinutes(current.p90Minutes)}
        before={formatMinutes(previous.p90Minutes)}
      />
      <SpeedTile
        label="Answered within the promise"
        value={formatRate(current.shareWithinPromise)}
        before={formatRate(previous.shareWithinPromise)}
      />
    </dl>
  );
}

type SpeedRow = SpeedFigures & { key: string; label: string };

/** A speed table's columns (by week, by who answered); the 90th percentile from a small tablet on. */
const speedColumns: ReportColumn<SpeedRow>[] = [
  { label: "Leads", cell: (row) => row.leads },
  { label: "Median", cell: (row) => formatMinutes(row.medianMinutes) },
  { label: "90th percentile", className: "hidden sm:table-cell", cell: (row) => formatMinutes(row.p90Minutes) },
  { label: "In time", cell: (row) => formatRate(row.shareWithinPromise) },
];

function SpeedSection({ choice }: { choice: PeriodChoice }) {
  const report = useQuery(speedReportQuery(choice));
  return (
    <section aria-labelledby="speed-heading" className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="speed-heading" className="text-xl font-bold text-slate-900">
            Speed to lead
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">
            From a lead&apos;s arrival to its first answer (its status first set to Contacted or further). The promise
            is 24 hours, or 4 hours on the home services and law firm pages.
          </p>
        </div>
        <a href={reportCsvHref("speed", choice)} className={cn(linkClass, "text-sm")} download>
          Download CSV
        </a>
      </div>
      {report.isLoading ? (
        <Loading />
      ) : report.isError ? (
        <p className="mt-4 text-red-800">The report could not be loaded. Try again in a moment.</p>
      ) : (
        report.data && <SpeedDetails report={report.data} />
      )}
    </section>
  );
}

function SpeedDetails({ report }: { report: SpeedReport }) {
  const { current } = report;
  return (
    <>
      <SpeedTiles current={current} previous={report.previous} />
      <p className="mt-3 text-sm text-slate-800">
        {current.answered} of {current.leads} leads answered; {current.withinPromise} of the {current.due} due were
        answered within the promise.
      </p>
      <ReportTable
        caption="By week"
        first="Week"
        columns={speedColumns}
        rows={report.byWeek.map((week) => ({
          ...week,
          key: week.weekStart,
          label: `Week of ${formatDay(week.weekStart)}`,
        }))}
      />
      {report.byAssignee.length > 0 && (
        <ReportTable
          caption="By who answered first (a lead not answered yet: whoever holds it)"
          first="Answered by"
          columns={speedColumns}
          rows={report.byAssignee.map((row) => ({ ...row, key: row.assigneeId ?? "none", label: row.name }))}
        />
      )}
    </>
  );
}
