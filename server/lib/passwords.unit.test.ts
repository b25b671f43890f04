import { randomBytes, scrypt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDecoyHash, hashPassword, needsRehash, verifyPassword } from "./passwords.ts";

/** A hash as the code before issue 23 wrote it: scrypt at N=2^15. */
function legacyScryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) => {
    scrypt(password, salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 256 * 2 ** 15 * 8 }, (error, key) =>
      error
        ? reject(error)
        : resolve(["scrypt", 2 ** 15, 8, 1, salt.toString("base64"), key.toString("base64")].join("$")),
    );
  });
}

describe("password hashing", () => {
  it("hashes with argon2id at OWASP's parameters, stored with the hash, and verifies the right password only", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(hash).not.toContain("correct horse");
    await expect(verifyPassword("correct horse battery staple", hash)).resolves.toBe(true);
    await expect(verifyPassword("correct horse battery stapl", hash)).resolves.toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it("still verifies an old scrypt hash, and marks it for a rehash", async () => {
    const old = await legacyScryptHash("an old password 1");
    await expect(verifyPassword("an old password 1", old)).resolves.toBe(true);
    await expect(verifyPassword("an old password 2", old)).resolves.toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it("marks an argon2id hash with other parameters for a rehash", async () => {
    const weaker = (await hashPassword("x")).replace("m=19456,t=2", "m=8192,t=2");
    expect(needsRehash(weaker)).toBe(true);
  });

  it("salts every hash", async () => {
    const [a, b] = await Promise.all([hashPassword("same password 1"), hashPassword("same password 1")]);
    expect(a).not.toBe(b);
  });

  it("rejects malformed stored hashes instead of throwing", async () => {
    await expect(verifyPassword("x", "plain-text")).resolves.toBe(false);
    await expect(verifyPassword("x", "bcrypt$1$2$3$4$5")).resolves.toBe(false);
    await expect(verifyPassword("x", "$argon2id$v=19$m=1,t=0,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAA")).resolves.toBe(false);
  });

  it("has a decoy hash that matches no guessable password", async () => {
    const decoy = await getDecoyHash();
    await expect(verifyPassword("", decoy)).resolves.toBe(false);
    await expect(verifyPassword("password", decoy)).resolves.toBe(false);
  });
});
