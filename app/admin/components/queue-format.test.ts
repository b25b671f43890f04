import { describe, expect, it } from "vitest";
import type { Lead } from "../../../contract/admin-leads.ts";
import { dayAndTime, durationText, followUpStanding, meetingRequestText, replyStanding } from "./queue-format.ts";

const HOUR = 3_600_000;
const MINUTE = 60_000;
const created = "2026-11-24T12:00:00.000Z";
const at = (iso: string) => Date.parse(iso);

function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: "6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c",
    firstName: "Sam",
    lastName: "Lee",
    email: "sam@example.com",
    phone: "(512) 555-0142",
    status: "new",
    readAt: null,
    createdAt: created,
    formName: "contact-page",
    // The API's stored deadline (a 24-hour promise inside open hours: a day later).
    replyBy: "2026-11-25T12:00:00.000Z",
    products: [],
    followUpAt: null,
    followUpNote: null,
    ...overrides,
  } as unknown as Lead;
}

describe("replyStanding", () => {
  it("counts down a 24-hour promise and says when it is overdue", () => {
    expect(replyStanding(lead(), at(created) + 2 * HOUR)?.text).toBe("Reply within 22 h");
    expect(replyStanding(lead(), at(created) + 2 * HOUR)?.state).toBe("waiting");
    expect(replyStanding(lead(), at(created) + 20 * HOUR)).toMatchObject({
      state: "due-soon",
      text: "Reply within 4 h",
    });
    expect(replyStanding(lead(), at(created) + 27 * HOUR)).toMatchObject({ state: "overdue", text: "Overdue by 3 h" });
    expect(replyStanding(lead(), at(created) + 24 * HOUR + 25 * MINUTE)?.text).toBe("Overdue by 25 min");
    expect(replyStanding(lead(), at(created) + 24 * HOUR + 4 * 24 * HOUR)?.text).toBe("Overdue by 4 days");
  });

  it("follows the 4-hour promise of the home services form, in the dashboard's wording too", () => {
    const fast = lead({ formName: "home-services-audit", replyBy: "2026-11-24T16:00:00.000Z" });
    expect(replyStanding(fast, at(created) + 3 * HOUR + 20 * MINUTE, "due")).toMatchObject({
      state: "due-soon",
      text: "Due in 40 min",
    });
    expect(replyStanding(fast, at(created) + HOUR, "due")?.text).toBe("Due in 3 h");
    expect(replyStanding(fast, at(created) + 5 * HOUR, "due")?.text).toBe("Overdue by 1 h");
    expect(replyStanding(fast, at(created))?.deadline.toISOString()).toBe("2026-11-24T16:00:00.000Z");
  });

  it("counts down to the API's replyBy, not the arrival plus the promise (business hours, issue 33)", () => {
    // Sent 6:40 PM Friday in New York with a 4-hour promise: the server stored 1:00 PM Monday.
    const weekend = lead({
      formName: "home-services-audit",
      createdAt: "2026-11-27T23:40:00.000Z",
      replyBy: "2026-11-30T18:00:00.000Z",
    });
    expect(replyStanding(weekend, at("2026-11-28T17:00:00.000Z"))).toMatchObject({
      state: "waiting",
      text: "Reply within 2 days",
    });
    expect(replyStanding(weekend, at("2026-11-30T17:30:00.000Z"), "due")).toMatchObject({
      state: "due-soon",
      text: "Due in 30 min",
    });
    expect(replyStanding(weekend, at("2026-11-30T17:30:00.000Z"))?.deadline.toISOString()).toBe(
      "2026-11-30T18:00:00.000Z",
    );
  });

  it("says nothing once the lead is answered, nor for spam", () => {
    for (const status of ["contacted", "qualified", "won", "lost", "spam"] as const) {
      expect(replyStanding(lead({ status }), at(created) + 30 * HOUR)).toBeNull();
    }
  });
});

describe("durationText", () => {
  it("uses minutes under an hour, hours up to two days, then days", () => {
    expect(durationText(30_000, 1)).toBe("1 min");
    expect(durationText(-59 * MINUTE, 1)).toBe("59 min");
    expect(durationText(5 * HOUR, 5)).toBe("5 h");
    expect(durationText(72 * HOUR, 72)).toBe("3 days");
  });
});

describe("follow-ups", () => {
  const now = at("2026-11-24T15:00:00.000Z");
  const zone = "America/New_York"; // 10:00 AM there

  it("names today, tomorrow and yesterday, else the date", () => {
    expect(dayAndTime("2026-11-24T20:00:00.000Z", now, zone)).toBe("today 3:00 PM");
    expect(dayAndTime("2026-11-25T14:30:00.000Z", now, zone)).toBe("tomorrow 9:30 AM");
    expect(dayAndTime("2026-11-23T22:00:00.000Z", now, zone)).toBe("yesterday 5:00 PM");
    expect(dayAndTime("2026-11-27T20:00:00.000Z", now, zone)).toBe("Fri, Nov 27, 3:00 PM");
    expect(dayAndTime("2027-01-05T20:00:00.000Z", now, zone)).toBe("Tue, Jan 5, 2027, 3:00 PM");
    // The day is the zone's: 03:00 UTC on the 25th is still the 24th in New York.
    expect(dayAndTime("2026-11-25T03:00:00.000Z", now, zone)).toBe("today 10:00 PM");
  });

  it("reads as a sentence with its note, overdue when its time has passed", () => {
    expect(
      followUpStanding({ followUpAt: "2026-11-24T20:00:00.000Z", followUpNote: "call back Tuesday" }, now, zone),
    ).toEqual({
      text: "Follow up today 3:00 PM: call back Tuesday",
      overdue: false,
      dueToday: true,
    });
    expect(followUpStanding({ followUpAt: "2026-11-23T14:00:00.000Z", followUpNote: null }, now, zone)).toEqual({
      text: "Follow-up overdue since yesterday 9:00 AM",
      overdue: true,
      dueToday: false,
    });
    expect(
      followUpStanding({ followUpAt: "2026-11-26T14:00:00.000Z", followUpNote: "send the quote" }, now, zone)?.text,
    ).toBe("Follow up Thu, Nov 26, 9:00 AM: send the quote");
    expect(followUpStanding({ followUpAt: null, followUpNote: null }, now, zone)).toBeNull();
  });
});

describe("meetingRequestText", () => {
  it("puts the requested date and time in words", () => {
    expect(meetingRequestText({ meetingDate: "2026-03-05", meetingTime: "10:00" })).toBe(
      "Meeting requested: Thursday, March 5, 2026, 10:00 AM (their time)",
    );
    expect(meetingRequestText({ meetingDate: "2026-03-05", meetingTime: null })).toBe(
      "Meeting requested: Thursday, March 5, 2026",
    );
    expect(meetingRequestText({ meetingDate: "2026-03-05", meetingTime: "14:00" })).toMatch(/2:00 PM \(their time\)$/);
  });

  it("is nothing without a date", () => {
    expect(meetingRequestText({ meetingDate: null, meetingTime: null })).toBeNull();
    expect(meetingRequestText({ meetingDate: "soon", meetingTime: null })).toBeNull();
  });

  it("names a preferred hour without a date as any day (issue 33)", () => {
    expect(meetingRequestText({ meetingDate: null, meetingTime: "10:00" })).toBe(
      "Meeting requested: any day, 10:00 AM (their time)",
    );
  });
});
