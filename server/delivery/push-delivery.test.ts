import { Agent } from "node:https";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LeadDetail } from "../../contract/admin-leads.ts";
import type { PushDevice, PushMessage } from "../../contract/push-subscriptions.ts";
import { adminClient } from "../../tests/helpers/admin-client.ts";
import { postLead } from "../../tests/helpers/lead-posts.ts";
import { startPushService, type PushService, type TestPushSubscription } from "../../tests/helpers/push-service.ts";
import { runningClock } from "../../tests/helpers/test-clock.ts";
import { addTestUser, createTestApp, signIn, TEST_ADMIN, type TestApp } from "../../tests/helpers/test-app.ts";

// Web push through the outbox (issue 36, point 1), end to end without the internet: a local push service
// that checks each request's VAPID signature against the key the server published and decrypts the payload
// with the subscription's own keys (RFC 8291), the app's real outbox worker, and a clock the test moves for
// the retries. Both databases.

const time = runningClock();
let push: PushService;
let t: TestApp;
let owner: string;
let member: string;
let memberId: string;

const as = (cookie: string) => adminClient(t.app, { cookie });

/** Subscribes a device for the user of `cookie`, as the Account page does with the browser's subscription. */
async function subscribe(cookie: string, deviceName: string): Promise<{ sub: TestPushSubscription; id: string }> {
  const sub = push.subscribe();
  const answer = await as(cookie).post("/api/admin/push-subscriptions", { ...sub, expirationTime: null, deviceName });
  expect(answer.statusCode, answer.body).toBe(201);
  return { sub, id: answer.json<{ device: PushDevice }>().device.id };
}

async function settle() {
  t.app.deliveryWorker.wake();
  await t.app.deliveryWorker.settled();
}

async function pushDeliveries(id: string) {
  const lead: LeadDetail | undefined = await t.app.repositories.leads.find("contacts", id);
  return (lead?.deliveries ?? []).filter((delivery) => delivery.channel === "push");
}

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ siteOrigin: "https://www.summit.example" }, undefined, {
    clock: time.clock,
    pushAgent: new Agent({ ca: push.caPem }),
  });
  owner = await signIn(t.app);
  const memberUser = await addTestUser(t.app, { email: "push-member@example.com" });
  memberId = memberUser.id;
  member = await signIn(t.app, memberUser);
  // Every push must be signed with the key the server hands the browsers.
  push.expectPublicKey((await as(member).get("/api/admin/push-public-key")).json<{ publicKey: string }>().publicKey);
});
afterAll(async () => {
  await t.close();
  await push.close();
});
afterEach(async () => {
  time.reset();
  push.received.length = 0;
  push.rejected.length = 0;
  for (const cookie of [owner, member]) {
    const { devices } = (await as(cookie).get("/api/admin/push-subscriptions")).json<{ devices: PushDevice[] }>();
    for (const device of devices) await as(cookie).delete(`/api/admin/push-subscriptions/${device.id}`);
  }
});

