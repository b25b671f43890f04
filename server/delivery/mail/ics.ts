import { zonedInstant, zoneOffsetChanges, zoneOffsetMs } from "../../../contract/time-zones.ts";

// An RFC 5545 calendar file for a meeting the lead asked for. METHOD:PUBLISH, not REQUEST: REQUEST is an
// iTIP invitation that mail clients answer with accept/decline replies to the organizer, and this meeting
// is not yet agreed; PUBLISH lets the lead add the slot to a calendar as it is (STATUS:TENTATIVE, the
// summary says "requested — to be confirmed"). PUBLISH carries no ATTENDEE (RFC 5546 §3.2.1).
// The time is in the lead's own zone (DTSTART;TZID=...), with a VTIMEZONE built from the platform's zone
// data for the years around the meeting, so calendars show the hour the lead picked.

export type MeetingRequestIcs = {
  /** Globally unique and stable for the lead, so a resent file updates the same event. */
  uid: string;
  start: { date: string; hour: number; timeZone: string };
  durationMinutes: number;
  summary: string;
  description: string;
  organizer: { name: string; address: string };
  /** The DTSTAMP (when the file was made). */
  now: Date;
};

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;
const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped; other controls dropped. */
export function icsText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "")
      .replace(/[\\;,]/g, (c) => `\\${c}`)
      .replace(/\n/g, "\\n")
  );
}

/** A parameter value (CN=...): quoted, and DQUOTE and controls removed, as §3.2 allows no escape for them. */
function icsParam(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, "")}"`;
}

/** Lines longer than 75 octets folded (§3.1): CRLF plus a space, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // A continuation line starts with a space, which counts toward its 75 octets.
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      pieces.push(piece);
      piece = "";
      octets = 0;
    }
    piece += char;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join(`${CRLF} `);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** An instant as the UTC form (20261202T160000Z) or, shifted by an offset, as a local form (20261202T100000). */
function icsDateTime(instant: number, offsetMs: number | null): string {
  const d = new Date(instant + (offsetMs ?? 0));
  const text = `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return offsetMs === null ? `${text}Z` : text;
}

function utcOffset(offsetMs: number): string {
  const minutes = Math.abs(offsetMs) / 60000;
  return `${offsetMs < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`;
}

function zoneAbbreviation(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(new Date(instant));
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * The zone's observances from a year before the meeting to a year after it, so the one in force at the
 * meeting always has its onset listed. A zone that did not change in that span gets one STANDARD block.
 */
function vtimezone(timeZone: string, around: number): string[] {
  const changes = zoneOffsetChanges(timeZone, around - YEAR_MS, around + YEAR_MS);
  const observances =
    changes.length > 0
      ? changes.map(({ at, offsetFromMs, offsetToMs }) => ({
          kind: offsetToMs > offsetFromMs ? "DAYLIGHT" : "STANDARD",
          // An observance's DTSTART is its onset in the local time that was in force before it (§3.6.5).
          start: icsDateTime(at, offsetFromMs),
          from: offsetFromMs,
          to: offsetToMs,
          name: zoneAbbreviation(at, timeZone),
        }))
      : [
          {
            kind: "STANDARD",
            start: "19700101T000000",
            from: zoneOffsetMs(around, timeZone),
            to: zoneOffsetMs(around, timeZone),
            name: zoneAbbreviation(around, timeZone),
          },
        ];
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${timeZone}`,
    ...observances.flatMap((o) => [
      `BEGIN:${o.kind}`,
      `DTSTART:${o.start}`,
      `TZOFFSETFROM:${utcOffset(o.from)}`,
      `TZOFFSETTO:${utcOffset(o.to)}`,
      `TZNAME:${icsText(o.name)}`,
      `END:${o.kind}`,
    ]),
    "END:VTIMEZONE",
  ];
}

/** The .ics text (CRLF line ends, folded lines) of a requested, not yet confirmed meeting. */
export function meetingRequestIcs({
  uid,
  start,
  durationMinutes,
  summary,
  description,
  organizer,
  now,
}: MeetingRequestIcs): string {
  const startsAt = zonedInstant(start.date, start.hour, start.timeZone).getTime();
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Agency Site//Lead delivery//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...vtimezone(start.timeZone, startsAt),
    "BEGIN:VEVENT",
    `UID:${icsText(uid)}`,
    `DTSTAMP:${icsDateTime(now.getTime(), null)}`,
    `DTSTART;TZID=${start.timeZone}:${icsDateTime(startsAt, zoneOffsetMs(startsAt, start.timeZone))}`,
    `DURATION:PT${durationMinutes}M`,
    `SUMMARY:${icsText(summary)}`,
    `DESCRIPTION:${icsText(description)}`,
    `ORGANIZER;CN=${icsParam(organizer.name)}:mailto:${organizer.address}`,
    "STATUS:TENTATIVE",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
