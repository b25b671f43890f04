import { describe, expect, it } from "vitest";
import { MIN_HUMAN_FILL_MS } from "../../contract/fields.ts";
import { signFormToken } from "./form-tokens.ts";
import { spamVerdict } from "./spam-check.ts";

// The minimum fill time is the server's FORM_MIN_FILL_MS (config.formMinFillMs): the browser tests shorten it.

const secret = "a test secret for form tokens";
const nowMs = Date.UTC(2026, 0, 5, 12);
const tokenAged = (ageMs: number) => signFormToken(secret, nowMs - ageMs);

describe("spamVerdict's minimum fill time", () => {
  it("defaults to MIN_HUMAN_FILL_MS for the token and the browser's timer", () => {
    expect(spamVerdict({ formToken: tokenAged(MIN_HUMAN_FILL_MS - 1) }, { secret, nowMs })).toEqual({
      reason: `Sent ${MIN_HUMAN_FILL_MS - 1} ms after the server issued the form token (people need at least ${MIN_HUMAN_FILL_MS} ms)`,
      code: "token-too-fast",
    });
    expect(
      spamVerdict({ formToken: tokenAged(MIN_HUMAN_FILL_MS), elapsedMs: MIN_HUMAN_FILL_MS - 1 }, { secret, nowMs }),
    ).toEqual({
      reason: `Sent ${MIN_HUMAN_FILL_MS - 1} ms after the form appeared (people need at least ${MIN_HUMAN_FILL_MS} ms)`,
      code: "too-fast",
    });
    expect(
      spamVerdict({ formToken: tokenAged(MIN_HUMAN_FILL_MS), elapsedMs: MIN_HUMAN_FILL_MS }, { secret, nowMs }),
    ).toBeNull();
  });

  it("uses the configured time for both", () => {
    const formTokens = { secret, nowMs, minFillMs: 300 };
    expect(spamVerdict({ formToken: tokenAged(300), elapsedMs: 300 }, formTokens)).toBeNull();
    expect(spamVerdict({ formToken: tokenAged(299) }, formTokens)).toEqual({
      reason: "Sent 299 ms after the server issued the form token (people need at least 300 ms)",
      code: "token-too-fast",
    });
    expect(spamVerdict({ formToken: tokenAged(300), elapsedMs: 299 }, formTokens)).toEqual({
      reason: "Sent 299 ms after the form appeared (people need at least 300 ms)",
      code: "too-fast",
    });
  });
});