describe("a new lead's push", () => {
  it("reaches every device of the owners, not a member's, signed with the shared key and decrypted to the lead's notification", async () => {
    const phone = await subscribe(owner, "Pixel");
    const laptop = await subscribe(owner, "Work laptop");
    await subscribe(member, "Member's phone");

    const id = await postLead(t.app, "contacts", {
      firstName: "Zoë",
      lastName: "Okafor",
      products: ["SEO Services"],
      formName: "contact-page",
    });
    await settle();

    const messages = await push.waitFor(2);
    expect(messages.map((message) => message.subscriptionId).sort()).toEqual(
      [phone.sub, laptop.sub].map((sub) => sub.endpoint.split("/").at(-1)).sort(),
    );
    for (const message of messages) {
      const shown = JSON.parse(message.payload) as PushMessage;
      expect(shown.title).toBe("New lead: Zoë Okafor");
      expect(shown.body).toMatch(
        /^SEO Services · Contact form on \/contact · Reply by \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M E[SD]T$/,
      );
      expect(shown.url).toBe(`/admin/leads/contacts/${id}`);
      expect(shown.tag).toBe(`lead-${id}`);
      expect(message.ttl).toBe(86_400);
      expect(message.urgency).toBe("high");
      expect(message.topic).toBe(id.replaceAll("-", ""));
      expect(message.vapid.subject).toBe("https://www.summit.example");
      expect(message.vapid.audience).toBe(push.origin);
    }
    const deliveries = await pushDeliveries(id);
    expect(deliveries.map((delivery) => [delivery.recipient, delivery.state]).sort()).toEqual([
      [`Pixel (${TEST_ADMIN.email})`, "sent"],
      [`Work laptop (${TEST_ADMIN.email})`, "sent"],
    ]);
    expect(push.rejected).toEqual([]);
  });

  it("removes a device its push service says is gone (410) and gives that delivery up at once; the other device still gets it", async () => {
    const gone = await subscribe(owner, "Old phone");
    await subscribe(owner, "New phone");
    push.answer(gone.sub, 410);

    const id = await postLead(t.app, "contacts");
    await settle();

    expect(await push.waitFor(1)).toHaveLength(1);
    const failed = (await pushDeliveries(id)).find((delivery) => delivery.recipient.startsWith("Old phone"));
    expect(failed).toMatchObject({ state: "failed", attempts: 1, nextAttemptAt: null });
    expect(failed!.lastError).toContain("subscription has ended (410); the device was removed");
    const { devices } = (await as(owner).get("/api/admin/push-subscriptions")).json<{ devices: PushDevice[] }>();
    expect(devices.map((device) => device.deviceName)).toEqual(["New phone"]);
  });

  it("is tried again by the outbox while the push service fails (500), and delivered once when it answers", async () => {
    const phone = await subscribe(owner, "Pixel");
    push.answer(phone.sub, 500);

    const id = await postLead(t.app, "contacts");
    await settle();
    const [waiting] = await pushDeliveries(id);
    expect(waiting).toMatchObject({ state: "pending", attempts: 1 });
    expect(waiting!.lastError).toContain("answered 500");
    expect(push.received).toHaveLength(0);

    push.answer(phone.sub, null);
    time.advance(60_000);
    await settle();
    expect(await push.waitFor(1)).toHaveLength(1);
    expect(await pushDeliveries(id)).toEqual([
      expect.objectContaining({ state: "sent", attempts: 2, lastError: null }),
    ]);
    // Once: no second push for the same delivery.
    time.advance(10 * 60_000);
    await settle();
    expect(push.received).toHaveLength(1);
  });

  it("fails for good, without a push, when the device was removed before its turn", async () => {
    const phone = await subscribe(owner, "Pixel");
    push.answer(phone.sub, 503);
    const id = await postLead(t.app, "contacts");
    await settle();
    expect(await as(owner).delete(`/api/admin/push-subscriptions/${phone.id}`)).toMatchObject({ statusCode: 204 });

    time.advance(60_000);
    await settle();
    expect(await pushDeliveries(id)).toEqual([
      expect.objectContaining({
        state: "failed",
        attempts: 2,
        lastError: "This device was removed from notifications before the push went out.",
      }),
    ]);
  });

  it("counts as reaching the owner once an owner has a device (a member's does not)", async () => {
    const health = async () =>
      (await as(owner).get("/api/admin/deliveries/health")).json<{
        configured: { push: boolean };
        reachesOwner: boolean;
      }>();
    // This app has no mail and no webhook: only a push could reach the owner.
    expect(await health()).toMatchObject({ configured: { push: false }, reachesOwner: false });
    await subscribe(member, "Member's phone");
    expect(await health()).toMatchObject({ configured: { push: false }, reachesOwner: false });
    await subscribe(owner, "Pixel");
    expect(await health()).toMatchObject({ configured: { push: true }, reachesOwner: true });
  });

  it("writes no push delivery when no owner has a device", async () => {
    await subscribe(member, "Member's phone");
    const id = await postLead(t.app, "contacts");
    await settle();
    expect(await pushDeliveries(id)).toEqual([]);
    expect(push.received).toHaveLength(0);
  });
});

