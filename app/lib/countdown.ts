// SPEC §4, §9: a countdown starts at 3,600 seconds, drops by one each second, stops at 0, shown as HH:MM:SS.

export const COUNTDOWN_START_SECONDS = 3600;
export const COUNTDOWN_TICK_MS = 1000;

/** 3600 -> "01:00:00"; every part zero-padded to two digits. */
export function formatHms(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/**
 * Seconds left before `endsAt` (a Date.now() value). Counted against a deadline rather than by
 * decrements, so a throttled background tab still shows the right time when it returns.
 */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.round((endsAt - now) / 1000));
}
