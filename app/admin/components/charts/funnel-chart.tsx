import { formatCount } from "../lead-format.ts";
import { labelWidth } from "./chart-geometry.ts";
import type { SeriesStyle } from "./chart-palette.ts";
import { ChartTooltip, PointFocusRing, useChartPoints } from "./chart-points.tsx";
import { ChartSvg } from "./chart-svg.tsx";
import { useChartWidth } from "./use-chart-width.ts";

// A funnel as horizontal bars, one per stage (views, leads, qualified, clients: issue 38), each as long as
// its count against the first stage's, its count written beside it, and the step from the stage before in
// words (a rate only where the caller says it is honest). One focusable point per stage.

const ROW = 44;
const BAR = 26;
const FONT_PX = 12;

export type FunnelStage = {
  key: string;
  label: string;
  count: number;
  /** From the stage before: "3.1% of views", "—: fewer than 30 views"; none for the first. */
  step?: string;
  style: SeriesStyle;
};

export function FunnelChart({ summary, stages }: { summary: string; stages: FunnelStage[] }) {
  const { ref, width } = useChartWidth();
  const points = useChartPoints(stages.length);
  const labelColumn = Math.min(110, 10 + Math.max(...stages.map((stage) => labelWidth(stage.label))));
  const countRoom = 12 + Math.max(...stages.map((stage) => labelWidth(formatCount(stage.count))));
  const barRoom = Math.max(20, width - labelColumn - countRoom);
  const max = Math.max(1, ...stages.map((stage) => stage.count));
  const height = stages.length * ROW + 4;
  const labelOf = (index: number) => {
    const stage = stages[index];
    return stage ? `${stage.label}: ${formatCount(stage.count)}${stage.step ? ` (${stage.step})` : ""}` : "";
  };
  const active = points.active;
  return (
    <div ref={ref} className="relative w-full">
      <ChartSvg
        label={`${summary} Use the arrow keys to move between the stages.`}
        width={width}
        height={height}
        series={stages}
      >
        {(fillOf) =>
          stages.map((stage, index) => {
            const top = index * ROW + 4;
            // A stage with leads is never drawn as nothing: at least 2 px.
            const length = stage.count === 0 ? 0 : Math.max(2, (stage.count / max) * barRoom);
            return (
              <g key={stage.key} {...points.pointProps(index, labelOf(index))} data-testid="chart-point">
                <rect x={0} y={top - 2} width={width} height={ROW - 4} fill="transparent" />
                <text x={0} y={top + BAR / 2 + 4} fontSize={FONT_PX} className="fill-slate-900" aria-hidden="true">
                  {stage.label}
                </text>
                <rect x={labelColumn} y={top} width={length} height={BAR} fill={fillOf(stage.key)} />
                <text
                  x={labelColumn + length + 6}
                  y={top + BAR / 2 + 4}
                  fontSize={FONT_PX}
                  className="fill-slate-900 font-semibold"
                  aria-hidden="true"
                >
                  {formatCount(stage.count)}
                </text>
                {points.focused === index && <PointFocusRing x={1} y={top - 3} width={width - 2} height={BAR + 6} />}
              </g>
            );
          })
        }
      </ChartSvg>
      <ChartTooltip
        width={width}
        tip={active === null ? null : { index: active, x: width / 2, y: active * ROW + 2, text: labelOf(active) }}
      />
    </div>
  );
}
