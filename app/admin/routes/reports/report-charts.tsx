import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { channelLabels, leadChannels, type LeadChannel } from "../../../../contract/lead-channels.ts";
import { MIN_VIEWS_FOR_RATE, type SourcesReport, type SpeedReport } from "../../../../contract/reports.ts";
import { sourcesReportQuery, speedReportQuery, type PeriodChoice } from "../../api/reports.ts";
import { linkClass } from "../../components/admin-classes.ts";
import { Loading } from "../../components/admin-shell.tsx";
import { ChartFigure } from "../../components/charts/chart-figure.tsx";
import { shortDay } from "../../components/charts/chart-geometry.ts";
import { channelStyles, type SeriesStyle } from "../../components/charts/chart-palette.ts";
import { FunnelChart, type FunnelStage } from "../../components/charts/funnel-chart.tsx";
import { StackedBarChart, type ChartSeries } from "../../components/charts/stacked-bar-chart.tsx";
import { formatCount } from "../../components/lead-format.ts";
import { formatDay, formatMinutes, formatRate } from "../../components/report-format.ts";
import { leadsHref, periodQuery } from "./report-links.ts";
import { ReportTable, type ReportColumn, type ReportRow } from "./report-table.tsx";

// The reports' charts at a glance (issue 38): leads and clients per week stacked by channel, speed to lead
// per week against the promise, and the funnel from views to clients. Each is hand-drawn SVG
// (components/charts/, admin only) with a Chart / Table switch: the table holds the same figures, and
// each count in it opens its leads.

/** A chart's table: compact, named by its figure (an sr-only caption), in the figure's spacing. */
const chartTable = { density: "chart", className: "mt-3" } as const;
/** A chart's table by week: a row a week, headed by its Monday. */
const weekTable = { ...chartTable, first: "Week of", rowHeadClassName: "whitespace-nowrap" } as const;
const weekRows = <T extends { weekStart: string }>(weeks: T[]) =>
  weeks.map((week) => ({ ...week, key: week.weekStart, label: formatDay(week.weekStart) }));

type Week = NonNullable<SourcesReport["rows"][number]> & { weekStart: string };

function weeksOf(report: SourcesReport): Week[] {
  return report.rows.filter((row) => row.key !== null).map((row) => ({ ...row, weekStart: row.key! }));
}

function countOf(week: Week, channel: LeadChannel, measure: "leads" | "won"): number {
  return week.byChannel?.find((entry) => entry.channel === channel)?.[measure] ?? 0;
}

export function ReportCharts({ choice }: { choice: PeriodChoice }) {
  const weekly = useQuery(sourcesReportQuery(choice, "week"));
  const speed = useQuery(speedReportQuery(choice));
  return (
    <section aria-labelledby="charts-heading" className="mt-8">
      <h2 id="charts-heading" className="text-xl font-bold text-slate-900">
        At a glance
      </h2>
      {weekly.isLoading ? (
        <Loading />
      ) : weekly.isError || !weekly.data ? (
        <p className="mt-4 text-red-800">The charts could not be loaded. Try again in a moment.</p>
      ) : (
        <div className="grid gap-x-6 lg:grid-cols-2">
          <ChannelWeeksChart report={weekly.data} measure="leads" />
          <ChannelWeeksChart report={weekly.data} measure="won" />
          {speed.data && <SpeedWeeksChart report={speed.data} />}
          <FunnelFigure report={weekly.data} />
        </div>
      )}
    </section>
  );
}

function ChannelWeeksChart({ report, measure }: { report: SourcesReport; measure: "leads" | "won" }) {
  const weeks = weeksOf(report);
  // Only the channels with a lead in the period: the legend and the table stay short.
  const channels = leadChannels.filter((channel) => weeks.some((week) => countOf(week, channel, measure) > 0));
  const series: ChartSeries[] = channels.map((channel) => ({
    key: channel,
    label: channelLabels[channel],
    style: channelStyles[channel],
  }));
  const noun = measure === "leads" ? "lead" : "client";
  const unit = (count: number) => `${formatCount(count)} ${count === 1 ? noun : `${noun}s`}`;
  const title = measure === "leads" ? "Leads per week, by channel" : "Clients per week, by channel";
  const total = (week: Week) => channels.reduce((sum, channel) => sum + countOf(week, channel, measure), 0);
  const outcome = measure === "won" ? ("won" as const) : undefined;
  return (
    <ChartFigure
      title={title}
      description={
        measure === "won"
          ? "Clients: the period's leads marked Won, in the week they arrived."
          : "Weeks start on Monday; spam is not counted."
      }
      empty={
        channels.length === 0
          ? measure === "leads"
            ? "No leads in this period."
            : "No clients yet in this period."
          : null
      }
      legend={series.map((s) => ({ key: s.key, label: s.label, style: s.style }))}
      chart={
        <StackedBarChart
          summary={`${title}, ${formatDay(report.from)} to ${formatDay(report.to)}.`}
          categories={weeks.map((week) => ({
            key: week.weekStart,
            label: shortDay(week.weekStart),
            longLabel: `Week of ${formatDay(week.weekStart)}`,
          }))}
          series={series}
          value={(weekStart, channel) => {
            const week = weeks.find((w) => w.weekStart === weekStart);
            return week ? countOf(week, channel as LeadChannel, measure) : 0;
          }}
          unit={unit}
        />
      }
      table={
        <ReportTable
          {...weekTable}
          caption={title}
          rows={weekRows(weeks)}
          columns={[
            ...channels.map((channel): ReportColumn<Week & ReportRow> => ({
              label: channelLabels[channel],
              cell: (week) => (
                <Count count={countOf(week, channel, measure)} href={leadsHref(week.listQuery, { channel, outcome })} />
              ),
            })),
            {
              label: "Total",
              className: "font-semibold",
              cell: (week) => <Count count={total(week)} href={leadsHref(week.listQuery, { outcome })} />,
            },
          ]}
        />
      }
    />
  );
}

