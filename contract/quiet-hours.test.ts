import { describe, expect, it } from "vitest";
import { quietHoursInput, quietUntil, type QuietHours } from "./quiet-hours.ts";

// Quiet hours (issue 36, point 4): when a push may reach a user, on their own clock, across midnight and a
// change of the clocks.

const night: QuietHours = { enabled: true, startHour: 22, endHour: 7, timeZone: "America/New_York" };

describe("quietUntil", () => {
  it("holds a push inside the hours until they end: the evening's until the next morning, the small hours' until that morning", () => {
    // 23:30 New York (EST, UTC-5) on Nov 27 -> 07:00 on Nov 28.
    expect(quietUntil(night, Date.parse("2026-11-28T04:30:00Z"))?.toISOString()).toBe("2026-11-28T12:00:00.000Z");
    // 03:00 on Nov 28 -> 07:00 the same day.
    expect(quietUntil(night, Date.parse("2026-11-28T08:00:00Z"))?.toISOString()).toBe("2026-11-28T12:00:00.000Z");
    // 22:00 sharp is quiet; 07:00 sharp is not.
    expect(quietUntil(night, Date.parse("2026-11-28T03:00:00Z"))).not.toBeNull();
    expect(quietUntil(night, Date.parse("2026-11-28T12:00:00Z"))).toBeNull();
  });

  it("lets a push through outside the hours, and always when they are off", () => {
    expect(quietUntil(night, Date.parse("2026-11-28T15:00:00Z"))).toBeNull();
    expect(quietUntil({ ...night, enabled: false }, Date.parse("2026-11-28T04:30:00Z"))).toBeNull();
    expect(quietUntil(null, Date.parse("2026-11-28T04:30:00Z"))).toBeNull();
  });

  it("works for hours within one day and keeps to the wall clock over a change of the clocks", () => {
    const lunch: QuietHours = { enabled: true, startHour: 12, endHour: 13, timeZone: "Europe/Berlin" };
    expect(quietUntil(lunch, Date.parse("2026-07-01T10:30:00Z"))?.toISOString()).toBe("2026-07-01T11:00:00.000Z");
    expect(quietUntil(lunch, Date.parse("2026-07-01T11:00:00Z"))).toBeNull();
    // The night US clocks go back (Nov 1, 2026): 23:00 EDT on Oct 31 -> 07:00 EST on Nov 1.
    expect(quietUntil(night, Date.parse("2026-11-01T03:00:00Z"))?.toISOString()).toBe("2026-11-01T12:00:00.000Z");
  });
});

describe("quietHoursInput", () => {
  it("takes whole hours and a time zone, and refuses the rest with the field and the reason", () => {
    expect(quietHoursInput.parse(night)).toEqual(night);
    const refusal = (value: object) => {
      const result = quietHoursInput.safeParse({ ...night, ...value });
      return result.success ? null : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
    };
    expect(refusal({ startHour: 24 })).toEqual([["startHour", "startHour must be an hour from 0 to 23"]]);
    expect(refusal({ endHour: 6.5 })).toEqual([["endHour", "endHour must be an hour from 0 to 23"]]);
    expect(refusal({ endHour: 22 })).toEqual([["endHour", "Quiet hours must end at another hour than they start."]]);
    expect(refusal({ timeZone: "Mars/Olympus" })).toEqual([
      ["timeZone", "timeZone must be an IANA time zone such as America/New_York"],
    ]);
    expect(refusal({ enabled: "yes" })).toEqual([["enabled", "enabled must be true or false"]]);
  });
});
