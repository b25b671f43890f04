import { describe, expect, it } from "vitest";
import { endOfOwnerDay } from "./owner-day.ts";

// "Today" ends at the owner's midnight, not the server's: the instant the next day starts in their zone.

describe("endOfOwnerDay", () => {
  it.each([
    // 17:00 in Chicago (CST, UTC-6): the day ends at 06:00 UTC the next day.
    ["America/Chicago", "2026-01-15T23:00:00.000Z", "2026-01-16T06:00:00.000Z"],
    // 00:30 UTC on the 16th is still the 15th in Chicago.
    ["America/Chicago", "2026-01-16T00:30:00.000Z", "2026-01-16T06:00:00.000Z"],
    // Summer time (CDT, UTC-5).
    ["America/Chicago", "2026-06-10T22:00:00.000Z", "2026-06-11T05:00:00.000Z"],
    // The day the clocks go forward is 23 hours long; it ends at the next midnight all the same.
    ["America/Chicago", "2026-03-08T12:00:00.000Z", "2026-03-09T05:00:00.000Z"],
    ["America/Chicago", "2026-11-01T12:00:00.000Z", "2026-11-02T06:00:00.000Z"],
    ["UTC", "2026-01-15T23:00:00.000Z", "2026-01-16T00:00:00.000Z"],
    // East of UTC: 23:00 UTC on the 15th is already the 16th in Tokyo.
    ["Asia/Tokyo", "2026-01-15T23:00:00.000Z", "2026-01-16T15:00:00.000Z"],
    // The last day of a year.
    ["America/New_York", "2026-12-31T20:00:00.000Z", "2027-01-01T05:00:00.000Z"],
    // Cuba moves its clocks at midnight: 8 March 2026 starts at 01:00 (CDT) there.
    ["America/Havana", "2026-03-07T12:00:00.000Z", "2026-03-08T05:00:00.000Z"],
  ])("in %s at %s the day ends at %s", (timeZone, now, end) => {
    expect(endOfOwnerDay(new Date(now), timeZone).toISOString()).toBe(end);
  });
});
