import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";

// TOTP (RFC 6238) as authenticator apps read it: SHA-1, 6 digits, 30-second steps, one step of drift
// either way. The secret is 20 random bytes (RFC 4226's recommended length), shown as base32.

const PERIOD_SECONDS = 30;

function totpOf(secretBase32: string, label = "", issuer = ""): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ buffer: randomBytes(20).buffer }).base32;
}

/** What an authenticator app scans: the otpauth:// URI, as a QR code (SVG) too. */
export function totpEnrolment(secretBase32: string, account: string, issuer: string): { uri: string; qrSvg: string } {
  const uri = totpOf(secretBase32, account, issuer).toString();
  return { uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/**
 * The time step a code belongs to (one step early or late is accepted), or null when it is not right.
 * The caller refuses a step already used (a code is single-use).
 */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of a moment (tests, and nothing else: the server never tells a code). */
export function totpCodeAt(secretBase32: string, now: Date): string {
  return totpOf(secretBase32).generate({ timestamp: now.getTime() });
}

/** Ten recovery codes, "xxxxx-xxxxx" from an alphabet without look-alikes (50 bits each). */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: count }, () => {
    const chars = Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed: case, spaces and the dash do not matter. */
export function normalizeRecoveryCode(code: string): string {
  const plain = code.toLowerCase().replace(/[\s-]/g, "");
  return plain.length === 10 ? `${plain.slice(0, 5)}-${plain.slice(5)}` : plain;
}
