// A clock for AppOptions.clock that the test moves by hand, so a test of a time-based rule (session expiry,
// rate-limit windows, the order of leads) advances time instead of sleeping for it.

export type TestClock = {
  /** What the app reads (pass as `{ clock }` to buildApp / createTestApp). */
  clock: () => Date;
  /** Moves the clock forward by `ms`. */
  advance: (ms: number) => void;
};

/** Stands still at `startMs` (by default the real time it is made) until the test advances it. */
export function testClock(startMs: number = Date.now()): TestClock {
  let nowMs = startMs;
  return {
    clock: () => new Date(nowMs),
    advance: (ms) => {
      nowMs += ms;
    },
  };
}
