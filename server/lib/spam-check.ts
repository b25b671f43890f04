import { MIN_HUMAN_FILL_MS } from "../../contract/fields.ts";
import { formTokenProblem } from "./form-tokens.ts";

export type SpamSignals = { website?: string | undefined; elapsedMs?: number | undefined; formToken?: string | undefined };

/**
 * Why a submission looks automated, or null. The lead is stored either way (as spam when not null).
 * The honeypot first (the surest sign), then the signed form token (the server's clock: cannot be
 * faked or skipped), then the browser's own timer.
 */
export function spamVerdict(signals: SpamSignals, formTokens: { secret: string; nowMs: number }): { reason: string } | null {
  if (signals.website !== undefined && signals.website.trim() !== "") {
    return { reason: "The hidden honeypot field was filled in" };
  }
  const tokenProblem = formTokenProblem(formTokens.secret, signals.formToken, formTokens.nowMs);
  if (tokenProblem) return { reason: tokenProblem };
  if (signals.elapsedMs !== undefined && signals.elapsedMs < MIN_HUMAN_FILL_MS) {
    return { reason: `Sent ${signals.elapsedMs} ms after the form appeared (people need at least ${MIN_HUMAN_FILL_MS} ms)` };
  }
  return null;
}
