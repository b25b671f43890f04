import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runProcess } from "./run-process.ts";

// A local Web Push service (RFC 8030) for push tests without the internet: HTTPS on a loopback port with a
// self-signed certificate, browser-like subscriptions, and the checks a real push service makes on each
// message: the VAPID JWT (RFC 8292) and the aes128gcm encryption (RFC 8291, RFC 8188), decrypted here with
// node:crypto alone (not http_ece, which web-push encrypts with) so that it is an independent check.
// A client trusts it with `new https.Agent({ ca: caPem })` (web-push's `agent` option), a child process with
// NODE_EXTRA_CA_CERTS=caFile.

export type PushServiceMessage = {
  /** Which subscription it was for (the id in its endpoint path). */
  subscriptionId: string;
  /** Date.now() when the request arrived. */
  receivedAt: number;
  headers: Record<string, string | string[] | undefined>;
  /** The TTL header (seconds). */
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** From the verified JWT: `expiresAt` is its `exp` (seconds since the epoch), `publicKey` the `k` (base64url). */
  vapid: { subject: string; audience: string; expiresAt: number; publicKey: string };
  /** The decrypted plaintext (utf8). */
  payload: string;
};

/** As PushSubscription.toJSON() gives it: base64url without padding. */
export type TestPushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type PushServiceRejection = { subscriptionId: string; status: number; reason: string };

export type PushService = {
  /** https://127.0.0.1:<port>, the JWT's audience. */
  origin: string;
  /** The self-signed certificate, so a client can trust it. */
  caPem: string;
  /** The same in a file (removed at close), for NODE_EXTRA_CA_CERTS of a child server process. */
  caFile: string;
  /** A new browser-like subscription: a fresh P-256 key pair and 16-byte auth secret, endpoint `${origin}/push/<id>`. */
  subscribe(): TestPushSubscription;
  received: PushServiceMessage[];
  /** Requests refused (bad VAPID, bad encryption, …) and those answered an error status with `answer()`. */
  rejected: PushServiceRejection[];
  /** From now on, answer this status (e.g. 404, 410, 429, 500) for that subscription instead of 201, with these
   * headers (e.g. Retry-After); null: back to 201. The request is still checked first. */
  answer(subscription: TestPushSubscription | string, status: number | null, headers?: Record<string, string>): void;
  /** The VAPID public key (base64url) every request must be signed with (403 otherwise); null: any valid signature. */
  expectPublicKey(publicKey: string | null): void;
  /** Resolves once `received` has `count` messages; rejects after `timeoutMs`, naming what was refused. */
  waitFor(count: number, timeoutMs?: number): Promise<PushServiceMessage[]>;
  close(): Promise<void>;
};

type Subscription = {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  answer: { status: number; headers: Record<string, string> } | null;
};

/** A refusal: the status and the reason (also the response's body). */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const URGENCIES = ["very-low", "low", "normal", "high"];
// What push services take (RFC 8030 section 7.2 asks for at least 4096 bytes of body; FCM and Mozilla stop there).
const MAX_BODY = 4096;
const MAX_JWT_SECONDS = 24 * 60 * 60;

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac("sha256", key);
  for (const part of data) mac.update(part);
  return mac.digest();
};

