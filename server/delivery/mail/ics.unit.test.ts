import { describe, expect, it } from "vitest";
import { icsLines } from "../../../tests/helpers/ics-lines.ts";
import { foldLine, icsText, meetingRequestIcs } from "./ics.ts";

const meeting = {
  uid: "d-1@agency.example",
  start: { date: "2026-12-02", hour: 10, timeZone: "America/Chicago" },
  durationMinutes: 30,
  summary: "Meeting with Agency (requested — to be confirmed)",
  description: "Ada Lovelace asked for this meeting.",
  organizer: { name: "Agency", address: "hello@agency.example" },
  now: new Date("2026-11-23T15:04:05.000Z"),
};

describe("meetingRequestIcs", () => {
  it("writes a year before 100 with four digits, not as 19xx", () => {
    const lines = icsLines(meetingRequestIcs({ ...meeting, start: { date: "0050-06-01", hour: 10, timeZone: "UTC" } }));
    expect(lines).toContain("DTSTART;TZID=UTC:00500601T100000");
  });

  it("writes a tentative event at the lead's hour in the lead's zone, with the zone's rules", () => {
    const ics = meetingRequestIcs(meeting);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/); // CRLF only
    const lines = icsLines(ics);
    expect(lines.slice(0, 5)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Agency Site//Lead delivery//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
    ]);
    const event = lines.slice(lines.indexOf("BEGIN:VEVENT"), lines.indexOf("END:VEVENT") + 1);
    expect(event).toEqual([
      "BEGIN:VEVENT",
      "UID:d-1@agency.example",
      "DTSTAMP:20261123T150405Z",
      "DTSTART;TZID=America/Chicago:20261202T100000",
      "DURATION:PT30M",
      "SUMMARY:Meeting with Agency (requested — to be confirmed)",
      "DESCRIPTION:Ada Lovelace asked for this meeting.",
      'ORGANIZER;CN="Agency":mailto:hello@agency.example',
      "STATUS:TENTATIVE",
      "TRANSP:OPAQUE",
      "END:VEVENT",
    ]);
    const zone = lines.slice(lines.indexOf("BEGIN:VTIMEZONE"), lines.indexOf("END:VTIMEZONE") + 1).join("\n");
    expect(zone).toContain("TZID:America/Chicago");
    // The observance in force on Dec 2, 2026 (CST since Nov 1) and the one before it.
    expect(zone).toContain(
      "BEGIN:STANDARD\nDTSTART:20261101T020000\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0600\nTZNAME:CST\nEND:STANDARD",
    );
    expect(zone).toContain(
      "BEGIN:DAYLIGHT\nDTSTART:20260308T020000\nTZOFFSETFROM:-0600\nTZOFFSETTO:-0500\nTZNAME:CDT\nEND:DAYLIGHT",
    );
    expect(lines.at(-1)).toBe("END:VCALENDAR");
  });

  it("gives a zone without changes one standard observance", () => {
    const lines = icsLines(
      meetingRequestIcs({ ...meeting, start: { date: "2026-12-02", hour: 9, timeZone: "Asia/Kolkata" } }),
    );
    const zone = lines.slice(lines.indexOf("BEGIN:VTIMEZONE"), lines.indexOf("END:VTIMEZONE") + 1);
    expect(zone).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Asia/Kolkata",
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:+0530",
      "TZOFFSETTO:+0530",
      "TZNAME:GMT+5:30",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
    expect(lines).toContain("DTSTART;TZID=Asia/Kolkata:20261202T090000");
  });

  it("escapes text and folds long lines at 75 octets without splitting a character", () => {
    const description = `Notes; with, commas \\ and\nlines. ${"Zoë’s café ☕ ".repeat(12)}`;
    const ics = meetingRequestIcs({
      ...meeting,
      description,
      organizer: { name: 'Agency "Best"; Inc', address: "hello@agency.example" },
    });
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).not.toContain("\uFFFD");
    const lines = icsLines(ics);
    expect(lines).toContain(
      `DESCRIPTION:Notes\\; with\\, commas \\\\ and\\nlines. ${"Zoë’s café ☕ ".repeat(12).replace(/,/g, "\\,")}`,
    );
    expect(lines).toContain('ORGANIZER;CN="Agency Best; Inc":mailto:hello@agency.example');
  });
});

describe("foldLine and icsText", () => {
  it("folds at exactly 75 octets, continuation lines starting with a space", () => {
    const folded = foldLine("X".repeat(200));
    expect(folded.split("\r\n").map((l) => l.length)).toEqual([75, 75, 52]);
    expect(
      folded
        .split("\r\n")
        .slice(1)
        .every((l) => l.startsWith(" ")),
    ).toBe(true);
    expect(foldLine("short")).toBe("short");
  });

  it("drops control characters other than line breaks", () => {
    expect(icsText("a\r\nb\u0007c\td")).toBe("a\\nbcd");
  });
});
