// When a failed delivery is tried again: about 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 4 hours,
// each with ±20 % jitter (many deliveries failing together do not retry in step), until two days after the
// lead arrived; then the delivery is given up (failed) and the owner sees it in the admin.

const FIRST_DELAYS_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
const LATER_DELAY_MS = 4 * 3_600_000;
export const GIVE_UP_AFTER_MS = 48 * 3_600_000;

/** The next attempt after `attempts` failed ones, or null to give up. `random` is injectable for tests. */
export function nextAttemptAt(
  attempts: number,
  createdAt: Date,
  now: Date,
  random: () => number = Math.random,
): Date | null {
  const delay = FIRST_DELAYS_MS[attempts - 1] ?? LATER_DELAY_MS;
  const at = new Date(now.getTime() + delay * (0.8 + 0.4 * random()));
  return at.getTime() - createdAt.getTime() > GIVE_UP_AFTER_MS ? null : at;
}
