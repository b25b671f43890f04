import { isDatabaseUnavailable, unavailableReason } from "./unavailable.ts";

// Start-up waits for the database instead of exiting at once: in a deploy the server and the
// database often start together, or the database restarts while the server is being rolled.

/** Start-up gave up: the database stayed unavailable for the whole DATABASE_STARTUP_TIMEOUT_SECONDS. */
export class DatabaseStartupError extends Error {
  override readonly name = "DatabaseStartupError";
}

export type StartupWaitOptions = {
  timeoutMs: number;
  log: { warn: (details: object, message: string) => void };
  /** The clock and the pause between attempts; tests inject both instead of sleeping. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/** The pause after the first failure; it doubles after each further one, up to the maximum. */
export const FIRST_RETRY_DELAY_MS = 250;
export const MAX_RETRY_DELAY_MS = 5_000;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it succeeds, retrying with exponential backoff while it fails because the
 * database is unavailable (unavailable.ts), for at most `timeoutMs` (0: one attempt). Any other error
 * (wrong password, unknown database) is not going to fix itself and is thrown at once.
 */
export async function waitForDatabase<T>(attempt: () => Promise<T>, options: StartupWaitOptions): Promise<T> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const started = now();
  let delay = FIRST_RETRY_DELAY_MS;
  for (let attempts = 1; ; attempts += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const reason = unavailableReason(error);
      const left = started + options.timeoutMs - now();
      if (left <= 0) {
        const seconds = options.timeoutMs / 1000;
        throw new DatabaseStartupError(
          `The database did not answer: gave up after ${attempts} attempt(s) in ${seconds} s ` +
            `(DATABASE_STARTUP_TIMEOUT_SECONDS=${seconds}). Last error: ${reason}`,
          { cause: error },
        );
      }
      const pause = Math.min(delay, left);
      options.log.warn({ attempt: attempts, retryInMs: pause, reason }, "the database does not answer yet; retrying");
      await sleep(pause);
      delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
    }
  }
}