function Count({ count, href }: { count: number; href: string }) {
  if (count === 0) return <>0</>;
  return (
    <Link to={href} className={linkClass}>
      {formatCount(count)}
    </Link>
  );
}

const inTime: SeriesStyle = { colour: "#15803d", pattern: "solid" }; // green 700, 5.0:1
const late: SeriesStyle = { colour: "#b91c1c", pattern: "stripes" }; // red 700, 6.5:1

/** Per week, the leads due an answer: answered within the promise, and the rest (late). */
function SpeedWeeksChart({ report }: { report: SpeedReport }) {
  const weeks = report.byWeek;
  const title = "Speed to lead per week, against the promise";
  const series: ChartSeries[] = [
    { key: "inTime", label: "Answered within the promise", style: inTime },
    { key: "late", label: "Late or not answered", style: late },
  ];
  const figure = (weekStart: string, key: string) => {
    const week = weeks.find((w) => w.weekStart === weekStart);
    if (!week) return 0;
    return key === "inTime" ? week.withinPromise : week.due - week.withinPromise;
  };
  return (
    <ChartFigure
      title={title}
      description="Each bar is the week's leads whose promise (4 or 24 business hours) has run out or that were answered."
      empty={weeks.every((week) => week.due === 0) ? "No lead of this period was due an answer yet." : null}
      legend={series.map((s) => ({ key: s.key, label: s.label, style: s.style }))}
      chart={
        <StackedBarChart
          summary={`${title}, ${formatDay(report.from)} to ${formatDay(report.to)}.`}
          categories={weeks.map((week) => ({
            key: week.weekStart,
            label: shortDay(week.weekStart),
            longLabel: `Week of ${formatDay(week.weekStart)}`,
          }))}
          series={series}
          value={figure}
          unit={(count) => `${formatCount(count)} due`}
          detail={(weekStart) => {
            const week = weeks.find((w) => w.weekStart === weekStart);
            return week
              ? `${formatRate(week.shareWithinPromise)} within the promise, median ${formatMinutes(week.medianMinutes)}`
              : "";
          }}
        />
      }
      table={
        <ReportTable
          {...weekTable}
          caption={title}
          rows={weekRows(weeks)}
          columns={[
            { label: "Due", cell: (week) => formatCount(week.due) },
            { label: "In time", cell: (week) => formatCount(week.withinPromise) },
            { label: "Late", cell: (week) => formatCount(week.due - week.withinPromise) },
            { label: "Share in time", cell: (week) => formatRate(week.shareWithinPromise) },
            { label: "Median", cell: (week) => formatMinutes(week.medianMinutes) },
          ]}
        />
      }
    />
  );
}

/** The step from views to leads, honestly: a rate only with enough views, and a word when it passes 100 %. */
export function viewsStep(views: number, leads: number): string {
  if (views < MIN_VIEWS_FOR_RATE) return `— of views: fewer than ${MIN_VIEWS_FOR_RATE} views, too few for a rate`;
  const rate = formatRate(leads / views);
  return leads > views
    ? `${rate} of views: more leads than counted views (visits not counted, or through another page)`
    : `${rate} of views`;
}

function FunnelFigure({ report }: { report: SourcesReport }) {
  const { views, leads, qualified, won } = report.funnel;
  const title = "From views to clients";
  const all = periodQuery(report);
  const stages: (FunnelStage & { href: string | null })[] = [
    { key: "views", label: "Views", count: views, style: { colour: "#475569", pattern: "solid" }, href: null },
    {
      key: "leads",
      label: "Leads",
      count: leads,
      step: viewsStep(views, leads),
      style: { colour: "#1e40af", pattern: "solid" },
      href: leadsHref(all),
    },
    {
      key: "qualified",
      label: "Qualified",
      count: qualified,
      step: leads === 0 ? undefined : `${formatRate(qualified / leads)} of leads`,
      style: { colour: "#b45309", pattern: "stripes" },
      href: leadsHref(all, { outcome: "qualified" }),
    },
    {
      key: "won",
      label: "Clients",
      count: won,
      step: leads === 0 ? undefined : `${formatRate(won / leads)} of leads`,
      style: { colour: "#15803d", pattern: "solid" },
      href: leadsHref(all, { outcome: "won" }),
    },
  ];
  return (
    <ChartFigure
      title={title}
      description="Page views of the whole site, the period's leads, and those qualified and won so far."
      empty={views + leads === 0 ? "No views and no leads in this period." : null}
      chart={
        <FunnelChart summary={`${title}, ${formatDay(report.from)} to ${formatDay(report.to)}.`} stages={stages} />
      }
      table={
        <ReportTable
          {...chartTable}
          caption={title}
          first="Stage"
          rows={stages}
          columns={[
            {
              label: "Count",
              cell: (stage) =>
                stage.href ? <Count count={stage.count} href={stage.href} /> : formatCount(stage.count),
            },
            { label: "From the stage before", align: "left", cell: (stage) => stage.step ?? "—" },
          ]}
        />
      }
    />
  );
}
