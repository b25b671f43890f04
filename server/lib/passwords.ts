import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

// scrypt from node:crypto: no native dependency, memory-hard. The hash string records its own
// parameters so they can be raised later without invalidating stored hashes.

const KEY_LENGTH = 64;
const DEFAULT_PARAMS = { N: 2 ** 15, r: 8, p: 1 };

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function options(params: { N: number; r: number; p: number }): ScryptOptions {
  // maxmem must exceed 128 * N * r bytes or Node refuses the parameters.
  return { ...params, maxmem: 256 * params.N * params.r };
}

/** "scrypt$N$r$p$salt$key" with base64 salt and key. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, options(DEFAULT_PARAMS));
  const { N, r, p } = DEFAULT_PARAMS;
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, options({
    N: Number(n),
    r: Number(r),
    p: Number(p),
  }));
  return timingSafeEqual(actual, expected);
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
