import {
  argon2 as argon2Callback,
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type Argon2Parameters,
  type ScryptOptions,
} from "node:crypto";
import { channel } from "node:diagnostics_channel";

// argon2id from node:crypto (Node 24): no native dependency, memory-hard, OWASP's first choice. Each hash
// records its own parameters (the PHC string format), so they can be raised later: a hash made with other
// parameters, or an scrypt hash from before issue 23 (N=2^15, under OWASP's minimum), still verifies and
// is replaced at the next successful sign-in (needsRehash).

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 passes, 1 lane. */
export const ARGON2_PARAMS = { memory: 19_456, passes: 2, parallelism: 1 } as const;
const TAG_LENGTH = 32;
const ARGON2_VERSION = 19;

/**
 * Each argon2id run, new hash or verification, is published here with its cost (what it does, not the
 * password): tests count the work a route does without replacing the module (Node's diagnostics_channel
 * costs nothing while no one subscribes).
 */
export type PasswordWork = { purpose: "hash" | "verify"; memory: number; passes: number; parallelism: number };
export const passwordWorkChannel = channel("agency:password-work");

function argon2id(
  password: string,
  nonce: Buffer,
  params: { memory: number; passes: number; parallelism: number },
  tagLength: number,
  purpose: PasswordWork["purpose"],
): Promise<Buffer> {
  if (passwordWorkChannel.hasSubscribers) {
    const { memory, passes, parallelism } = params;
    passwordWorkChannel.publish({ purpose, memory, passes, parallelism } satisfies PasswordWork);
  }
  const parameters: Argon2Parameters = { message: password, nonce, tagLength, ...params };
  return new Promise((resolve, reject) => {
    argon2Callback("argon2id", parameters, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const b64 = (buffer: Buffer) => buffer.toString("base64").replace(/=+$/, "");

/** "$argon2id$v=19$m=19456,t=2,p=1$salt$hash" (base64 without padding, as the PHC format writes it). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await argon2id(password, salt, ARGON2_PARAMS, TAG_LENGTH, "hash");
  const { memory, passes, parallelism } = ARGON2_PARAMS;
  return `$argon2id$v=${ARGON2_VERSION}$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(key)}`;
}

type ParsedHash =
  | { scheme: "argon2id"; memory: number; passes: number; parallelism: number; salt: Buffer; key: Buffer }
  | { scheme: "scrypt"; N: number; r: number; p: number; salt: Buffer; key: Buffer };

function parse(stored: string): ParsedHash | null {
  const argon = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (argon) {
    const [, m, t, p, salt, key] = argon as unknown as [string, string, string, string, string, string];
    return {
      scheme: "argon2id",
      memory: Number(m),
      passes: Number(t),
      parallelism: Number(p),
      salt: Buffer.from(salt, "base64"),
      key: Buffer.from(key, "base64"),
    };
  }
  // The format before issue 23: "scrypt$N$r$p$salt$key".
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme === "scrypt" && n && r && p && salt && key) {
    return {
      scheme: "scrypt",
      N: Number(n),
      r: Number(r),
      p: Number(p),
      salt: Buffer.from(salt, "base64"),
      key: Buffer.from(key, "base64"),
    };
  }
  return null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parse(stored);
  if (!hash || hash.key.length === 0) return false;
  try {
    const actual =
      hash.scheme === "argon2id"
        ? await argon2id(password, hash.salt, hash, hash.key.length, "verify")
        : // maxmem must exceed 128 * N * r bytes or Node refuses the parameters.
          await scrypt(password, hash.salt, hash.key.length, {
            N: hash.N,
            r: hash.r,
            p: hash.p,
            maxmem: 256 * hash.N * hash.r,
          });
    return timingSafeEqual(actual, hash.key);
  } catch {
    // Parameters Node refuses (a corrupted row): no password matches it.
    return false;
  }
}

/** Whether a hash that just verified should be replaced by one with today's algorithm and parameters. */
export function needsRehash(stored: string): boolean {
  const hash = parse(stored);
  if (!hash || hash.scheme !== "argon2id") return true;
  return (
    hash.memory !== ARGON2_PARAMS.memory ||
    hash.passes !== ARGON2_PARAMS.passes ||
    hash.parallelism !== ARGON2_PARAMS.parallelism ||
    hash.key.length !== TAG_LENGTH
  );
}

/**
 * A hash of a random password, verified against when the username is unknown, so that a wrong
 * username costs the same time as a wrong password and does not reveal which accounts exist.
 */
let decoyHash: Promise<string> | undefined;
export function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(32).toString("base64"));
  return decoyHash;
}
