// The live countdown of a lead on "Now" (issue 33): how long is left before its reply-by time, to the
// second in the last hour, or how long it is overdue. The deadline itself is the API's `replyBy`
// (contract/business-hours.ts counts it in business hours); this only words the distance to it.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type Countdown = { text: string; overdue: boolean; urgent: boolean };

const two = (n: number) => String(n).padStart(2, "0");

/** "1 d 4 h", "3 h 05 min", "42:07" (minutes:seconds in the last hour). */
function span(ms: number, seconds: boolean): string {
  if (ms >= DAY) return `${Math.floor(ms / DAY)} d ${Math.floor((ms % DAY) / HOUR)} h`;
  if (ms >= HOUR) return `${Math.floor(ms / HOUR)} h ${two(Math.floor((ms % HOUR) / MINUTE))} min`;
  if (!seconds) return `${Math.max(1, Math.floor(ms / MINUTE))} min`;
  return `${two(Math.floor(ms / MINUTE))}:${two(Math.floor((ms % MINUTE) / SECOND))}`;
}

/** The countdown to `replyBy` at `now`; urgent in its last hour. */
export function countdownText(replyBy: string, now: number): Countdown {
  const left = Date.parse(replyBy) - now;
  if (left <= 0) return { text: `Overdue by ${span(-left, false)}`, overdue: true, urgent: true };
  return { text: `Reply within ${span(left, true)}`, overdue: false, urgent: left < HOUR };
}
