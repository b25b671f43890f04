import { createHash, randomBytes } from "node:crypto";

/** A fresh 256-bit session token for the cookie. */
export function createSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of the token: a leaked table cannot be replayed as cookies. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
