import { afterAll } from "vitest";
import { passwordWorkChannel, type PasswordWork } from "../../server/lib/passwords.ts";

/**
 * Records every argon2id run (new hash or verification) the server makes while this test file runs, from
 * the channel server/lib/passwords.ts publishes on: `runs` in order, emptied with `runs.length = 0`.
 */
export function recordPasswordWork(): { runs: PasswordWork[]; hashes: () => number } {
  const runs: PasswordWork[] = [];
  const record = (message: unknown) => runs.push(message as PasswordWork);
  passwordWorkChannel.subscribe(record);
  afterAll(() => {
    passwordWorkChannel.unsubscribe(record);
  });
  return { runs, hashes: () => runs.filter((run) => run.purpose === "hash").length };
}
