import { describe, expect, it } from "vitest";
import { labelEvery, shortDay, stackSegments, valueAxis } from "./chart-geometry.ts";

describe("the charts' value axis", () => {
  it("reaches the largest value in nice whole steps", () => {
    expect(valueAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(valueAxis(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(valueAxis(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(valueAxis(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(valueAxis(39)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(valueAxis(1234)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
  });

  it("takes fractional steps when the values are not counts", () => {
    expect(valueAxis(0.9, { whole: false })).toEqual({ top: 1, ticks: [0, 0.25, 0.5, 0.75, 1] });
  });

  it("always ends at or above the largest value", () => {
    for (const max of [5, 11, 17, 99, 101, 250, 999, 4321]) {
      const { top, ticks } = valueAxis(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.every((tick) => Number.isInteger(tick))).toBe(true);
    }
  });
});

describe("stacking", () => {
  it("puts each non-zero value on top of the ones before it, in the given order", () => {
    const values: Record<string, number> = { a: 2, b: 0, c: 5 };
    expect(stackSegments(["a", "b", "c"], (key) => values[key] ?? 0)).toEqual([
      { key: "a", value: 2, start: 0, end: 2 },
      { key: "c", value: 5, start: 2, end: 7 },
    ]);
  });
});

describe("category labels", () => {
  it("thin out when they would touch", () => {
    expect(labelEvery(40, 60)).toBe(1);
    expect(labelEvery(40, 30)).toBe(2);
    expect(labelEvery(40, 10)).toBe(5);
  });

  it("read as a short day", () => {
    expect(shortDay("2026-11-02")).toBe("Nov 2");
    expect(shortDay("not a day")).toBe("not a day");
  });
});
