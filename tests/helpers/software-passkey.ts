import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A software authenticator for the API tests: an ES256 passkey made and used as a browser's WebAuthn calls
// would, so the server's whole check runs (challenge, origin, relying party, flags, signature, counter).
// `userVerified` sets the authenticator data's UV flag (a fingerprint, face or PIN); presence is always set.
// `mangleKey` lets a test store a broken public key (a truncated attestation) to see it refused.

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

export type SoftwarePasskey = {
  id: string;
  /** The registration response (RegistrationResponseJSON) to the server's creation options. */
  register(
    options: CreationOptions,
    origin: string,
    flags?: { userVerified?: boolean; mangleKey?: (cose: Map<number, number | Uint8Array>) => void },
  ): object;
  /** An assertion (AuthenticationResponseJSON) to the server's request options. */
  assert(options: RequestOptions, origin: string, flags?: { userVerified?: boolean }): object;
};

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

/** A new passkey on a software authenticator (P-256, "none" attestation). */
export function softwarePasskey(): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(16);
  const id = b64url(credentialId);
  let counter = 0;
  let userHandle = "";
  let rpId = "";

  function coseKey(key: KeyObject): Map<number, number | Uint8Array> {
    const jwk = key.export({ format: "jwk" });
    return new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]);
  }

  return {
    id,
    register(options, origin, { userVerified = true, mangleKey } = {}) {
      rpId = options.rp.id ?? new URL(origin).hostname;
      userHandle = options.user.id;
      const cose = coseKey(publicKey);
      mangleKey?.(cose);
      const flags = FLAG_UP | FLAG_AT | (userVerified ? FLAG_UV : 0);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags]),
        u32(counter),
        Buffer.alloc(16),
        u16(credentialId.length),
        credentialId,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", new Uint8Array(authData)],
        ]) as never,
      );
      const clientDataJSON = JSON.stringify({
        type: "webauthn.create",
        challenge: options.challenge,
        origin,
        crossOrigin: false,
      });
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(Buffer.from(clientDataJSON)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    assert(options, origin, { userVerified = true } = {}) {
      counter += 1;
      const flags = FLAG_UP | (userVerified ? FLAG_UV : 0);
      const authData = Buffer.concat([sha256(options.rpId ?? rpId), Buffer.from([flags]), u32(counter)]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }),
      );
      const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
