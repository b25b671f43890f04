import { describe, expect, it } from "vitest";
import { splitFullName } from "../../contract/lead-form-schemas.ts";
import { meetingSlots, meetingTimeLabel, timeZoneInWords, meetingDateBounds } from "./contact-form-values.ts";

describe("splitFullName", () => {
  it.each([
    ["Dana Whitfield", "Dana", "Whitfield"],
    ["Mary Ann Smith", "Mary", "Ann Smith"],
    ["  Ana   de la  Cruz ", "Ana", "de la Cruz"],
    ["Cher", "Cher", ""],
    ["", "", ""],
  ])("splits %j into first word and the rest", (fullName, firstName, lastName) => {
    expect(splitFullName(fullName)).toEqual({ firstName, lastName });
  });
});

describe("meeting slots", () => {
  it("runs hourly from 9:00 AM to 5:00 PM, sent as HH:00, with 12:00 PM at noon", () => {
    expect(meetingSlots.map((slot) => slot.value)).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
    ]);
    expect(meetingSlots.map((slot) => slot.label)).toEqual([
      "9:00 AM",
      "10:00 AM",
      "11:00 AM",
      "12:00 PM",
      "1:00 PM",
      "2:00 PM",
      "3:00 PM",
      "4:00 PM",
      "5:00 PM",
    ]);
  });

  it("labels midnight as 12 AM", () => {
    expect(meetingTimeLabel("00:00")).toBe("12:00 AM");
  });
});

describe("meetingDateBounds", () => {
  it("is today in the visitor's zone to a year ahead, zero-padded", () => {
    // 2026-01-05 23:59 in Chicago is already the 6th in UTC.
    expect(meetingDateBounds(Date.UTC(2026, 0, 6, 5, 59), "America/Chicago")).toEqual({
      min: "2026-01-05",
      max: "2027-01-05",
    });
    expect(meetingDateBounds(Date.UTC(2026, 11, 31, 0, 1), "UTC")).toEqual({ min: "2026-12-31", max: "2027-12-31" });
  });

  it("ends a year after 29 February on 28 February", () => {
    expect(meetingDateBounds(Date.UTC(2028, 1, 29, 12), "UTC")).toEqual({ min: "2028-02-29", max: "2029-02-28" });
  });
});

describe("timeZoneInWords", () => {
  it.each([
    ["America/Chicago", "Central Time"],
    ["America/New_York", "Eastern Time"],
    ["America/Denver", "Mountain Time"],
    ["America/Los_Angeles", "Pacific Time"],
    ["America/Indiana/Indianapolis", "Eastern Time"],
  ])("names %s as %s, whatever the season", (zone, words) => {
    expect(timeZoneInWords(zone)).toBe(words);
  });

  it("names the zone in the page's English, not in the browser's language", () => {
    // The locale does change the words, so the default must be English on purpose.
    expect(timeZoneInWords("America/Chicago", "de")).not.toBe("Central Time");
    expect(timeZoneInWords("America/Chicago")).toBe("Central Time");
  });

  it("keeps the IANA name beside a bare offset, and shows an unknown zone as it is", () => {
    expect(timeZoneInWords("Etc/GMT+5")).toBe("Etc/GMT+5 (GMT-05:00)");
    expect(timeZoneInWords("Mars/Olympus_Mons")).toBe("Mars/Olympus_Mons");
  });
});
