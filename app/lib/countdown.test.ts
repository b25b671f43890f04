import { describe, expect, it } from "vitest";
import { COUNTDOWN_START_SECONDS, COUNTDOWN_TICK_MS, formatHms, secondsLeft } from "./countdown.ts";

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

  it("counts the seconds left to a deadline and never goes below zero", () => {
    const endsAt = 10_000 + COUNTDOWN_START_SECONDS * 1000;
    expect(secondsLeft(endsAt, 10_000)).toBe(3600);
    expect(secondsLeft(endsAt, 11_000)).toBe(3599);
    expect(secondsLeft(endsAt, 10_000 + 62_000)).toBe(3538);
    expect(secondsLeft(endsAt, endsAt + 5000)).toBe(0);
  });
});
