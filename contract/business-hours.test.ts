import { describe, expect, it } from "vitest";
import {
  addBusinessHours,
  answerNowSince,
  businessHoursInput,
  businessPeriodEndAfter,
  defaultBusinessHours,
  isOpenAt,
  nextOpeningAt,
  openingOfBusinessDay,
  type BusinessHours,
} from "./business-hours.ts";

// The business-hours rule (issue 33). New York is UTC-5 in winter, UTC-4 in summer; 2026's changes are
// 8 March (2:00 → 3:00) and 1 November (2:00 → 1:00).

const iso = (ms: number) => new Date(ms).toISOString();
const at = (text: string) => Date.parse(text);
const hours = defaultBusinessHours;

describe("addBusinessHours", () => {
  it("counts a promise within one open day", () => {
    expect(iso(addBusinessHours(at("2026-11-30T14:30:00Z"), 4, hours))).toBe("2026-11-30T18:30:00.000Z"); // Mon 9:30 → 1:30 PM
  });

  it("carries an evening lead to the next opening: 6:40 PM Friday + 4 h is 1:00 PM Monday (the issue's example)", () => {
    expect(iso(addBusinessHours(at("2026-11-27T23:40:00Z"), 4, hours))).toBe("2026-11-30T18:00:00.000Z");
  });

  it("spans the evening: Monday 4:00 PM + 4 h is Tuesday 11:00 AM", () => {
    expect(iso(addBusinessHours(at("2026-11-30T21:00:00Z"), 4, hours))).toBe("2026-12-01T16:00:00.000Z");
  });

  it("spans a weekend with a 24-hour promise: Thursday 9:00 AM is due Monday 3:00 PM", () => {
    expect(iso(addBusinessHours(at("2026-11-26T14:00:00Z"), 24, hours))).toBe("2026-11-30T20:00:00.000Z");
  });

  it("skips a closed date (a holiday)", () => {
    const thanksgiving: BusinessHours = { ...hours, closedDates: ["2026-11-26", "2026-11-27"] };
    // Wednesday 4:00 PM: 2 h Wednesday, then Monday 9:00 + 2 h.
    expect(iso(addBusinessHours(at("2026-11-25T21:00:00Z"), 4, thanksgiving))).toBe("2026-11-30T16:00:00.000Z");
  });

  it("keeps the business's zone whatever the server's: Sydney, 9 to 5, in its summer (UTC+11)", () => {
    const sydney: BusinessHours = {
      timeZone: "Australia/Sydney",
      week: [1, 2, 3, 4, 5].map((day) => ({ day, open: "09:00", close: "17:00" })),
      closedDates: [],
    };
    // Friday 4:00 PM in Sydney (05:00Z) + 4 h: 1 h Friday, then Monday 9:00 + 3 h = 12:00 (01:00Z Monday).
    expect(iso(addBusinessHours(at("2026-11-27T05:00:00Z"), 4, sydney))).toBe("2026-11-30T01:00:00.000Z");
    expect(isOpenAt(at("2026-11-27T05:00:00Z"), sydney)).toBe(true);
    expect(isOpenAt(at("2026-11-27T06:30:00Z"), sydney)).toBe(false);
  });

  it("gives the same instants when the process runs in another zone (a server in Sydney)", () => {
    const before = process.env.TZ;
    process.env.TZ = "Australia/Sydney";
    try {
      // The process's zone did change (UTC+11 in November), so the rule cannot be reading it.
      expect(new Date(at("2026-11-27T23:40:00Z")).getTimezoneOffset()).toBe(-660);
      expect(iso(addBusinessHours(at("2026-11-27T23:40:00Z"), 4, hours))).toBe("2026-11-30T18:00:00.000Z");
      expect(iso(answerNowSince(at("2026-11-28T20:00:00Z"), hours))).toBe("2026-11-27T14:00:00.000Z");
      expect(iso(openingOfBusinessDay(at("2026-11-27T15:00:00Z"), 1, hours))).toBe("2026-11-30T14:00:00.000Z");
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it("counts the real hours of the spring change day when open through it: Saturday 11:00 PM EST + 4 h is 4:00 AM EDT", () => {
    const always: BusinessHours = {
      timeZone: "America/New_York",
      week: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: "00:00", close: "24:00" })),
      closedDates: [],
    };
    // The clocks skip 2:00 to 3:00 on 8 March: 4 real hours after 04:00Z is 08:00Z, 4:00 AM EDT on the wall.
    expect(iso(addBusinessHours(at("2026-03-08T04:00:00Z"), 4, always))).toBe("2026-03-08T08:00:00.000Z");
    expect(iso(businessPeriodEndAfter(at("2026-03-08T12:00:00Z"), always))).toBe("2026-03-09T04:00:00.000Z");
  });

  it("counts across the spring change: Friday 5:00 PM + 4 h is Monday 12:00 PM EDT (16:00Z)", () => {
    expect(iso(addBusinessHours(at("2026-03-06T22:00:00Z"), 4, hours))).toBe("2026-03-09T16:00:00.000Z");
  });

  it("counts across the autumn change: Friday 5:00 PM EDT + 4 h is Monday 12:00 PM EST (17:00Z)", () => {
    expect(iso(addBusinessHours(at("2026-10-30T21:00:00Z"), 4, hours))).toBe("2026-11-02T17:00:00.000Z");
  });

  it("counts the real hours of a change day when the business is open through it (a 24-hour business)", () => {
    const always: BusinessHours = {
      timeZone: "America/New_York",
      week: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: "00:00", close: "24:00" })),
      closedDates: [],
    };
    // Saturday 31 October 23:00 EDT + 4 h: the clocks go back at 2:00, so it is 2:00 AM EST (07:00Z).
    expect(iso(addBusinessHours(at("2026-11-01T03:00:00Z"), 4, always))).toBe("2026-11-01T07:00:00.000Z");
  });
});

