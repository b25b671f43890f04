import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { cn } from "../../lib/utils.ts";
import { sourcesReportQuery, speedReportQuery } from "../api/reports.ts";
import { linkClass } from "./admin-classes.ts";
import { ComparedFigure } from "./compared-figure.tsx";
import { formatMinutes, formatRate } from "./report-format.ts";

// The dashboard's compact row of the owner's numbers (issue 24): this week so far against the same days
// of last week, with a link into the report. It loads on its own: the dashboard never waits for it.

const thisWeek = { period: "week" } as const;

function Figure(props: { label: string; value: string; before: string }) {
  return <ComparedFigure {...props} beforeLabel="Last week" />;
}

export function WeekInNumbers() {
  const sources = useQuery(sourcesReportQuery(thisWeek, "channel"));
  const speed = useQuery(speedReportQuery(thisWeek));
  const totals = sources.data?.totals;
  return (
    <section className="mt-10 rounded-lg border border-slate-200 p-4 sm:p-6" aria-labelledby="week-in-numbers">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="week-in-numbers" className="text-xl font-semibold text-slate-900">
          This week vs last week
        </h2>
        <Link to="/admin/reports?period=week" className={cn(linkClass, "text-sm")}>
          Open the reports
        </Link>
      </div>
      {sources.isError || speed.isError ? (
        <p className="mt-3 text-slate-800">The numbers could not be loaded. Try again in a moment.</p>
      ) : !totals || !speed.data ? (
        <p className="mt-3 text-slate-700">Loading...</p>
      ) : (
        <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-5">
          <Figure label="Leads" value={String(totals.current.leads)} before={String(totals.previous.leads)} />
          <Figure label="People" value={String(totals.current.people)} before={String(totals.previous.people)} />
          <Figure
            label="Conversion"
            value={formatRate(totals.current.conversionRate)}
            before={formatRate(totals.previous.conversionRate)}
          />
          <Figure
            label="Median time to answer"
            value={formatMinutes(speed.data.current.medianMinutes)}
            before={formatMinutes(speed.data.previous.medianMinutes)}
          />
          <Figure
            label="Answered in time"
            value={formatRate(speed.data.current.shareWithinPromise)}
            before={formatRate(speed.data.previous.shareWithinPromise)}
          />
        </dl>
      )}
    </section>
  );
}
