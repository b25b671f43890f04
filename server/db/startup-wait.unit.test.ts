import { describe, expect, it } from "vitest";
import { DatabaseStartupError, FIRST_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS, waitForDatabase } from "./startup-wait.ts";

// An injected clock: each pause moves time forward instead of sleeping.

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

function fakeTime() {
  let time = 0;
  const pauses: number[] = [];
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  return {
    pauses,
    warnings,
    now: () => time,
    sleep: async (ms: number) => {
      pauses.push(ms);
      time += ms;
    },
    log: {
      warn: (details: object, message: string) =>
        warnings.push({ details: details as Record<string, unknown>, message }),
    },
  };
}

describe("waitForDatabase", () => {
  it("retries while the database is unavailable, doubling the pause, and returns what the attempt returns", async () => {
    const clock = fakeTime();
    let attempts = 0;
    const result = await waitForDatabase(
      async () => {
        attempts += 1;
        if (attempts <= 3) throw refused();
        return "connected";
      },
      { timeoutMs: 60_000, ...clock },
    );
    expect(result).toBe("connected");
    expect(attempts).toBe(4);
    expect(clock.pauses).toEqual([FIRST_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2, FIRST_RETRY_DELAY_MS * 4]);
    expect(clock.warnings).toHaveLength(3);
    expect(clock.warnings[0]).toEqual({
      details: {
        attempt: 1,
        retryInMs: FIRST_RETRY_DELAY_MS,
        reason: "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432",
      },
      message: "the database does not answer yet; retrying",
    });
  });

  it("caps the pause, never waits past the time limit, then gives up with a clear message", async () => {
    const clock = fakeTime();
    const error = await waitForDatabase(() => Promise.reject(refused()), { timeoutMs: 20_000, ...clock }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatabaseStartupError);
    expect((error as Error).message).toBe(
      "The database did not answer: gave up after 9 attempt(s) in 20 s (DATABASE_STARTUP_TIMEOUT_SECONDS=20). " +
        "Last error: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432",
    );
    // 250 + 500 + 1000 + 2000 + 4000 + 5000 + 5000 = 17,750; the last pause only fills the time left.
    expect(clock.pauses).toEqual([250, 500, 1000, 2000, 4000, MAX_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS, 2250]);
    expect(clock.pauses.reduce((a, b) => a + b)).toBe(20_000);
  });

  it("tries once when the time limit is 0", async () => {
    const clock = fakeTime();
    let attempts = 0;
    const error = await waitForDatabase(
      () => {
        attempts += 1;
        return Promise.reject(refused());
      },
      { timeoutMs: 0, ...clock },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseStartupError);
    expect(attempts).toBe(1);
    expect(clock.pauses).toEqual([]);
    expect(clock.warnings).toEqual([]);
  });

  it("does not retry an error that waiting will not fix (a wrong password)", async () => {
    const clock = fakeTime();
    const wrongPassword = Object.assign(new Error('password authentication failed for user "agency"'), {
      code: "28P01",
    });
    let attempts = 0;
    const error = await waitForDatabase(
      () => {
        attempts += 1;
        return Promise.reject(wrongPassword);
      },
      { timeoutMs: 60_000, ...clock },
    ).catch((e: unknown) => e);
    expect(error).toBe(wrongPassword);
    expect(attempts).toBe(1);
    expect(clock.pauses).toEqual([]);
  });
});
