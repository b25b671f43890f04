import { createECDH, createPublicKey, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PushDevice } from "../../../contract/push-subscriptions.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { addTestUser, createTestApp, signIn, type TestApp } from "../../../tests/helpers/test-app.ts";
import { deviceNameFrom } from "./admin-push.ts";

// Web push, the subscriptions (issue 36): the VAPID public key every instance shares, each user's devices
// (saved, listed and removed by their own user only, a browser that subscribes again replacing its row),
// and the refusals of what a browser never sends. Both databases.

let t: TestApp;
let owner: string;
let member: string;

const as = (cookie: string) => adminClient(t.app, { cookie });
/** A subscription as a browser's PushSubscription.toJSON() gives it, with a real P-256 key. */
function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("hex")}`) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}
const devices = async (cookie: string) =>
  (await as(cookie).get("/api/admin/push-subscriptions")).json<{ devices: PushDevice[] }>().devices;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
  member = await signIn(t.app, await addTestUser(t.app, { email: "push-member@example.com" }));
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/admin/push-public-key", () => {
  it("answers the VAPID public key, a P-256 point, the same for a second instance on the database", async () => {
    const answer = await as(member).get("/api/admin/push-public-key");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const { publicKey } = answer.json<{ publicKey: string }>();
    const point = Buffer.from(publicKey, "base64url");
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(0x04);
    // A point on the curve: Node accepts it as an EC public key.
    const jwk = createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      format: "jwk",
    }).export({ format: "jwk" });
    expect(jwk.crv).toBe("P-256");

    const second = await createTestApp({}, t.testDatabase);
    try {
      const again = await adminClient(second.app, { cookie: await signIn(second.app) }).get(
        "/api/admin/push-public-key",
      );
      expect(again.json()).toEqual({ publicKey });
    } finally {
      await second.close();
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/push-public-key" })).statusCode).toBe(401);
  });
});

describe("/api/admin/push-subscriptions", () => {
  it("saves a browser's subscription for its user, named from the browser, and lists it to them alone", async () => {
    const subscription = browserSubscription();
    const saved = await adminClient(t.app, {
      cookie: owner,
      headers: {
        "user-agent":
          "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
      },
    }).post("/api/admin/push-subscriptions", subscription);
    expect(saved.statusCode).toBe(201);
    const { device } = saved.json<{ device: PushDevice }>();
    expect(device).toMatchObject({ deviceName: "Chrome on Android", service: "fcm.googleapis.com" });
    expect(JSON.stringify(saved.json())).not.toContain(subscription.endpoint);

    expect(await devices(owner)).toEqual([device]);
    expect(await devices(member)).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/push-subscriptions" })).statusCode).toBe(401);
  });

  it("replaces the row of a browser that subscribes again, even for another user, and keeps the name given", async () => {
    const first = browserSubscription("https://updates.push.services.mozilla.com/wpush/v2/again");
    await as(owner).post("/api/admin/push-subscriptions", { ...first, deviceName: "Office laptop" });
    const renewed = browserSubscription(first.endpoint);
    const answer = await as(member).post("/api/admin/push-subscriptions", { ...renewed, deviceName: "  Jo's phone " });
    expect(answer.statusCode).toBe(201);
    expect(answer.json<{ device: PushDevice }>().device.deviceName).toBe("Jo's phone");
    expect((await devices(owner)).map((d) => d.deviceName)).not.toContain("Office laptop");
    expect((await devices(member)).map((d) => d.deviceName)).toEqual(["Jo's phone"]);
    const stored = await t.app.db
      .selectFrom("pushSubscriptions")
      .select(["p256dh", "auth"])
      .where("endpoint", "=", first.endpoint)
      .execute();
    expect(stored).toEqual([{ p256dh: renewed.keys.p256dh, auth: renewed.keys.auth }]);
  });

  it("removes a device of the user's own; another user's or an unknown one is 404, a malformed id 400", async () => {
    const [device] = await devices(owner);
    expect((await as(member).delete(`/api/admin/push-subscriptions/${device!.id}`)).statusCode).toBe(404);
    expect(await devices(owner)).toHaveLength(1);
    expect((await as(owner).delete(`/api/admin/push-subscriptions/${device!.id}`)).statusCode).toBe(204);
    expect(await devices(owner)).toEqual([]);
    expect((await as(owner).delete(`/api/admin/push-subscriptions/${device!.id}`)).statusCode).toBe(404);
    const malformed = await as(owner).delete("/api/admin/push-subscriptions/not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errors: { id: "Invalid device." } });
  });

  it("refuses what no browser sends, with the field and its reason, and stores nothing", async () => {
    const good = browserSubscription();
    const cases: Array<[unknown, string, string]> = [
      [
        { ...good, endpoint: "http://push.example/1" },
        "endpoint",
        "The endpoint must be an https:// address of a push service.",
      ],
      [{ ...good, endpoint: "not a url" }, "endpoint", "The endpoint must be an https:// address of a push service."],
      [
        { ...good, keys: { ...good.keys, p256dh: "AAAA" } },
        "keys.p256dh",
        "keys.p256dh must be the browser's P-256 public key (65 bytes, base64url).",
      ],
      [{ ...good, keys: { ...good.keys, auth: "a+b/c==" } }, "keys.auth", "keys.auth must be 16 bytes, base64url."],
      [{ endpoint: good.endpoint }, "keys", "The subscription has no keys."],
      [{ ...good, deviceName: "x".repeat(61) }, "deviceName", "A device name has at most 60 characters."],
      [{ ...good, extra: 1 }, "body", expect.any(String) as unknown as string],
    ];
    for (const [payload, field, reason] of cases) {
      const answer = await as(member).post("/api/admin/push-subscriptions", payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json(), field).toMatchObject({
        message: "This browser's subscription could not be read.",
        errors: { [field]: reason },
      });
    }
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/admin/push-subscriptions",
      headers: { cookie: member, "content-type": "application/json", origin: "http://localhost" },
      payload: "{",
    });
    expect(notJson.statusCode).toBe(400);
    expect((await devices(member)).map((d) => d.deviceName)).toEqual(["Jo's phone"]);
  });
});

describe("deviceNameFrom", () => {
  it("names the browser and system from the User-Agent, or says Browser", () => {
    expect(
      deviceNameFrom(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(deviceNameFrom("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe(
      "Firefox on Windows",
    );
    expect(
      deviceNameFrom(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on macOS");
    expect(deviceNameFrom(undefined)).toBe("Browser");
  });
});
