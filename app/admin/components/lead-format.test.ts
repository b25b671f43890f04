import { describe, expect, it } from "vitest";
import { hourLabel, replyBy, statusDescriptions, telHref, timeZoneLabel } from "./lead-format.ts";

describe("human words for what the lead sent", () => {
  it("names a time zone by its generic name and city, never by its IANA id", () => {
    expect(timeZoneLabel("America/Chicago")).toBe("Central Time (Chicago)");
    expect(timeZoneLabel("America/New_York")).toBe("Eastern Time (New York)");
    expect(timeZoneLabel("America/Argentina/Buenos_Aires")).toMatch(/ \(Buenos Aires\)$/);
    expect(timeZoneLabel("Europe/Berlin")).toBe("Central European Time (Berlin)");
    // Zones named only by an offset read as the offset; UTC as UTC.
    expect(timeZoneLabel("Etc/GMT+5")).toBe("GMT-05:00");
    expect(timeZoneLabel("UTC")).toBe("UTC");
    expect(timeZoneLabel("Etc/UTC")).toBe("UTC");
    // Unknown to the browser: shown as sent, there is nothing else.
    expect(timeZoneLabel("Mars/Olympus_Mons")).toBe("Mars/Olympus_Mons");
  });

  it("writes whole hours as people read them", () => {
    expect([0, 7, 12, 13, 23].map(hourLabel)).toEqual(["12:00 AM", "7:00 AM", "12:00 PM", "1:00 PM", "11:00 PM"]);
  });

  it("dials the digits of a phone as the lead typed it", () => {
    expect(telHref("(512) 555-0142")).toBe("tel:5125550142");
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
    // An extension is not part of the number dialled.
    expect(telHref("512.555.0142 ext. 12")).toBe("tel:5125550142;ext=12");
    expect(telHref("512-555-0142 x7")).toBe("tel:5125550142;ext=7");
    expect(telHref("512 555 0142 #301")).toBe("tel:5125550142;ext=301");
  });
});

describe("the reply promise", () => {
  const deadline = "2026-11-25T12:00:00.000Z";
  const now = Date.parse("2026-11-25T09:30:00.000Z");

  it("reads the API's replyBy while the lead is new, and is gone once answered or spam (contract awaitsReply)", () => {
    expect(replyBy({ status: "new", replyBy: deadline }, now)).toEqual({
      deadline: new Date(deadline),
      overdue: false,
      hours: 3,
    });
    expect(replyBy({ status: "new", replyBy: deadline }, Date.parse(deadline) + 1)).toEqual({
      deadline: new Date(deadline),
      overdue: true,
      hours: 1,
    });
    for (const status of ["contacted", "qualified", "won", "lost", "spam"] as const)
      expect(replyBy({ status, replyBy: deadline }, now)).toBeNull();
  });

  it("names the forms' promises from the contract", () => {
    expect(statusDescriptions.new).toBe("Not answered yet: reply within the form's promise (4 or 24 hours).");
  });
});
