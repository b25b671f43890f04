// A clock for AppOptions.clock that the test moves by hand, so a test of a time-based rule (session expiry,
// rate-limit windows, the order of leads) advances time instead of sleeping for it.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export type TestClock = {
  /** What the app reads (pass as `{ clock }` to buildApp / createTestApp). */
  clock: () => Date;
  /** Moves the clock forward by `ms`. */
  advance: (ms: number) => void;
  /** The clock's time `ms` from now (negative: before now), without moving it: `offset(-25 * HOUR_MS)`. */
  offset: (ms: number) => Date;
};

/** Stands still at `startMs` (by default the real time it is made) until the test advances it. */
export function testClock(startMs: number = Date.now()): TestClock {
  let nowMs = startMs;
  return {
    clock: () => new Date(nowMs),
    advance: (ms) => {
      nowMs += ms;
    },
    offset: (ms) => new Date(nowMs + ms),
  };
}

export type RunningTestClock = TestClock & {
  /** Back to real time. */
  reset: () => void;
};

/**
 * Real time plus what the test has moved it on by: for an app whose workers (the outbox, timers) must see
 * time pass on their own, while the test jumps over hours and days.
 */
export function runningClock(): RunningTestClock {
  let movedMs = 0;
  return {
    clock: () => new Date(Date.now() + movedMs),
    advance: (ms) => {
      movedMs += ms;
    },
    offset: (ms) => new Date(Date.now() + movedMs + ms),
    reset: () => {
      movedMs = 0;
    },
  };
}
