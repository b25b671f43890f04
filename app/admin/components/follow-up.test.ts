import { describe, expect, it } from "vitest";
import { leadUpdate } from "../../../contract/admin-leads.ts";
import { defaultBusinessHours } from "../../../contract/business-hours.ts";
import {
  followUpQuickPicks,
  followUpState,
  followUpText,
  fromLocalInput,
  isoWithOffset,
  toLocalInput,
} from "./follow-up.ts";

describe("follow-up times", () => {
  it("sends the picked wall-clock time as ISO 8601 with the browser's offset, which the contract accepts", () => {
    const picked = new Date(2026, 2, 3, 9, 0);
    const iso = isoWithOffset(picked);
    expect(iso).toMatch(/^2026-03-03T09:00:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso)).toBe(picked.getTime());
    expect(leadUpdate.parse({ followUpAt: iso }).followUpAt).toBe(picked.toISOString());
  });

  it("reads a datetime-local value as the browser's wall clock and refuses what is no date", () => {
    expect(fromLocalInput("2026-03-03T09:30")?.getTime()).toBe(new Date(2026, 2, 3, 9, 30).getTime());
    expect(fromLocalInput("2026-02-31T09:00")).toBeNull();
    expect(fromLocalInput("")).toBeNull();
    expect(fromLocalInput("tomorrow")).toBeNull();
    expect(toLocalInput(new Date(2026, 2, 3, 9, 30).toISOString())).toBe("2026-03-03T09:30");
    expect(toLocalInput("not a time")).toBe("");
  });

  it("offers the next business day, in three days and in a week, each at the business's opening, skipping closed days (issue 33)", () => {
    // Wednesday 30 December 2026, 4:45 PM in New York; closed on New Year's Day.
    const now = new Date("2026-12-30T21:45:00Z");
    const hours = { ...defaultBusinessHours, closedDates: ["2027-01-01"] };
    const picks = followUpQuickPicks(now, hours);
    expect(picks.map((pick) => pick.label)).toEqual(["Next business day", "In 3 days", "In a week"]);
    // Thursday 31st 9:00; "in 3 days" is Saturday 2nd: Monday 4th; a week is Wednesday 6th. 9:00 EST is 14:00Z.
    expect(picks.map((pick) => pick.at.toISOString())).toEqual([
      "2026-12-31T14:00:00.000Z",
      "2027-01-04T14:00:00.000Z",
      "2027-01-06T14:00:00.000Z",
    ]);
    // From Thursday, the next business day skips the closed Friday and the weekend.
    expect(followUpQuickPicks(new Date("2026-12-31T15:00:00Z"), hours)[0]!.at.toISOString()).toBe(
      "2027-01-04T14:00:00.000Z",
    );
  });

  it("tells a past follow-up from one later today and one on a later day", () => {
    const now = new Date(2026, 2, 3, 12, 0);
    expect(followUpState(new Date(2026, 2, 3, 11, 59).toISOString(), now)).toBe("overdue");
    expect(followUpState(new Date(2026, 2, 3, 23, 59).toISOString(), now)).toBe("today");
    expect(followUpState(new Date(2026, 2, 4, 0, 0).toISOString(), now)).toBe("later");
  });
});

describe("a follow-up in words", () => {
  it("says when, with the note in brackets", () => {
    const at = new Date(2026, 2, 3, 9, 0).toISOString();
    expect(followUpText(at, "call back Tuesday")).toMatch(/^Mar 3, 2026, 9:00\s?AM \(call back Tuesday\)$/);
    expect(followUpText(at, null)).toMatch(/^Mar 3, 2026, 9:00\s?AM$/);
  });
});