function fromBase64url(text: string, what: string): Buffer {
  if (!BASE64URL.test(text)) throw new Refusal(401, `${what} is not base64url`);
  return Buffer.from(text, "base64url");
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292) and returns the JWT's claims. */
function verifyVapid(authorization: string | undefined, origin: string, expectedKey: string | null) {
  const scheme = /^vapid\s+(.*)$/i.exec(authorization ?? "");
  if (!scheme) throw new Refusal(401, `Authorization must be "vapid t=…, k=…" (got ${JSON.stringify(authorization)})`);
  const params = new Map(
    scheme[1]!.split(",").map((part) => {
      const [name = "", ...value] = part.trim().split("=");
      return [name.toLowerCase(), value.join("=")] as const;
    }),
  );
  const token = params.get("t");
  const k = params.get("k");
  if (!token || !k) throw new Refusal(401, "Authorization needs both t= and k=");
  const point = fromBase64url(k, "k");
  if (point.length !== 65 || point[0] !== 0x04) throw new Refusal(401, "k is not an uncompressed P-256 point");
  let key;
  try {
    key = createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
  } catch {
    throw new Refusal(401, "k is not a point on P-256");
  }

  const parts = token.split(".");
  if (parts.length !== 3) throw new Refusal(401, "the JWT has not three parts");
  const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
  const parse = (part: string, what: string): Record<string, unknown> => {
    try {
      return JSON.parse(fromBase64url(part, what).toString("utf8")) as Record<string, unknown>;
    } catch (error) {
      throw error instanceof Refusal ? error : new Refusal(401, `the JWT's ${what} is not JSON`);
    }
  };
  const header = parse(headerPart, "header");
  if (header.typ !== "JWT" || header.alg !== "ES256")
    throw new Refusal(401, `the JWT's header must be {"typ":"JWT","alg":"ES256"} (got ${JSON.stringify(header)})`);
  const signature = fromBase64url(signaturePart, "signature");
  const signed = Buffer.from(`${headerPart}.${claimsPart}`);
  // JWS's ES256 signature is r || s (64 bytes), not DER.
  if (signature.length !== 64 || !verify("sha256", signed, { key, dsaEncoding: "ieee-p1363" }, signature))
    throw new Refusal(401, "the JWT's signature does not verify with k");

  const claims = parse(claimsPart, "claims");
  if (claims.aud !== origin)
    throw new Refusal(401, `the JWT's aud must be ${origin} (got ${JSON.stringify(claims.aud)})`);
  const now = Date.now() / 1000;
  const exp = claims.exp;
  if (typeof exp !== "number" || !Number.isInteger(exp)) throw new Refusal(401, "the JWT's exp is not an integer");
  if (exp <= now) throw new Refusal(401, `the JWT expired (exp ${exp}, now ${Math.floor(now)})`);
  if (exp > now + MAX_JWT_SECONDS) throw new Refusal(401, `the JWT's exp is more than 24 h ahead (exp ${exp})`);
  const sub = claims.sub;
  let protocol = "";
  try {
    protocol = typeof sub === "string" ? new URL(sub).protocol : "";
  } catch {
    // Not a URL: refused below.
  }
  if (protocol !== "mailto:" && protocol !== "https:")
    throw new Refusal(401, `the JWT's sub must be a mailto: or https: URL (got ${JSON.stringify(sub)})`);
  // Checked last so that a mismatch (403) means an otherwise valid request signed with another key.
  if (expectedKey !== null && k !== expectedKey)
    throw new Refusal(403, `signed with VAPID key ${k}, expected ${expectedKey}`);
  return { subject: sub as string, audience: origin, expiresAt: exp, publicKey: k };
}

/** RFC 8291 (Web Push message encryption) over RFC 8188 (aes128gcm): the plaintext, padding stripped. */
function decrypt(body: Buffer, subscription: Subscription): Buffer {
  if (body.length < 21) throw new Refusal(400, `the body (${body.length} bytes) is shorter than an aes128gcm header`);
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) throw new Refusal(400, `the keyid must be the sender's 65-byte public key (idlen ${idlen})`);
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  // A record holds at least a delimiter byte and the 16-byte tag; RFC 8291 allows one record only (rs above it).
  if (record.length < 17) throw new Refusal(400, `the record (${record.length} bytes) is too short`);
  if (record.length > rs)
    throw new Refusal(400, `the body has more than one record (rs ${rs}, ${record.length} bytes)`);

  let ecdhSecret;
  try {
    ecdhSecret = subscription.ecdh.computeSecret(senderPublic);
  } catch {
    throw new Refusal(400, "the keyid is not a P-256 public key");
  }
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscription.publicKey, senderPublic]);
  // HKDF with SHA-256: one round of HKDF-Expand gives the 32 bytes (T(1) = HMAC(PRK, info || 0x01)).
  const ikm = hmac(hmac(subscription.auth, ecdhSecret), keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  // The one record's sequence number is 0: the nonce is used as derived.
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);

  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  let padded;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  } catch {
    throw new Refusal(400, "the body does not decrypt (encrypted for other keys or auth secret, or altered)");
  }
  // The content is followed by the last record's delimiter, 2, and any number of zero bytes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new Refusal(400, "the plaintext has no padding delimiter 2");
  return padded.subarray(0, end);
}

/** A self-signed certificate for 127.0.0.1 and localhost, made by the openssl CLI into `dir`. */
async function makeCertificate(dir: string) {
  const [keyFile, certFile] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  const args = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"];
  args.push("-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost");
  args.push("-keyout", keyFile, "-out", certFile);
  const made = await runProcess("openssl", args).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT")
      throw new Error("The test push service needs the openssl CLI to make its certificate: openssl is not installed");
    throw error;
  });
  if (made.code !== 0) throw new Error(`openssl could not make the push service's certificate: ${made.out}`);
  return { key: await readFile(keyFile, "utf8"), cert: await readFile(certFile, "utf8"), certFile };
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
};

