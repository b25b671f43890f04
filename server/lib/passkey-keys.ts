import { createPublicKey, type JsonWebKey } from "node:crypto";
import { COSEALG, decodeCredentialPublicKey } from "@simplewebauthn/server/helpers";

// A new passkey's public key (a COSE_Key, RFC 9053) must be one we can verify signatures with. With "none"
// attestation @simplewebauthn/server checks only the key's `alg`: a truncated or malformed attestation could
// store a key of the right algorithm that no assertion can ever match (issue 32, finding 8), so the key is
// parsed here into a real public key before it is stored.

/** The algorithms a passkey may use here (offered at registration, accepted when it is verified). */
export const PASSKEY_ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

// COSE_Key labels (RFC 9052 §7, RFC 9053 §7) and values.
const KTY = 1;
const ALG = 3;
const CRV = -1;
const X = -2;
const Y = -3;
const N = -1;
const E = -2;
const KTY_OKP = 1;
const KTY_EC2 = 2;
const KTY_RSA = 3;
const CRV_P256 = 1;
const CRV_ED25519 = 6;

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const bytesOf = (value: unknown, length?: number): Uint8Array | null =>
  value instanceof Uint8Array && value.byteLength > 0 && (length === undefined || value.byteLength === length)
    ? value
    : null;

/** The JWK of a COSE key of one of PASSKEY_ALGORITHMS, or null when it is not a complete one. */
function jwkOf(key: Map<number, unknown>): JsonWebKey | null {
  const kty = key.get(KTY);
  const alg = key.get(ALG);
  if (alg === COSEALG.ES256 && kty === KTY_EC2 && key.get(CRV) === CRV_P256) {
    const x = bytesOf(key.get(X), 32);
    const y = bytesOf(key.get(Y), 32);
    return x && y ? { kty: "EC", crv: "P-256", x: base64url(x), y: base64url(y) } : null;
  }
  if (alg === COSEALG.EdDSA && kty === KTY_OKP && key.get(CRV) === CRV_ED25519) {
    const x = bytesOf(key.get(X), 32);
    return x ? { kty: "OKP", crv: "Ed25519", x: base64url(x) } : null;
  }
  if (alg === COSEALG.RS256 && kty === KTY_RSA) {
    const n = bytesOf(key.get(N));
    const e = bytesOf(key.get(E));
    // Below 2048 bits a key is not worth trusting (and is not what an authenticator makes).
    return n && e && n.byteLength >= 256 ? { kty: "RSA", n: base64url(n), e: base64url(e) } : null;
  }
  return null;
}

/**
 * Whether `cosePublicKey` is a well-formed public key of one of PASSKEY_ALGORITHMS: a CBOR map with every
 * part of its type, at the right lengths, that Node's crypto accepts as a key (an EC point on its curve).
 */
export function isUsablePasskeyKey(cosePublicKey: Uint8Array<ArrayBuffer>): boolean {
  try {
    const decoded: unknown = decodeCredentialPublicKey(cosePublicKey);
    if (!(decoded instanceof Map)) return false;
    const jwk = jwkOf(decoded as Map<number, unknown>);
    if (!jwk) return false;
    createPublicKey({ key: jwk, format: "jwk" });
    return true;
  } catch {
    return false;
  }
}
