import { describe, expect, it } from "vitest";
import { formatChange, formatDay, formatMinutes, formatRate } from "./report-format.ts";

describe("the owner's numbers as they read", () => {
  it("shows rates as percentages, with a decimal under 10%", () => {
    expect(formatRate(null)).toBe("–");
    expect(formatRate(0.25)).toBe("25%");
    expect(formatRate(0.034)).toBe("3.4%");
    expect(formatRate(0)).toBe("0.0%");
  });

  it("shows answer times in minutes, hours or days", () => {
    expect(formatMinutes(null)).toBe("–");
    expect(formatMinutes(12.4)).toBe("12 min");
    expect(formatMinutes(60)).toBe("1 h");
    expect(formatMinutes(200)).toBe("3 h 20 min");
    expect(formatMinutes(52 * 60)).toBe("2 d 4 h");
    expect(formatMinutes(48 * 60)).toBe("2 d");
  });

  it("shows the change against the period before", () => {
    expect(formatChange(5, 2)).toBe("+3");
    expect(formatChange(2, 4)).toBe("−2");
    expect(formatChange(3, 3)).toBe("no change");
  });

  it("shows a date in words", () => {
    expect(formatDay("2026-11-02")).toBe("Nov 2, 2026");
  });
});
