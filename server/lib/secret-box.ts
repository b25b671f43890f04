import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// Secrets the server must read back (a TOTP secret) are kept encrypted at rest: AES-256-GCM with a key
// every instance shares (server_secrets "totp-key", migration 0016), so a copy of the table alone does not
// give anyone the codes. "v1.<iv>.<tag>.<ciphertext>", base64url.

export function sealSecret(plain: string, keyBase64Url: string): string {
  const key = Buffer.from(keyBase64Url, "base64url");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(
    ".",
  );
}

/** The plain secret, or null when the box was not sealed with this key (or was altered). */
export function openSecret(box: string, keyBase64Url: string): string | null {
  const [version, iv, tag, sealed] = box.split(".");
  if (version !== "v1" || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      Buffer.from(keyBase64Url, "base64url"),
      Buffer.from(iv, "base64url"),
    );
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