describe("the dashboard's window and the shortcuts", () => {
  it("answerNowSince: today's opening when open, else the last business day's", () => {
    expect(iso(answerNowSince(at("2026-11-30T15:00:00Z"), hours))).toBe("2026-11-30T14:00:00.000Z"); // Mon 10:00 → Mon 9:00
    expect(iso(answerNowSince(at("2026-11-30T12:00:00Z"), hours))).toBe("2026-11-27T14:00:00.000Z"); // Mon 7:00 → Fri 9:00
    expect(iso(answerNowSince(at("2026-11-28T20:00:00Z"), hours))).toBe("2026-11-27T14:00:00.000Z"); // Sat → Fri 9:00
  });

  it("businessPeriodEndAfter: today's close when open, else the next business day's", () => {
    expect(iso(businessPeriodEndAfter(at("2026-11-30T15:00:00Z"), hours))).toBe("2026-11-30T23:00:00.000Z");
    expect(iso(businessPeriodEndAfter(at("2026-11-28T20:00:00Z"), hours))).toBe("2026-11-30T23:00:00.000Z");
  });

  it("nextOpeningAt and openingOfBusinessDay skip weekends and closed dates", () => {
    expect(iso(nextOpeningAt(at("2026-11-27T23:40:00Z"), hours))).toBe("2026-11-30T14:00:00.000Z");
    expect(nextOpeningAt(at("2026-11-30T15:00:00Z"), hours)).toBe(at("2026-11-30T15:00:00Z"));
    // "Tomorrow" from a Friday is Monday; with Monday closed, Tuesday.
    expect(iso(openingOfBusinessDay(at("2026-11-27T15:00:00Z"), 1, hours))).toBe("2026-11-30T14:00:00.000Z");
    expect(iso(openingOfBusinessDay(at("2026-11-27T15:00:00Z"), 1, { ...hours, closedDates: ["2026-11-30"] }))).toBe(
      "2026-12-01T14:00:00.000Z",
    );
  });
});

describe("businessHoursInput", () => {
  it("takes the spec's hours, sorted and de-duplicated", () => {
    const parsed = businessHoursInput.parse({
      timeZone: "America/New_York",
      week: [
        { day: 5, open: "09:00", close: "18:00" },
        { day: 1, open: "09:00", close: "18:00" },
      ],
      closedDates: ["2026-12-25", "2026-01-01", "2026-12-25"],
    });
    expect(parsed.week.map((d) => d.day)).toEqual([1, 5]);
    expect(parsed.closedDates).toEqual(["2026-01-01", "2026-12-25"]);
  });

  it.each([
    [{ timeZone: "Mars/Base" }, "timeZone must be an IANA time zone such as America/New_York"],
    [{ week: [] }, "Open at least one day of the week"],
    [{ week: [{ day: 8, open: "09:00", close: "18:00" }] }, "day is 1 (Monday) to 7 (Sunday)"],
    [{ week: [{ day: 1, open: "18:00", close: "09:00" }] }, "A day's opening time must be before its closing time"],
    [{ week: [{ day: 1, open: "9am", close: "18:00" }] }, "Times are HH:MM, from 00:00 to 24:00"],
    [
      {
        week: [
          { day: 1, open: "09:00", close: "18:00" },
          { day: 1, open: "10:00", close: "12:00" },
        ],
      },
      "week lists each day at most once",
    ],
    [{ closedDates: ["2026-02-30"] }, "Closed dates are YYYY-MM-DD"],
    [{ closedDates: ["1999-12-31"] }, "Closed dates are between 2000-01-01 and 2100-12-31"],
  ])("refuses %j with a specific message", (change, message) => {
    const result = businessHoursInput.safeParse({ ...defaultBusinessHours, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
