import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box.ts";
import {
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  totpCodeAt,
  totpEnrolment,
  totpStepOf,
} from "./totp.ts";

describe("TOTP (RFC 6238)", () => {
  it("matches RFC 6238's SHA-1 test vectors (8 digits there, the last 6 here)", () => {
    // The RFC's key "12345678901234567890" in base32.
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totpCodeAt(secret, new Date(59_000))).toBe("287082");
    expect(totpCodeAt(secret, new Date(1_111_111_109_000))).toBe("081804");
    expect(totpCodeAt(secret, new Date(2_000_000_000_000))).toBe("279037");
  });

  it("accepts the code of this step and one step either side, and names the step; refuses others", () => {
    const secret = newTotpSecret();
    const now = new Date("2026-03-01T12:00:10Z");
    const step = Math.floor(now.getTime() / 30_000);
    expect(totpStepOf(secret, totpCodeAt(secret, now), now)).toBe(step);
    expect(totpStepOf(secret, totpCodeAt(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(totpStepOf(secret, totpCodeAt(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(totpStepOf(secret, totpCodeAt(secret, new Date(now.getTime() - 90_000)), now)).toBeNull();
    expect(totpStepOf(secret, "12345", now)).toBeNull();
    expect(totpStepOf(secret, "abcdef", now)).toBeNull();
  });

  it("makes an otpauth URI and a QR code an app can scan", () => {
    const { uri, qrSvg } = totpEnrolment("JBSWY3DPEHPK3PXP", "ana@example.com", "Summit Lead Marketing");
    expect(uri).toBe(
      "otpauth://totp/Summit%20Lead%20Marketing:ana%40example.com?issuer=Summit%20Lead%20Marketing&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30",
    );
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it("makes ten distinct recovery codes and reads them however they are typed", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(normalizeRecoveryCode(" ABCDE FGHJK ")).toBe("abcde-fghjk");
    expect(normalizeRecoveryCode("abcdefghjk")).toBe("abcde-fghjk");
  });
});

describe("secret box", () => {
  const key = Buffer.alloc(32, 7).toString("base64url");
  it("seals and opens; a box is different each time and never holds the secret in clear", () => {
    const a = sealSecret("JBSWY3DPEHPK3PXP", key);
    expect(a).not.toContain("JBSWY3DPEHPK3PXP");
    expect(sealSecret("JBSWY3DPEHPK3PXP", key)).not.toBe(a);
    expect(openSecret(a, key)).toBe("JBSWY3DPEHPK3PXP");
  });
  it("refuses another key or an altered box", () => {
    const box = sealSecret("secret", key);
    expect(openSecret(box, Buffer.alloc(32, 8).toString("base64url"))).toBeNull();
    expect(openSecret(box.slice(0, -2) + "AA", key)).toBeNull();
    expect(openSecret("plain", key)).toBeNull();
  });
});
