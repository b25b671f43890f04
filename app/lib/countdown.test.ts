import { describe, expect, it } from "vitest";
import { COUNTDOWN_START_SECONDS, COUNTDOWN_TICK_MS, formatHms } from "./countdown.tsx";

describe("countdown", () => {
  it("starts at 3600 seconds and ticks every 1000 ms (SPEC §9)", () => {
    expect(COUNTDOWN_START_SECONDS).toBe(3600);
    expect(COUNTDOWN_TICK_MS).toBe(1000);
  });

  it.each([
    [3600, "01:00:00"],
    [3599, "00:59:59"],
    [61, "00:01:01"],
    [9, "00:00:09"],
    [0, "00:00:00"],
    [-5, "00:00:00"],
    [36_000 + 3600 + 60 + 1, "11:01:01"],
  ])("shows %i seconds as %s", (seconds, text) => {
    expect(formatHms(seconds)).toBe(text);
  });
});
