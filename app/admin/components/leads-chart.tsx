import { useId } from "react";
import type { AdminStats } from "../../../contract/admin-leads.ts";
import { labelWidth } from "./charts/chart-geometry.ts";
import { useChartWidth } from "./charts/use-chart-width.ts";
import { formatCount } from "./lead-format.ts";

// Leads per week over the last 12 weeks, one bar per kind: an inline SVG that screen readers get as
// one summarising label, with the numbers in a visually hidden table. The SVG is drawn at the width it
// is shown (one unit a CSS pixel), so its text stays 12 px on a phone; the value axis is as wide as its
// widest label ("123,456" included), and the week labels thin out when they would touch. The kinds
// differ in fill and in pattern (solid blue; teal stripes with an outline), as the legend shows.

const HEIGHT = 240;
const FONT_PX = 12;
const PAD = { right: 8, top: 12, bottom: 40 };
const BAR_GAP = 3;

function weekLabel(weekStart: string): string {
  const date = new Date(`${weekStart}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return weekStart;
  return date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

type Row = { weekStart: string; contacts: number; inquiries: number };

function rows(stats: AdminStats): Row[] {
  const inquiries = new Map(stats.inquiries.perWeek.map((week) => [week.weekStart, week.count]));
  const weeks =
    stats.contacts.perWeek.length > 0
      ? stats.contacts.perWeek
      : stats.inquiries.perWeek.map((w) => ({ ...w, count: 0 }));
  const contacts = new Map(stats.contacts.perWeek.map((week) => [week.weekStart, week.count]));
  return weeks.map((week) => ({
    weekStart: week.weekStart,
    contacts: contacts.get(week.weekStart) ?? 0,
    inquiries: inquiries.get(week.weekStart) ?? 0,
  }));
}

function summary(data: Row[]): string {
  const describe = (name: string, pick: (row: Row) => number) => {
    const total = data.reduce((sum, row) => sum + pick(row), 0);
    if (total === 0) return `${name}: none`;
    const busiest = data.reduce((best, row) => (pick(row) > pick(best) ? row : best));
    return `${name}: ${formatCount(total)} in total, most (${formatCount(pick(busiest))}) in the week of ${weekLabel(busiest.weekStart)}`;
  };
  return `Bar chart of leads per week over the last ${data.length} weeks. ${describe("Contact forms", (r) => r.contacts)}. ${describe("Service inquiries", (r) =>
    r.inquiries)}.`;
}

/** The value axis: 0, the middle and the top, rounded to whole leads (the top is the busiest week). */
export function axisTicks(max: number): number[] {
  if (max <= 1) return [0, 1];
  const middle = Math.round(max / 2);
  return middle > 0 && middle < max ? [0, middle, max] : [0, max];
}

const contactsClass = "fill-brand-700";
const inquiriesOutlineClass = "stroke-teal-800";

export function LeadsChart({ stats }: { stats: AdminStats }) {
  const data = rows(stats);
  const { ref, width } = useChartWidth();
  const patternId = `${useId().replace(/:/g, "")}-stripes`;
  const max = Math.max(1, ...data.map((row) => Math.max(row.contacts, row.inquiries)));
  const ticks = axisTicks(max);
  const left = 10 + Math.max(...ticks.map((tick) => labelWidth(formatCount(tick))));
  const plotWidth = Math.max(1, width - left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const group = plotWidth / Math.max(1, data.length);
  const barWidth = Math.max(2, (group - 4 * BAR_GAP) / 2);
  const y = (count: number) => PAD.top + plotHeight - (count / max) * plotHeight;
  const baseline = PAD.top + plotHeight;
  // Every week labelled when there is room, else every second, third… week.
  const widestWeek = Math.max(0, ...data.map((row) => labelWidth(weekLabel(row.weekStart))));
  const labelEvery = Math.max(1, Math.ceil((widestWeek + 8) / group));

  return (
    <figure>
      <div ref={ref} className="w-full max-w-3xl">
        <svg
          role="img"
          aria-label={summary(data)}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block max-w-full"
        >
          <defs>
            <pattern id={patternId} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" className="fill-teal-100" />
              <rect width="3" height="6" className="fill-teal-700" />
            </pattern>
          </defs>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={left}
                x2={width - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-slate-300"
                strokeWidth={1}
              />
              <text x={left - 6} y={y(tick) + 4} textAnchor="end" fontSize={FONT_PX} className="fill-slate-700">
                {formatCount(tick)}
              </text>
            </g>
          ))}
          {data.map((row, i) => {
            const x = left + i * group + BAR_GAP;
            return (
              <g key={row.weekStart}>
                <rect
                  x={x}
                  y={y(row.contacts)}
                  width={barWidth}
                  height={baseline - y(row.contacts)}
                  className={contactsClass}
                >
                  <title>{`Week of ${weekLabel(row.weekStart)}: ${formatCount(row.contacts)} contact forms`}</title>
                </rect>
                <rect
                  x={x + barWidth + BAR_GAP}
                  y={y(row.inquiries)}
                  width={barWidth}
                  height={baseline - y(row.inquiries)}
                  fill={`url(#${patternId})`}
                  className={inquiriesOutlineClass}
                  strokeWidth={row.inquiries > 0 ? 1.5 : 0}
                >
                  <title>{`Week of ${weekLabel(row.weekStart)}: ${formatCount(row.inquiries)} service inquiries`}</title>
                </rect>
                {i % labelEvery === 0 && (
                  <text
                    x={x + barWidth}
                    y={HEIGHT - PAD.bottom + 18}
                    textAnchor="middle"
                    fontSize={FONT_PX}
                    className="fill-slate-700"
                  >
                    {weekLabel(row.weekStart)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        <span className="flex items-center gap-2">
          <svg aria-hidden="true" width="14" height="14" className="shrink-0">
            <rect width="14" height="14" className={contactsClass} />
          </svg>
          Contact forms
        </span>
        <span className="flex items-center gap-2">
          <svg aria-hidden="true" width="14" height="14" className="shrink-0">
            <rect
              x="0.75"
              y="0.75"
              width="12.5"
              height="12.5"
              fill={`url(#${patternId})`}
              className={inquiriesOutlineClass}
              strokeWidth={1.5}
            />
          </svg>
          Service inquiries
        </span>
        <span className="text-slate-700">Weeks start on Monday (UTC); spam is not counted.</span>
      </figcaption>
      {/* A table is as wide as its content whatever its width: the hidden box is a div around it. */}
      <div className="sr-only">
        <table>
          <caption>Leads per week</caption>
          <thead>
            <tr>
              <th scope="col">Week starting</th>
              <th scope="col">Contact forms</th>
              <th scope="col">Service inquiries</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={row.weekStart}>
                <th scope="row">{weekLabel(row.weekStart)}</th>
                <td>{formatCount(row.contacts)}</td>
                <td>{formatCount(row.inquiries)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
