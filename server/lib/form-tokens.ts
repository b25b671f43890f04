import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { MIN_HUMAN_FILL_MS } from "../../contract/fields.ts";

// Form tokens: the server's own clock, signed, handed to a form when it appears (GET /api/form-token)
// and sent back with the lead. The time to fill is then measured on the server, so a bot can neither
// fake it nor skip it by leaving a field out (as it could `elapsedMs`). Each token is unique (a random
// nonce) and carries one lead: it is spent in the lead's transaction (repositories/leads/form-token-uses.ts),
// and a second lead on it is spam. A bot may fetch a fresh token per lead, but must then wait like a person.

/** A token older than this is refused as a signal (a harvested token cannot be reused for ever). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const VERSION = "v2";
/** Tokens issued before they carried a nonce (all alike within a millisecond); honoured until they expire. */
const LEGACY_VERSION = "v1";

function signature(secret: string, version: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`form-token.${version}.${payload}`).digest();
}

/** A token that says "issued at `issuedAtMs`", unique, which only the holder of `secret` can make. */
export function signFormToken(secret: string, issuedAtMs: number): string {
  const payload = `${Math.floor(issuedAtMs).toString(36)}.${randomBytes(12).toString("base64url")}`;
  return `${VERSION}.${payload}.${signature(secret, VERSION, payload).toString("base64url")}`;
}

/** What the used-token table keeps of a token: its SHA-256 (the token itself is a bearer credential). */
export function formTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The issue time a well-formed token of ours carries, or null when it is forged or malformed. */
function verifiedIssuedAt(secret: string, token: string): number | null {
  const parts = token.split(".");
  const version = parts[0];
  const payloadParts = version === VERSION ? 2 : version === LEGACY_VERSION ? 1 : -1;
  if (payloadParts < 0 || parts.length !== payloadParts + 2) return null;
  const [issuedAt, nonce] = parts.slice(1, 1 + payloadParts);
  if (issuedAt === undefined || !/^[0-9a-z]{1,12}$/.test(issuedAt)) return null;
  if (version === VERSION && (nonce === undefined || !/^[A-Za-z0-9_-]{16}$/.test(nonce))) return null;
  const expected = signature(secret, version!, parts.slice(1, 1 + payloadParts).join("."));
  const given = Buffer.from(parts.at(-1)!, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return parseInt(issuedAt, 36);
}

/**
 * What a token says at `nowMs`: "ok" (a person's pace), "missing", "forged" (not ours, or malformed),
 * "too-fast" (younger than `minFillMs`, the server's FORM_MIN_FILL_MS) or "expired" (older than
 * FORM_TOKEN_MAX_AGE_MS), with why.
 */
export function formTokenStatus(
  secret: string,
  token: string | undefined,
  nowMs: number,
  minFillMs: number = MIN_HUMAN_FILL_MS,
): { status: "ok" } | { status: "missing" | "forged" | "too-fast" | "expired"; problem: string } {
  if (token === undefined)
    return { status: "missing", problem: "No form token (the form never fetched one, or the sender skipped it)" };
  const issuedAt = verifiedIssuedAt(secret, token);
  if (issuedAt === null) return { status: "forged", problem: "The form token is forged or malformed" };
  const ageMs = nowMs - issuedAt;
  if (ageMs < minFillMs) {
    return {
      status: "too-fast",
      problem: `Sent ${Math.max(0, ageMs)} ms after the server issued the form token (people need at least ${minFillMs} ms)`,
    };
  }
  if (ageMs > FORM_TOKEN_MAX_AGE_MS) {
    return {
      status: "expired",
      problem: `The form token expired (issued ${Math.floor(ageMs / 3_600_000)} h before the submission; tokens last ${FORM_TOKEN_MAX_AGE_MS / 3_600_000} h)`,
    };
  }
  return { status: "ok" };
}

/** When a token of ours stops being honoured (its row in the used-token table can go then), or null when it is not ours. */
export function formTokenExpiresAt(secret: string, token: string): Date | null {
  const issuedAt = verifiedIssuedAt(secret, token);
  return issuedAt === null ? null : new Date(issuedAt + FORM_TOKEN_MAX_AGE_MS);
}