export async function startPushService(): Promise<PushService> {
  const dir = await mkdtemp(join(tmpdir(), "agency-push-service-"));
  let certificate;
  try {
    certificate = await makeCertificate(dir);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const subscriptions = new Map<string, Subscription>();
  let expectedKey: string | null = null;
  const waiters = new Set<() => void>();
  let origin = "";

  const idOf = (subscription: TestPushSubscription | string) => {
    const id =
      typeof subscription === "string" ? subscription : new URL(subscription.endpoint).pathname.split("/").pop()!;
    if (!subscriptions.has(id)) throw new Error(`the push service made no subscription ${id}`);
    return id;
  };

  /** Checks one push message and returns it, or throws a Refusal. */
  function accept(request: IncomingMessage, id: string, body: Buffer, receivedAt: number): PushServiceMessage {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Refusal(404, `no subscription ${id}`);
    const vapid = verifyVapid(header(request, "authorization") ?? undefined, origin, expectedKey);
    const ttlHeader = header(request, "ttl");
    if (ttlHeader === null || !/^\d+$/.test(ttlHeader))
      throw new Refusal(400, `TTL must be an integer of 0 or more (got ${JSON.stringify(ttlHeader)})`);
    const urgency = header(request, "urgency");
    if (urgency !== null && !URGENCIES.includes(urgency))
      throw new Refusal(400, `Urgency must be one of ${URGENCIES.join(", ")} (got ${JSON.stringify(urgency)})`);
    const topic = header(request, "topic");
    if (topic !== null && !(BASE64URL.test(topic) && topic.length > 0 && topic.length <= 32))
      throw new Refusal(400, `Topic must be 1 to 32 base64url characters (got ${JSON.stringify(topic)})`);
    const encoding = header(request, "content-encoding");
    if (encoding !== "aes128gcm")
      throw new Refusal(415, `Content-Encoding must be aes128gcm (got ${JSON.stringify(encoding)})`);
    if (body.length > MAX_BODY) throw new Refusal(413, `the body (${body.length} bytes) is over ${MAX_BODY} bytes`);
    const payload = decrypt(body, subscription).toString("utf8");
    return {
      subscriptionId: id,
      receivedAt,
      headers: request.headers,
      ttl: Number(ttlHeader),
      urgency,
      topic,
      vapid,
      payload,
    };
  }

  function handle(request: IncomingMessage, response: ServerResponse, body: Buffer, receivedAt: number) {
    const match = /^\/push\/([^/?]+)$/.exec(request.url ?? "");
    const id = match?.[1] ?? "";
    const refuse = (status: number, reason: string, headers: Record<string, string> = {}) => {
      service.rejected.push({ subscriptionId: id, status, reason });
      response.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...headers }).end(reason);
    };
    if (!match) return refuse(404, `no such endpoint: ${request.method} ${request.url}`);
    if (request.method !== "POST") return refuse(405, `push messages are POSTed, not ${request.method}`);
    let message;
    try {
      message = accept(request, id, body, receivedAt);
    } catch (error) {
      // Anything else is a bug of this helper: a 500 the test sees, rather than a crashed worker.
      if (error instanceof Refusal) return refuse(error.status, error.message);
      return refuse(500, `push service failed: ${String(error)}`);
    }
    const told = subscriptions.get(id)!.answer;
    if (told && (told.status < 200 || told.status > 299))
      return refuse(told.status, `answered ${told.status} as told`, told.headers);
    service.received.push(message);
    for (const wake of waiters) wake();
    response
      .writeHead(told?.status ?? 201, {
        location: `${origin}/message/${randomBytes(8).toString("hex")}`,
        ...told?.headers,
      })
      .end();
  }

  const server = createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    const receivedAt = Date.now();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => handle(request, response, Buffer.concat(chunks), receivedAt));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const service: PushService = {
    origin,
    caPem: certificate.cert,
    caFile: certificate.certFile,
    received: [],
    rejected: [],
    subscribe() {
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString("base64url");
      subscriptions.set(id, { ecdh, publicKey, auth, answer: null });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    answer(subscription, status, headers = {}) {
      subscriptions.get(idOf(subscription))!.answer = status === null ? null : { status, headers };
    },
    expectPublicKey(publicKey) {
      expectedKey = publicKey;
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (service.received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(service.received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const refused = service.rejected.map((r) => `${r.status} ${r.reason}`).join("; ") || "none";
          reject(
            new Error(
              `push service: expected ${count} message(s) within ${timeoutMs} ms, got ${service.received.length} (refused: ${refused})`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Clients' keep-alive sockets would hold close() open.
      server.closeAllConnections();
      await closed;
      await rm(dir, { recursive: true, force: true });
    },
  };
  return service;
}
