// The arithmetic of the reports' hand-drawn SVG charts (issue 38): the value axis, the widths of labels,
// stacking and which category labels fit. Pure functions, so the charts' numbers are unit-tested and the
// components only draw.

/** A generous width per character of a 12 px label (digits, commas, month names). */
const CHAR_PX = 7.5;

/** The rough width of a label in the charts' 12 px font (an overestimate, so nothing is clipped). */
export function labelWidth(text: string): number {
  return Math.ceil(text.length * CHAR_PX);
}

/**
 * The top of the value axis and its ticks: 0 and two or four steps of a "nice" size (1, 2, 2.5 or 5 times
 * a power of ten) that reach `max`; whole numbers only when `whole` (counts of leads).
 */
export function valueAxis(max: number, { whole = true }: { whole?: boolean } = {}): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const steps = max <= 4 && whole ? Math.max(1, Math.ceil(max)) : 4;
  const rough = max / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10]
      .map((factor) => factor * power)
      .find((size) => size >= rough && (!whole || Number.isInteger(size))) ?? 10 * power;
  const count = Math.ceil(max / step - 1e-9);
  const ticks = Array.from({ length: count + 1 }, (_, i) => Number((i * step).toFixed(6)));
  return { top: ticks[ticks.length - 1] ?? 1, ticks };
}

/** A stack's segments from the bottom: each series' value, where it starts and ends (zeros take no room). */
export function stackSegments<K extends string>(
  order: readonly K[],
  valueOf: (key: K) => number,
): { key: K; value: number; start: number; end: number }[] {
  let start = 0;
  const segments: { key: K; value: number; start: number; end: number }[] = [];
  for (const key of order) {
    const value = valueOf(key);
    if (value <= 0) continue;
    segments.push({ key, value, start, end: start + value });
    start += value;
  }
  return segments;
}

/** Every n-th category is labelled, so that labels `widest` px wide never touch in bands `band` px wide. */
export function labelEvery(widest: number, band: number): number {
  return Math.max(1, Math.ceil((widest + 8) / Math.max(1, band)));
}

/** A week's Monday (YYYY-MM-DD) as the axis shows it: "Nov 2". */
export function shortDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}
