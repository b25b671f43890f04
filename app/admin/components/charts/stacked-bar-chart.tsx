import { formatCount } from "../lead-format.ts";
import { labelEvery, labelWidth, stackSegments, valueAxis } from "./chart-geometry.ts";
import type { SeriesStyle } from "./chart-palette.ts";
import { ChartTooltip, PointFocusRing, useChartPoints } from "./chart-points.tsx";
import { ChartSvg } from "./chart-svg.tsx";
import { useChartWidth } from "./use-chart-width.ts";

// Bars of counts per category (a week), each stacked by series (a channel): the reports' "Leads per week
// by channel" (issue 38). Drawn at the width it is shown; one focusable point per bar, whose label and
// tooltip give the bar's total and every series in it.

const HEIGHT = 240;
const FONT_PX = 12;
const PAD = { right: 8, top: 18, bottom: 28 };

export type ChartCategory = { key: string; label: string; longLabel: string };
export type ChartSeries = { key: string; label: string; style: SeriesStyle };

export function StackedBarChart({
  summary,
  categories,
  series,
  value,
  unit,
  detail,
}: {
  /** What the chart shows, for the screen reader's name of the whole. */
  summary: string;
  categories: ChartCategory[];
  series: ChartSeries[];
  value: (category: string, series: string) => number;
  /** "3 leads", "1 client". */
  unit: (count: number) => string;
  /** More words on a bar, after its figures ("86% within the promise"). */
  detail?: (category: string) => string;
}) {
  const { ref, width } = useChartWidth();
  const totals = categories.map((category) => series.reduce((sum, s) => sum + value(category.key, s.key), 0));
  const { top, ticks } = valueAxis(Math.max(0, ...totals));
  const left = 10 + Math.max(...ticks.map((tick) => labelWidth(formatCount(tick))));
  const plotWidth = Math.max(1, width - left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const band = plotWidth / Math.max(1, categories.length);
  const barWidth = Math.max(3, Math.min(48, band * 0.7));
  const y = (count: number) => PAD.top + plotHeight - (count / top) * plotHeight;
  const every = labelEvery(Math.max(0, ...categories.map((c) => labelWidth(c.label))), band);
  const points = useChartPoints(categories.length);
  const order = series.map((s) => s.key);

  const labelOf = (index: number) => {
    const category = categories[index];
    if (!category) return "";
    const parts = series
      .map((s) => ({ s, count: value(category.key, s.key) }))
      .filter((part) => part.count > 0)
      .map((part) => `${part.s.label} ${formatCount(part.count)}`);
    const more = detail?.(category.key);
    return `${category.longLabel}: ${unit(totals[index] ?? 0)}${parts.length ? ` (${parts.join(", ")})` : ""}${more ? `; ${more}` : ""}`;
  };
  const active = points.active;

  return (
    <div ref={ref} className="relative w-full">
      <ChartSvg
        label={`${summary} Use the arrow keys to move between the bars.`}
        width={width}
        height={HEIGHT}
        series={series}
      >
        {(fillOf) => (
          <>
            {ticks.map((tick) => (
              <g key={tick} aria-hidden="true">
                <line x1={left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-300" />
                <text x={left - 6} y={y(tick) + 4} textAnchor="end" fontSize={FONT_PX} className="fill-slate-700">
                  {formatCount(tick)}
                </text>
              </g>
            ))}
            {categories.map((category, index) => {
              const x = left + index * band + (band - barWidth) / 2;
              const total = totals[index] ?? 0;
              const segments = stackSegments(order, (key) => value(category.key, key));
              return (
                <g key={category.key} {...points.pointProps(index, labelOf(index))} data-testid="chart-point">
                  {/* The whole band is the point's target, so a thin or empty bar is easy to hover. */}
                  <rect x={left + index * band} y={PAD.top} width={band} height={plotHeight} fill="transparent" />
                  {segments.map((segment) => (
                    <rect
                      key={segment.key}
                      x={x}
                      y={y(segment.end)}
                      width={barWidth}
                      height={y(segment.start) - y(segment.end)}
                      fill={fillOf(segment.key)}
                      stroke="white"
                      strokeWidth={1}
                    />
                  ))}
                  {labelWidth(formatCount(total)) <= band && total > 0 && (
                    <text
                      x={x + barWidth / 2}
                      y={y(total) - 4}
                      textAnchor="middle"
                      fontSize={FONT_PX}
                      className="fill-slate-900"
                      aria-hidden="true"
                    >
                      {formatCount(total)}
                    </text>
                  )}
                  {points.focused === index && (
                    <PointFocusRing
                      x={left + index * band + 1}
                      y={PAD.top - 16}
                      width={band - 2}
                      height={plotHeight + 16}
                    />
                  )}
                  {index % every === 0 && (
                    <text
                      x={left + index * band + band / 2}
                      y={HEIGHT - PAD.bottom + 18}
                      textAnchor="middle"
                      fontSize={FONT_PX}
                      className="fill-slate-700"
                      aria-hidden="true"
                    >
                      {category.label}
                    </text>
                  )}
                </g>
              );
            })}
          </>
        )}
      </ChartSvg>
      <ChartTooltip
        width={width}
        tip={
          active === null
            ? null
            : {
                index: active,
                x: left + active * band + band / 2,
                y: y(totals[active] ?? 0) - 14,
                text: labelOf(active),
              }
        }
      />
    </div>
  );
}