describe("a due follow-up's push", () => {
  const HOUR = 60 * 60_000;
  const followUp = (id: string, payload: object) =>
    as(owner)
      .patch(`/api/admin/leads/contacts/${id}`, payload)
      .then((answer) => {
        expect(answer.statusCode, answer.body).toBe(200);
      });
  const followUpDeliveries = async (id: string) =>
    (await t.app.repositories.leads.find("contacts", id))!.deliveries.filter(
      (delivery) => delivery.channel === "follow-up-push",
    );

  it("goes out once, at the follow-up's time, with its note; until then it is scheduled, not waiting", async () => {
    await subscribe(owner, "Pixel");
    const id = await postLead(t.app, "contacts", { firstName: "Ada", lastName: "Byron", phone: "+1 312 555 0100" });
    await settle();
    await push.waitFor(1);
    push.received.length = 0;

    await followUp(id, { followUpAt: time.offset(2 * HOUR).toISOString(), followUpNote: "Send the proposal" });
    await settle();
    expect(push.received).toHaveLength(0);
    expect(await followUpDeliveries(id)).toEqual([
      expect.objectContaining({ state: "scheduled", recipient: `Pixel (${TEST_ADMIN.email})` }),
    ]);
    // The owner's waiting counts leave a reminder still to come out.
    const health = (await as(owner).get("/api/admin/deliveries/health")).json<{ pending: number }>();
    expect(health.pending).toBe(0);

    time.advance(2 * HOUR + 1000);
    await settle();
    const [message] = await push.waitFor(1);
    expect(JSON.parse(message!.payload)).toEqual({
      title: "Follow up: Ada Byron",
      body: "Send the proposal · +1 312 555 0100",
      url: `/admin/leads/contacts/${id}`,
      tag: `follow-up-${id}`,
    });
    expect(await followUpDeliveries(id)).toEqual([expect.objectContaining({ state: "sent", attempts: 1 })]);
    time.advance(HOUR);
    await settle();
    expect(push.received).toHaveLength(1);
  });

  it("moved, goes out at the new time only; cleared, not at all", async () => {
    await subscribe(owner, "Pixel");
    const id = await postLead(t.app, "contacts");
    await settle();
    await push.waitFor(1);
    push.received.length = 0;

    await followUp(id, { followUpAt: time.offset(HOUR).toISOString() });
    await followUp(id, { followUpAt: time.offset(3 * HOUR).toISOString() });
    time.advance(2 * HOUR);
    await settle();
    expect(push.received).toHaveLength(0);
    expect(await followUpDeliveries(id)).toEqual([expect.objectContaining({ state: "scheduled" })]);
    time.advance(2 * HOUR);
    await settle();
    expect(await push.waitFor(1)).toHaveLength(1);

    await followUp(id, { followUpAt: time.offset(HOUR).toISOString() });
    await followUp(id, { followUpAt: null });
    expect((await followUpDeliveries(id)).filter((delivery) => delivery.state === "scheduled")).toEqual([]);
    time.advance(2 * HOUR);
    await settle();
    expect(push.received).toHaveLength(1);
  });

  it("reaches the assignee's devices as well as the owners'", async () => {
    await subscribe(owner, "Owner's phone");
    await subscribe(member, "Member's phone");
    const id = await postLead(t.app, "contacts");
    await settle();
    await push.waitFor(1);
    push.received.length = 0;

    await followUp(id, { assigneeId: memberId, followUpAt: time.offset(HOUR).toISOString() });
    expect((await followUpDeliveries(id)).map((delivery) => delivery.recipient).sort()).toEqual([
      "Member's phone (push-member@example.com)",
      `Owner's phone (${TEST_ADMIN.email})`,
    ]);
    time.advance(HOUR + 1000);
    await settle();
    expect(await push.waitFor(2)).toHaveLength(2);
  });
});

