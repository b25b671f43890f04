import { describe, expect, it } from "vitest";
import { rangeOf, resolvePeriod, weeksOf } from "./periods.ts";

// Report periods in the owner's time zone (issue 24): whole local days, daylight-saving days included.

describe("a report's period", () => {
  it("runs from local midnight to local midnight, a 23-hour and a 25-hour day included", () => {
    expect(rangeOf("2026-03-08", "2026-03-08", "America/Chicago")).toEqual({
      start: "2026-03-08T06:00:00.000Z",
      end: "2026-03-09T05:00:00.000Z",
    });
    expect(rangeOf("2026-11-01", "2026-11-01", "America/Chicago")).toEqual({
      start: "2026-11-01T05:00:00.000Z",
      end: "2026-11-02T06:00:00.000Z",
    });
    expect(rangeOf("2026-06-01", "2026-06-30", "Europe/London")).toEqual({
      start: "2026-05-31T23:00:00.000Z",
      end: "2026-06-30T23:00:00.000Z",
    });
  });

  it("takes the owner's today, not UTC's, and the same length before", () => {
    // 02:00 UTC on July 1 is still June 30 in Chicago.
    const period = resolvePeriod({ period: "7d" }, new Date("2026-07-01T02:00:00Z"), "America/Chicago");
    expect(period).toMatchObject({
      from: "2026-06-24",
      to: "2026-06-30",
      previousPeriod: { from: "2026-06-17", to: "2026-06-23" },
    });
    expect(resolvePeriod({ from: "2026-02-01", to: "2026-02-28" }, new Date(), "UTC").previousPeriod).toEqual({
      from: "2026-01-04",
      to: "2026-01-31",
    });
    expect(resolvePeriod({}, new Date("2026-07-01T12:00:00Z"), "UTC")).toMatchObject({
      from: "2026-06-02",
      to: "2026-07-01",
    });
    expect(resolvePeriod({ period: "month" }, new Date("2026-07-15T12:00:00Z"), "UTC")).toMatchObject({
      from: "2026-07-01",
      to: "2026-07-15",
      previousPeriod: { from: "2026-06-16", to: "2026-06-30" },
    });
  });

  it("compares this week so far with the same days of last week", () => {
    // Thursday 2026-11-26.
    expect(resolvePeriod({ period: "week" }, new Date("2026-11-26T15:00:00Z"), "America/New_York")).toMatchObject({
      from: "2026-11-23",
      to: "2026-11-26",
      previousPeriod: { from: "2026-11-16", to: "2026-11-19" },
    });
  });

  it("splits a period into the owner's Monday-to-Sunday weeks, the first from the period's start", () => {
    const weeks = weeksOf("2026-10-28", "2026-11-10", "America/Chicago");
    expect(weeks).toEqual([
      { key: "2026-10-26", start: "2026-10-28T05:00:00.000Z", days: ["2026-10-28", "2026-11-01"] },
      // Monday after the clocks went back: midnight is 06:00 UTC now.
      { key: "2026-11-02", start: "2026-11-02T06:00:00.000Z", days: ["2026-11-02", "2026-11-08"] },
      { key: "2026-11-09", start: "2026-11-09T06:00:00.000Z", days: ["2026-11-09", "2026-11-10"] },
    ]);
  });
});
