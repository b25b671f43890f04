import { Agent, request as httpsRequest } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPush, { type RequestOptions, type WebPushError } from "web-push";
import { startPushService, type PushService, type TestPushSubscription } from "./push-service.ts";

// The test push service against the real web-push library: what web-push sends arrives decrypted and checked,
// and what a real push service refuses (another VAPID key, a forged signature, a body for other keys) is refused.

let service: PushService;
let agent: Agent;
const vapid = webPush.generateVAPIDKeys();
const options = (extra: RequestOptions = {}): RequestOptions => ({
  vapidDetails: { subject: "mailto:owner@example.com", ...vapid },
  TTL: 3600,
  agent,
  ...extra,
});
const receivedFor = (subscription: TestPushSubscription) =>
  service.received.filter((message) => subscription.endpoint.endsWith(`/${message.subscriptionId}`));
const rejectedFor = (subscription: TestPushSubscription) =>
  service.rejected.filter((rejection) => subscription.endpoint.endsWith(`/${rejection.subscriptionId}`));

/** Posts a request as web-push would, with headers and body of our own making; resolves with the status. */
function post(endpoint: string, headers: Record<string, string | number>, body: Buffer) {
  return new Promise<number>((resolve, reject) => {
    const sent = httpsRequest(endpoint, { method: "POST", headers, agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode!));
    });
    sent.once("error", reject);
    sent.end(body);
  });
}

/** web-push's rejection, or a failure if the call succeeded. */
async function refusal(sending: Promise<unknown>): Promise<WebPushError> {
  const outcome = await sending.then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  if (!("error" in outcome)) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.result)}`);
  expect(outcome.error).toBeInstanceOf(webPush.WebPushError);
  return outcome.error as WebPushError;
}

beforeAll(async () => {
  service = await startPushService();
  agent = new Agent({ ca: service.caPem });
  service.expectPublicKey(vapid.publicKey);
});

afterAll(async () => {
  agent?.destroy();
  await service?.close();
});

describe("test push service", () => {
  it("receives web-push's message decrypted, with its headers and VAPID claims", async () => {
    const subscription = service.subscribe();
    expect(subscription.endpoint).toMatch(new RegExp(`^${service.origin}/push/[A-Za-z0-9_-]+$`));
    expect(Buffer.from(subscription.keys.p256dh, "base64url")).toHaveLength(65);
    expect(Buffer.from(subscription.keys.auth, "base64url")).toHaveLength(16);
    const payload = JSON.stringify({ title: "New lead: Zoë", body: "Café Müller wants a quote — 5 000 €" });

    const sent = await webPush.sendNotification(subscription, payload, options({ urgency: "high", topic: "lead-1" }));

    expect(sent.statusCode).toBe(201);
    // Recorded before the answer went out: no wait needed.
    expect(receivedFor(subscription)).toHaveLength(1);
    const [message] = receivedFor(subscription);
    expect(message!.payload).toBe(payload);
    expect(Buffer.from(message!.payload)).toEqual(Buffer.from(payload));
    expect(message).toMatchObject({ ttl: 3600, urgency: "high", topic: "lead-1" });
    expect(message!.vapid).toMatchObject({
      subject: "mailto:owner@example.com",
      audience: service.origin,
      publicKey: vapid.publicKey,
    });
    // web-push signs for 12 hours.
    expect(message!.vapid.expiresAt * 1000 - Date.now()).toBeGreaterThan(11 * 3600_000);
    expect(message!.headers["content-encoding"]).toBe("aes128gcm");
  });

  it("decrypts a large payload", async () => {
    const subscription = service.subscribe();
    const payload = "Zoë ".repeat(600); // 3,000 bytes in utf8
    expect(Buffer.byteLength(payload)).toBe(3000);

    expect((await webPush.sendNotification(subscription, payload, options())).statusCode).toBe(201);

    expect(receivedFor(subscription).map((message) => message.payload)).toEqual([payload]);
  });

  it("refuses a message signed with another VAPID key than the expected one (403)", async () => {
    const subscription = service.subscribe();
    const other = webPush.generateVAPIDKeys();

    const error = await refusal(
      webPush.sendNotification(
        subscription,
        "hello",
        options({ vapidDetails: { subject: "mailto:owner@example.com", ...other } }),
      ),
    );

    expect(error.statusCode).toBe(403);
    expect(receivedFor(subscription)).toEqual([]);
    expect(rejectedFor(subscription)).toEqual([
      expect.objectContaining({ status: 403, reason: expect.stringContaining(other.publicKey) }),
    ]);
  });

  it("refuses a JWT whose signature was altered (401), and takes the same request unaltered", async () => {
    const subscription = service.subscribe();
    const details = webPush.generateRequestDetails(subscription, "hello", options());
    const authorization = String(details.headers.Authorization);
    const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)!;
    const [header, claims, signature] = token!.split(".");
    const forged = Buffer.from(signature!, "base64url");
    forged[10] = forged[10]! ^ 0x01;
    const forgedAuthorization = `vapid t=${header}.${claims}.${forged.toString("base64url")}, k=${key}`;

    expect(await post(details.endpoint, { ...details.headers, Authorization: forgedAuthorization }, details.body)).toBe(
      401,
    );
    expect(rejectedFor(subscription)).toEqual([
      expect.objectContaining({ status: 401, reason: expect.stringMatching(/signature/) }),
    ]);
    expect(receivedFor(subscription)).toEqual([]);

    expect(await post(details.endpoint, details.headers, details.body)).toBe(201);
    expect(receivedFor(subscription).map((message) => message.payload)).toEqual(["hello"]);
  });

  it("refuses a body encrypted for another subscription's keys (400)", async () => {
    const [a, b] = [service.subscribe(), service.subscribe()];
    const details = webPush.generateRequestDetails(a, "for a only", options());

    expect(await post(b.endpoint, details.headers, details.body)).toBe(400);

    expect(rejectedFor(b)).toEqual([
      expect.objectContaining({ status: 400, reason: expect.stringMatching(/decrypt/) }),
    ]);
    expect(receivedFor(a)).toEqual([]);
    expect(receivedFor(b)).toEqual([]);
  });

  it("refuses a subscription it never made (404)", async () => {
    const made = service.subscribe();
    const unknown = { ...made, endpoint: `${service.origin}/push/never-made` };

    expect((await refusal(webPush.sendNotification(unknown, "hello", options()))).statusCode).toBe(404);
  });

  it("answers the status it is told, then 201 again", async () => {
    const subscription = service.subscribe();

    service.answer(subscription, 410);
    const gone = await refusal(webPush.sendNotification(subscription, "hello", options()));
    expect(gone.statusCode).toBe(410);
    expect(rejectedFor(subscription)).toEqual([
      expect.objectContaining({ status: 410, reason: "answered 410 as told" }),
    ]);

    service.answer(subscription, 429, { "Retry-After": "30" });
    const busy = await refusal(webPush.sendNotification(subscription, "hello", options()));
    expect(busy.statusCode).toBe(429);
    expect(busy.headers["retry-after"]).toBe("30");
    expect(receivedFor(subscription)).toEqual([]);

    service.answer(subscription, null);
    expect((await webPush.sendNotification(subscription, "hello", options())).statusCode).toBe(201);
    expect(receivedFor(subscription).map((message) => message.payload)).toEqual(["hello"]);
  });

  it("waitFor rejects with a clear message when nothing comes", async () => {
    const count = service.received.length + 1;

    await expect(service.waitFor(count, 50)).rejects.toThrow(
      new RegExp(`expected ${count} message\\(s\\) within 50 ms, got ${count - 1}`),
    );
  });
});
