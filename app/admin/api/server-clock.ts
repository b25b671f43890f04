// The server's clock as the admin knows it (issue 34, point 2): one offset from the browser's clock, learnt
// from the API's answers, so every "now" of the admin (components/use-now.ts) counts against the server's
// time even when the browser's clock is wrong. Every answer's Date header bounds it (request.ts); an answer
// that carries the server's time to the millisecond (the day's `now`, api/today.ts) sets it.

const SECOND_MS = 1000;

let offsetMs = 0;
const listeners = new Set<() => void>();

function setOffset(next: number): void {
  if (next === offsetMs) return;
  offsetMs = next;
  for (const listener of listeners) listener();
}

/** What to add to the browser's clock (Date.now()) to read the server's. */
export function serverClockOffset(): number {
  return offsetMs;
}

/** The server's time now, for a moment picked by an event (a dialog opening) rather than shown live (use-now.ts). */
export function serverNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Calls `listener` whenever the offset changes; returns the unsubscribe (useSyncExternalStore's shape). */
export function subscribeServerClock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * An answer's Date header (whole seconds, RFC 9110 §6.6.1), for a request sent at `sentAt` and answered at
 * `receivedAt` on the browser's clock. The server read its clock at some moment between the two, when it
 * showed a time within the header's second: that bounds the offset. An offset within the bounds is kept
 * (a right browser clock stays exact, and the millisecond `now` of api/today.ts is not rounded away);
 * one outside moves to the middle of the bounds (off by at most half of the second and the round trip).
 */
export function learnFromDateHeader(header: string | null, sentAt: number, receivedAt: number): void {
  const serverSecond = header ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(serverSecond) || receivedAt < sentAt) return;
  const lowest = serverSecond - receivedAt;
  const highest = serverSecond + SECOND_MS - sentAt;
  if (offsetMs < lowest || offsetMs > highest) setOffset(Math.round((lowest + highest) / 2));
}

/** The server's time to the millisecond (an ISO instant in an answer's body), answered at `receivedAt`. */
export function learnServerNow(serverNow: string, receivedAt: number): void {
  const instant = Date.parse(serverNow);
  if (!Number.isNaN(instant)) setOffset(instant - receivedAt);
}

/** Back to the browser's own clock (tests). */
export function resetServerClock(): void {
  setOffset(0);
}
