import { generateKeyPairSync } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { describe, expect, it } from "vitest";
import { isUsablePasskeyKey } from "./passkey-keys.ts";

// A new passkey's COSE public key is parsed into a real key before it is stored (issue 32, finding 8): a
// truncated attestation once stored a 69-byte P-256 key no assertion could match.

type CoseMap = Map<number, number | Uint8Array>;
const cbor = (map: CoseMap) => new Uint8Array(isoCBOR.encode(map));
const bytes = (base64url: string | undefined) => new Uint8Array(Buffer.from(base64url!, "base64url"));

function es256(): CoseMap {
  const jwk = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ format: "jwk" });
  return new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, bytes(jwk.x)],
    [-3, bytes(jwk.y)],
  ]);
}

describe("isUsablePasskeyKey", () => {
  it("accepts complete ES256, EdDSA and RS256 keys", () => {
    expect(isUsablePasskeyKey(cbor(es256()))).toBe(true);
    const ed = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" });
    expect(
      isUsablePasskeyKey(
        cbor(
          new Map<number, number | Uint8Array>([
            [1, 1],
            [3, -8],
            [-1, 6],
            [-2, bytes(ed.x)],
          ]),
        ),
      ),
    ).toBe(true);
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" });
    expect(
      isUsablePasskeyKey(
        cbor(
          new Map<number, number | Uint8Array>([
            [1, 3],
            [3, -257],
            [-1, bytes(rsa.n)],
            [-2, bytes(rsa.e)],
          ]),
        ),
      ),
    ).toBe(true);
  });

  it("refuses a P-256 key with a truncated coordinate (the 69-byte key), or none", () => {
    const truncated = es256();
    truncated.set(-3, (truncated.get(-3) as Uint8Array).slice(0, 24));
    expect(cbor(truncated).byteLength).toBe(69);
    expect(isUsablePasskeyKey(cbor(truncated))).toBe(false);
    const missing = es256();
    missing.delete(-3);
    expect(isUsablePasskeyKey(cbor(missing))).toBe(false);
  });

  it("refuses a point that is not on the curve, a wrong algorithm or curve, and bytes that are not a key", () => {
    const offCurve = es256();
    const y = new Uint8Array(offCurve.get(-3) as Uint8Array);
    y[31] = y[31]! ^ 1;
    offCurve.set(-3, y);
    expect(isUsablePasskeyKey(cbor(offCurve))).toBe(false);
    expect(isUsablePasskeyKey(cbor(new Map([...es256(), [3, -257]])))).toBe(false);
    expect(isUsablePasskeyKey(cbor(new Map([...es256(), [-1, 2]])))).toBe(false);
    expect(isUsablePasskeyKey(new Uint8Array([0xa5, 0x01]))).toBe(false);
    expect(isUsablePasskeyKey(new Uint8Array(isoCBOR.encode("not a map" as never)))).toBe(false);
    expect(isUsablePasskeyKey(new Uint8Array())).toBe(false);
  });
});
