import { describe, expect, it } from "vitest";
import { zoneOffsetMs } from "../../../contract/time-zones.ts";
import { zonedIsoFormatter } from "./lead-export.ts";

// The export's times (issue 38): the formatter caches offsets per day and dates per local day, so it is
// checked against a plain Intl reading at every step of a year, in zones with DST changes at odd hours
// (Lord Howe's half hour at 02:00 local), offsets of 45 minutes and a zone without changes.

/** The reference: the zone's offset at the instant from Intl, the wall clock written by Date. */
function plain(instant: number, timeZone: string): string {
  const offset = zoneOffsetMs(instant, timeZone);
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return `${new Date(instant + offset).toISOString().slice(0, 19)}${sign}${hhmm}`;
}

describe("zonedIsoFormatter", () => {
  for (const timeZone of [
    "America/Chicago",
    "Europe/London",
    "Australia/Lord_Howe",
    "Pacific/Chatham",
    "Asia/Kathmandu",
    "UTC",
  ]) {
    it(`writes every instant of 2026 as Intl does in ${timeZone}`, () => {
      const zoned = zonedIsoFormatter(timeZone);
      const wrong: string[] = [];
      // A step that is no divisor of an hour visits every minute and second of the day over the year.
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 997_123) {
        const iso = new Date(at).toISOString();
        if (zoned(iso) !== plain(at, timeZone)) wrong.push(`${iso}: ${zoned(iso)} (Intl: ${plain(at, timeZone)})`);
      }
      expect(wrong.slice(0, 3)).toEqual([]);
    });
  }

  it("writes the instants around Chicago's spring and autumn changes with the offset of each side", () => {
    const zoned = zonedIsoFormatter("America/Chicago");
    expect(zoned("2026-03-08T07:59:59.999Z")).toBe("2026-03-08T01:59:59-06:00");
    expect(zoned("2026-03-08T08:00:00.000Z")).toBe("2026-03-08T03:00:00-05:00");
    expect(zoned("2026-11-01T06:59:59.000Z")).toBe("2026-11-01T01:59:59-05:00");
    expect(zoned("2026-11-01T07:00:00.000Z")).toBe("2026-11-01T01:00:00-06:00");
    expect(zoned(null)).toBe("");
  });
});
