import { useId, type ReactNode } from "react";
import type { SeriesStyle } from "./chart-palette.ts";
import { SeriesPatternDef, seriesFill } from "./series-fill.tsx";

// The <svg> of every hand-drawn chart (issue 38, decision 048): one group named by its summary and how to
// move between its points, drawn at the width it is shown, with each series' pattern defined once. The
// children get the fill of a series by its key.

export function ChartSvg({
  label,
  width,
  height,
  series,
  children,
}: {
  /** The summary and the keys to use, read as the group's name. */
  label: string;
  width: number;
  height: number;
  /** The series (or stages) whose fills the chart uses. */
  series: { key: string; style: SeriesStyle }[];
  children: (fillOf: (key: string) => string) => ReactNode;
}) {
  // Unique per chart: two charts on a page never share a pattern's id.
  const idBase = useId().replace(/:/g, "");
  const styles = new Map(series.map((s) => [s.key, s.style]));
  const fillOf = (key: string) => {
    const style = styles.get(key);
    return style ? seriesFill(`${idBase}-${key}`, style) : "none";
  };
  return (
    <svg
      role="group"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="block max-w-full"
    >
      <defs>
        {series.map((s) => (
          <SeriesPatternDef key={s.key} id={`${idBase}-${s.key}`} style={s.style} />
        ))}
      </defs>
      {children(fillOf)}
    </svg>
  );
}
