import { MIN_HUMAN_FILL_MS } from "../../contract/fields.ts";
import { formTokenStatus } from "./form-tokens.ts";

export type SpamSignals = {
  website?: string | undefined;
  elapsedMs?: number | undefined;
  formToken?: string | undefined;
};

/**
 * Why a lead is spam, as a closed list (the metrics' label, server/metrics/): the honeypot, each way a form
 * token fails, the browser's timer, and a token another lead spent (decided in the lead's transaction).
 */
export const spamCodes = [
  "honeypot",
  "token-missing",
  "token-forged",
  "token-too-fast",
  "token-expired",
  "too-fast",
  "token-reused",
] as const;
export type SpamCode = (typeof spamCodes)[number];

/** The reason is the owner's words (stored with the lead); the code is for counting. */
export type SpamFinding = { reason: string; code: SpamCode };

/**
 * Why a submission looks automated, or null. The lead is stored either way (as spam when not null).
 * The honeypot first (the surest sign), then the signed form token (the server's clock: cannot be
 * faked or skipped), then the browser's own timer.
 */
export function spamVerdict(
  signals: SpamSignals,
  formTokens: { secret: string; nowMs: number; minFillMs?: number },
): SpamFinding | null {
  const minFillMs = formTokens.minFillMs ?? MIN_HUMAN_FILL_MS;
  if (signals.website !== undefined && signals.website.trim() !== "") {
    return { reason: "The hidden honeypot field was filled in", code: "honeypot" };
  }
  const token = formTokenStatus(formTokens.secret, signals.formToken, formTokens.nowMs, minFillMs);
  if (token.status !== "ok") return { reason: token.problem, code: `token-${token.status}` };
  if (signals.elapsedMs !== undefined && signals.elapsedMs < minFillMs) {
    return {
      reason: `Sent ${signals.elapsedMs} ms after the form appeared (people need at least ${minFillMs} ms)`,
      code: "too-fast",
    };
  }
  return null;
}
