import { MIN_HUMAN_FILL_MS } from "../../contract/fields.ts";

/** Why a submission looks automated, or null. The lead is stored either way (as spam when not null). */
export function spamVerdict(signals: { website?: string | undefined; elapsedMs?: number | undefined }): { reason: string } | null {
  if (signals.website !== undefined && signals.website.trim() !== "") {
    return { reason: "The hidden honeypot field was filled in" };
  }
  if (signals.elapsedMs !== undefined && signals.elapsedMs < MIN_HUMAN_FILL_MS) {
    return { reason: `Sent ${signals.elapsedMs} ms after the form appeared (people need at least ${MIN_HUMAN_FILL_MS} ms)` };
  }
  return null;
}