describe("quiet hours", () => {
  const HOUR = 60 * 60_000;
  /** Quiet from this hour (UTC) for two hours, for the user of `cookie`. */
  async function quietNow(cookie: string) {
    const hour = time.clock().getUTCHours();
    const answer = await as(cookie).put("/api/admin/account/quiet-hours", {
      enabled: true,
      startHour: hour,
      endHour: (hour + 2) % 24,
      timeZone: "UTC",
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const end = new Date(time.clock());
    end.setUTCHours(hour + 2, 0, 0, 0);
    return end;
  }
  afterEach(async () => {
    await as(owner).put("/api/admin/account/quiet-hours", {
      enabled: false,
      startHour: 22,
      endHour: 7,
      timeZone: "UTC",
    });
  });

  it("are off by default and offered as the night on the business's clock; each user's own", async () => {
    const { json } = await as(member).get("/api/admin/account/quiet-hours");
    expect(json()).toEqual({ enabled: false, startHour: 22, endHour: 7, timeZone: "America/New_York" });
    await quietNow(owner);
    expect((await as(member).get("/api/admin/account/quiet-hours")).json<{ enabled: boolean }>().enabled).toBe(false);
    expect((await as(owner).get("/api/admin/account/quiet-hours")).json<{ enabled: boolean }>().enabled).toBe(true);
  });

  it("refuses hours that are not whole hours of a day, a start equal to the end, and an unknown zone; nothing changes", async () => {
    await quietNow(owner);
    const before = (await as(owner).get("/api/admin/account/quiet-hours")).json();
    for (const [body, field] of [
      [{ enabled: true, startHour: 25, endHour: 7, timeZone: "UTC" }, "startHour"],
      [{ enabled: true, startHour: 7, endHour: 7, timeZone: "UTC" }, "endHour"],
      [{ enabled: true, startHour: 22, endHour: 7, timeZone: "Moon/Base" }, "timeZone"],
      [{ enabled: "yes", startHour: 22, endHour: 7, timeZone: "UTC" }, "enabled"],
    ] as const) {
      const answer = await as(owner).put("/api/admin/account/quiet-hours", body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ errors: Record<string, string> }>().errors).toHaveProperty(field);
    }
    expect((await as(owner).get("/api/admin/account/quiet-hours")).json()).toEqual(before);
  });

  it("hold a new lead's push to a user inside them until they end, while another user's device gets it at once", async () => {
    await subscribe(owner, "Owner's phone");
    const second = await addTestUser(t.app, { email: "second-owner@example.com", role: "owner" });
    const secondCookie = await signIn(t.app, second);
    await subscribe(secondCookie, "Second owner's phone");
    const end = await quietNow(owner);

    const id = await postLead(t.app, "contacts");
    await settle();
    const [message] = await push.waitFor(1);
    expect(JSON.parse(message!.payload)).toMatchObject({ url: `/admin/leads/contacts/${id}` });
    const held = (await pushDeliveries(id)).find((delivery) => delivery.recipient.startsWith("Owner's phone"));
    expect(held).toMatchObject({ state: "scheduled", nextAttemptAt: end.toISOString() });

    time.advance(end.getTime() - time.clock().getTime() - 60_000);
    await settle();
    expect(push.received).toHaveLength(1);
    time.advance(2 * 60_000);
    await settle();
    expect(await push.waitFor(2)).toHaveLength(2);
    expect((await pushDeliveries(id)).map((delivery) => delivery.state)).toEqual(["sent", "sent"]);
    await as(secondCookie).delete(
      `/api/admin/push-subscriptions/${(await as(secondCookie).get("/api/admin/push-subscriptions")).json<{ devices: PushDevice[] }>().devices[0]!.id}`,
    );
  });

  it("hold a follow-up's reminder due inside them until they end", async () => {
    await subscribe(owner, "Pixel");
    const id = await postLead(t.app, "contacts");
    await settle();
    await push.waitFor(1);
    push.received.length = 0;
    const end = await quietNow(owner);
    await as(owner).patch(`/api/admin/leads/contacts/${id}`, { followUpAt: time.offset(30 * 60_000).toISOString() });
    const [reminder] = (await t.app.repositories.leads.find("contacts", id))!.deliveries.filter(
      (delivery) => delivery.channel === "follow-up-push",
    );
    expect(reminder).toMatchObject({ state: "scheduled", nextAttemptAt: end.toISOString() });
    time.advance(HOUR);
    await settle();
    expect(push.received).toHaveLength(0);
  });
});
