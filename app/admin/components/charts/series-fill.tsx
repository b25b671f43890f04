import { useId } from "react";
import type { SeriesPattern, SeriesStyle } from "./chart-palette.ts";

// A series' fill: its colour, solid or with a white pattern over it (stripes, dots, a cross-hatch), as an
// SVG <pattern> the chart defines once. The legend's swatch draws the same pattern.

function PatternMarks({ pattern }: { pattern: Exclude<SeriesPattern, "solid"> }) {
  switch (pattern) {
    case "stripes":
      return <rect width="2" height="6" fill="white" fillOpacity="0.85" />;
    case "dots":
      return <circle cx="3" cy="3" r="1.2" fill="white" fillOpacity="0.9" />;
    case "cross":
      return (
        <>
          <rect width="1.5" height="6" fill="white" fillOpacity="0.85" />
          <rect width="6" height="1.5" fill="white" fillOpacity="0.85" />
        </>
      );
  }
}

/** The <pattern> of a style (nothing for a solid one); use seriesFill for the fill attribute. */
export function SeriesPatternDef({ id, style }: { id: string; style: SeriesStyle }) {
  if (style.pattern === "solid") return null;
  return (
    <pattern
      id={id}
      width="6"
      height="6"
      patternUnits="userSpaceOnUse"
      patternTransform={style.pattern === "stripes" ? "rotate(45)" : undefined}
    >
      <rect width="6" height="6" fill={style.colour} />
      <PatternMarks pattern={style.pattern} />
    </pattern>
  );
}

/** The fill attribute of a style whose pattern was defined under `id`. */
export function seriesFill(id: string, style: SeriesStyle): string {
  return style.pattern === "solid" ? style.colour : `url(#${id})`;
}

/** A 14 px square of the style, for a legend. */
export function PatternSwatch({ style }: { style: SeriesStyle }) {
  const id = `swatch-${useId().replace(/:/g, "")}`;
  return (
    <svg aria-hidden="true" width="14" height="14" className="shrink-0">
      <defs>
        <SeriesPatternDef id={id} style={style} />
      </defs>
      <rect width="14" height="14" fill={seriesFill(id, style)} />
    </svg>
  );
}
