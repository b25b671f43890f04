import { useRef, useState, type KeyboardEvent } from "react";

// The chart's points for the keyboard and the pointer (issue 38): one Tab stop per chart, the arrow keys
// (and Home, End) move between its points, each point names its figures (its aria-label) and shows them
// in a tooltip while focused or hovered; Escape hides the tooltip (WCAG 1.4.13).

export type ChartTip = { index: number; x: number; y: number; text: string };

export function useChartPoints(count: number) {
  const [current, setCurrent] = useState(0);
  const [focused, setFocused] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [hidden, setHidden] = useState(false);
  const refs = useRef<(SVGGElement | null)[]>([]);
  const tabStop = Math.min(current, Math.max(0, count - 1));

  function move(to: number) {
    const index = Math.max(0, Math.min(count - 1, to));
    setCurrent(index);
    refs.current[index]?.focus();
  }

  function pointProps(index: number, label: string) {
    return {
      ref: (element: SVGGElement | null) => {
        refs.current[index] = element;
      },
      role: "img",
      "aria-label": label,
      tabIndex: index === tabStop ? 0 : -1,
      className: "outline-none",
      onFocus: () => {
        setCurrent(index);
        setFocused(index);
        setHidden(false);
      },
      onBlur: () => setFocused((now) => (now === index ? null : now)),
      onMouseEnter: () => {
        setHovered(index);
        setHidden(false);
      },
      onMouseLeave: () => setHovered((now) => (now === index ? null : now)),
      onKeyDown: (event: KeyboardEvent) => {
        const next: Record<string, number> = {
          ArrowRight: index + 1,
          ArrowDown: index + 1,
          ArrowLeft: index - 1,
          ArrowUp: index - 1,
          Home: 0,
          End: count - 1,
        };
        if (event.key in next) {
          event.preventDefault();
          move(next[event.key] ?? index);
        } else if (event.key === "Escape") {
          setHidden(true);
        }
      },
    } as const;
  }

  /** The point whose tooltip shows: the hovered one, else the focused one. */
  const active = hidden ? null : (hovered ?? focused);
  return { pointProps, active, focused };
}

/** The tooltip over a chart's box (position: relative), kept inside it. Visual only: the point's label says it. */
export function ChartTooltip({ tip, width }: { tip: ChartTip | null; width: number }) {
  if (!tip) return null;
  const half = Math.min(120, width / 2);
  const left = Math.max(half, Math.min(width - half, tip.x));
  return (
    <div
      aria-hidden="true"
      data-testid="chart-tooltip"
      className="pointer-events-none absolute z-10 w-max max-w-60 -translate-x-1/2 -translate-y-full whitespace-pre-line rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow"
      style={{ left, top: Math.max(0, tip.y - 8) }}
    >
      {tip.text}
    </div>
  );
}

/** The outline of the focused point: a brand-coloured rounded box around it. */
export function PointFocusRing({ x, y, width, height }: { x: number; y: number; width: number; height: number }) {
  return (
    <rect x={x} y={y} width={width} height={height} fill="none" className="stroke-brand-600" strokeWidth={2} rx={3} />
  );
}
