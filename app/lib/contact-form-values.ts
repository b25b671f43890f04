import { meetingDateRange, meetingSlots, meetingTimeLabel } from "../../contract/lead-options.ts";

export { meetingSlots, meetingTimeLabel };

// Pure helpers of the full contact form (unit-tested).

/** The meeting date input's bounds in the visitor's own calendar (YYYY-MM-DD): today to a year ahead, as the contract checks. */
export function meetingDateBounds(
  nowMs: number = Date.now(),
  timeZone: string = browserTimeZone(),
): { min: string; max: string } {
  return meetingDateRange(timeZone, nowMs);
}

/** The browser's time zone name, sent with the meeting time. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * "America/Chicago" -> "Central Time": the zone's generic name, the same in winter and summer, for the
 * line under the meeting time. Named in English, the page's language, whatever the browser's locale, so
 * the sentence does not switch language halfway. A zone without a name ("Etc/GMT+5" is "GMT-05:00") keeps
 * its IANA name beside the offset; a name the browser does not know is shown as it is.
 */
export function timeZoneInWords(timeZone: string, locale = "en-US"): string {
  let words: string | undefined;
  try {
    words = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "longGeneric" })
      .formatToParts(new Date())
      .find((part) => part.type === "timeZoneName")?.value;
  } catch {
    // RangeError: not a time zone this browser knows.
    return timeZone;
  }
  if (!words) return timeZone;
  return /^GMT(?:[+-]|$)/.test(words) ? `${timeZone} (${words})` : words;
}
