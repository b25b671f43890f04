import { createHmac, timingSafeEqual } from "node:crypto";
import { MIN_HUMAN_FILL_MS } from "../../contract/fields.ts";

// Form tokens: the server's own clock, signed, handed to a form when it appears (GET /api/form-token)
// and sent back with the lead. The time to fill is then measured on the server, so a bot can neither
// fake it nor skip it by leaving a field out (as it could `elapsedMs`). Tokens are not single-use:
// a bot may fetch a fresh one per lead, but must then wait like a person.

/** A token older than this is refused as a signal (a harvested token cannot be reused for ever). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const VERSION = "v1";

function signature(secret: string, issuedAt: string): Buffer {
  return createHmac("sha256", secret).update(`form-token.${VERSION}.${issuedAt}`).digest();
}

/** A token that says "issued at `issuedAtMs`", which only the holder of `secret` can make. */
export function signFormToken(secret: string, issuedAtMs: number): string {
  const issuedAt = Math.floor(issuedAtMs).toString(36);
  return `${VERSION}.${issuedAt}.${signature(secret, issuedAt).toString("base64url")}`;
}

/**
 * What a token says at `nowMs`: "ok" (a person's pace), "missing", "forged" (not ours, or malformed),
 * "too-fast" (younger than MIN_HUMAN_FILL_MS) or "expired" (older than FORM_TOKEN_MAX_AGE_MS), with why.
 */
export function formTokenStatus(
  secret: string,
  token: string | undefined,
  nowMs: number,
): { status: "ok" } | { status: "missing" | "forged" | "too-fast" | "expired"; problem: string } {
  if (token === undefined) return { status: "missing", problem: "No form token (the form never fetched one, or the sender skipped it)" };
  const [version, issuedAt, sent, ...rest] = token.split(".");
  const expected = issuedAt !== undefined && /^[0-9a-z]{1,12}$/.test(issuedAt) ? signature(secret, issuedAt) : null;
  const given = Buffer.from(sent ?? "", "base64url");
  if (version !== VERSION || rest.length > 0 || !expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { status: "forged", problem: "The form token is forged or malformed" };
  }
  const ageMs = nowMs - parseInt(issuedAt!, 36);
  if (ageMs < MIN_HUMAN_FILL_MS) {
    return { status: "too-fast", problem: `Sent ${Math.max(0, ageMs)} ms after the server issued the form token (people need at least ${MIN_HUMAN_FILL_MS} ms)` };
  }
  if (ageMs > FORM_TOKEN_MAX_AGE_MS) {
    return {
      status: "expired",
      problem: `The form token expired (issued ${Math.floor(ageMs / 3_600_000)} h before the submission; tokens last ${FORM_TOKEN_MAX_AGE_MS / 3_600_000} h)`,
    };
  }
  return { status: "ok" };
}

/** Why this token does not show a person's pace at `nowMs`, or null when it does. */
export function formTokenProblem(secret: string, token: string | undefined, nowMs: number): string | null {
  const found = formTokenStatus(secret, token, nowMs);
  return found.status === "ok" ? null : found.problem;
}
