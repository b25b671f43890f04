import { useId, useState, type ReactNode } from "react";
import { cn } from "../../../lib/utils.ts";
import { focusRing } from "../admin-classes.ts";
import type { SeriesStyle } from "./chart-palette.ts";
import { PatternSwatch } from "./series-fill.tsx";

// The frame of every chart of the reports (issue 38): its title, a Chart / Table switch (the same figures
// as a text table, whose cells may open the leads behind them), a line on how to read it, the legend by
// colour and pattern. The table is the chart's equal, not a fallback: the switch is remembered per chart
// while the page is open.

export type LegendItem = {
  key: string;
  label: string;
  style: SeriesStyle | { line: "solid" | "dashed"; colour: string };
};

export function ChartFigure({
  title,
  description,
  legend,
  chart,
  table,
  empty,
}: {
  title: string;
  description?: ReactNode;
  legend?: LegendItem[];
  chart: ReactNode;
  table: ReactNode;
  /** Shown instead of both when there is nothing to draw. */
  empty?: string | null;
}) {
  const titleId = useId();
  const [view, setView] = useState<"chart" | "table">("chart");
  return (
    <figure aria-labelledby={titleId} className="mt-6 min-w-0 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={titleId} className="text-lg font-bold text-slate-900">
          {title}
        </h3>
        {!empty && (
          <div
            role="group"
            aria-label={`Show ${title.toLowerCase()} as`}
            className="inline-flex rounded-md border border-slate-400"
          >
            {(["chart", "table"] as const).map((choice) => (
              <button
                key={choice}
                type="button"
                aria-pressed={view === choice}
                onClick={() => setView(choice)}
                className={cn(
                  "min-h-11 px-3 text-sm font-semibold first:rounded-l-md last:rounded-r-md",
                  view === choice ? "bg-brand-700 text-white" : "bg-white text-slate-900 hover:bg-slate-100",
                  focusRing,
                )}
              >
                {choice === "chart" ? "Chart" : "Table"}
              </button>
            ))}
          </div>
        )}
      </div>
      {description && <div className="mt-1 text-sm text-slate-700">{description}</div>}
      {empty ? (
        <p className="mt-4 text-slate-800">{empty}</p>
      ) : view === "chart" ? (
        <>
          <div className="mt-3">{chart}</div>
          {legend && legend.length > 0 && <Legend items={legend} />}
        </>
      ) : (
        // The table brings its own scrolling box (routes/reports/report-table.tsx).
        table
      )}
    </figure>
  );
}

function Legend({ items }: { items: LegendItem[] }) {
  return (
    <ul aria-label="Legend" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-2">
          {"line" in item.style ? (
            <svg aria-hidden="true" width="24" height="14" className="shrink-0">
              <line
                x1="0"
                x2="24"
                y1="7"
                y2="7"
                stroke={item.style.colour}
                strokeWidth="2.5"
                strokeDasharray={item.style.line === "dashed" ? "5 3" : undefined}
              />
            </svg>
          ) : (
            <PatternSwatch style={item.style} />
          )}
          {item.label}
        </li>
      ))}
    </ul>
  );
}
