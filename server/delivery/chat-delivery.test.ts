import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Delivery } from "../../contract/deliveries.ts";
import type { ChatService } from "../../contract/chat-channel.ts";
import { adminClient } from "../../tests/helpers/admin-client.ts";
import { chatMessageShapes, shapeProblems } from "../../tests/helpers/chat-payloads.ts";
import { postLead } from "../../tests/helpers/lead-posts.ts";
import { runningClock } from "../../tests/helpers/test-clock.ts";
import { createTestApp, signIn, type TestApp } from "../../tests/helpers/test-app.ts";
import { startWebhookReceiver } from "../../tests/helpers/webhook-receiver.ts";

// The chat channel through the outbox (issue 36, point 2), end to end on the test project's database: the
// owner sets the channel through the API to a local receiver (a test origin the app is given in code), a
// lead posted through the form arrives there once in the service's format, and the injected clock moves the
// retries along (no sleeping for backoff).

const SITE = "https://www.summit.example";
const PATH = "/api/admin/settings/chat";
const time = runningClock();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let other: Awaited<ReturnType<typeof startWebhookReceiver>>;
let t: TestApp;
let owner: string;

const api = () => adminClient(t.app, { cookie: owner, headers: { origin: SITE } });

async function setChannel(service: ChatService, url: string) {
  const response = await api().put(PATH, { kind: service, url });
  expect(response.statusCode, response.body).toBe(200);
}

async function settle() {
  t.app.deliveryWorker.wake();
  await t.app.deliveryWorker.settled();
}

async function chatDelivery(id: string): Promise<Delivery | undefined> {
  const lead = await t.app.repositories.leads.find("contacts", id);
  return lead?.deliveries.find((delivery) => delivery.channel === "chat");
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  other = await startWebhookReceiver();
  t = await createTestApp({ siteOrigin: SITE }, undefined, {
    clock: time.clock,
    chatTestOrigins: [receiver.url, other.url].map((url) => new URL(url).origin),
  });
  owner = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  await other.close();
});
afterEach(async () => {
  expect((await api().delete(PATH)).statusCode).toBe(200);
  // Whatever a test left waiting is given up, so it cannot reach the next test's receiver.
  time.advance(3 * 86_400_000);
  await settle();
  time.reset();
  for (const hook of [receiver, other]) {
    hook.received.length = 0;
    hook.statuses.splice(0, hook.statuses.length, 200);
  }
});

describe("a new lead's chat message", () => {
  it.each(["slack", "teams", "google-chat"] as const)(
    "%s: one message in the service's documented format, with the facts and the link to the lead",
    async (service) => {
      await setChannel(service, receiver.url);
      const id = await postLead(t.app, "contacts", {
        firstName: "Zoë",
        lastName: "Okafor",
        products: ["SEO Services"],
        formName: "contact-page",
      });
      await settle();

      expect(receiver.received).toHaveLength(1);
      const body = receiver.received[0]!.body;
      expect(receiver.received[0]!.headers["content-type"]).toBe("application/json");
      expect(shapeProblems(chatMessageShapes[service], JSON.parse(body))).toBe("");
      for (const fact of ["Zoë Okafor", "SEO Services", "Contact form on /contact", "Reply by"])
        expect(body).toContain(fact);
      expect(body).toMatch(/\w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M E[SD]T/);
      expect(body).toContain(`"${SITE}/admin/leads/contacts/${id}"`);

      const delivery = await chatDelivery(id);
      expect(delivery).toMatchObject({ state: "sent", attempts: 1 });
      // The service and the masked address: the whole one is a secret.
      expect(delivery!.recipient).toMatch(/^(Slack|Microsoft Teams|Google Chat) \(http:\/\/127\.0\.0\.1:\d+\/…eads\)$/);
      expect(delivery!.recipient).not.toContain("/hooks/leads");

      time.advance(3_600_000);
      await settle();
      expect(receiver.received).toHaveLength(1);
    },
  );

  it("is not written while the channel is off", async () => {
    const id = await postLead(t.app, "contacts");
    await settle();
    expect(await chatDelivery(id)).toBeUndefined();
    expect(receiver.received).toHaveLength(0);
  });

  it("a receiver answering 500, then 200: retried by the outbox and delivered once", async () => {
    receiver.statuses.splice(0, receiver.statuses.length, 500, 200);
    await setChannel("slack", receiver.url);
    const id = await postLead(t.app, "contacts");
    await settle();
    expect(await chatDelivery(id)).toMatchObject({ state: "pending", attempts: 1 });
    expect((await chatDelivery(id))!.lastError).toMatch(/^Slack answered 500 .*: a problem on Slack's side/);

    // Not due yet: nothing is tried before the backoff (about 10 s) has passed.
    await settle();
    expect(receiver.received).toHaveLength(1);

    time.advance(15_000);
    await settle();
    expect(await chatDelivery(id)).toMatchObject({ state: "sent", attempts: 2, lastError: null });
    expect(receiver.received.map((r) => r.status)).toEqual([500, 200]);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    time.advance(86_400_000);
    await settle();
    expect(receiver.received).toHaveLength(2);
  });

  it("a 404 is a failure the outbox retries, and the owner reads what it means", async () => {
    receiver.statuses.splice(0, receiver.statuses.length, 404);
    await setChannel("google-chat", receiver.url);
    const id = await postLead(t.app, "contacts");
    await settle();
    const delivery = await chatDelivery(id);
    expect(delivery).toMatchObject({ state: "pending", attempts: 1 });
    expect(delivery!.nextAttemptAt).not.toBeNull();
    expect(delivery!.lastError).toMatch(/^Google Chat answered 404 .*: the webhook address no longer exists/);
  });

  it("a retry goes to the address the owner set since", async () => {
    receiver.statuses.splice(0, receiver.statuses.length, 500);
    await setChannel("teams", receiver.url);
    const id = await postLead(t.app, "contacts");
    await settle();
    expect(receiver.received).toHaveLength(1);

    await setChannel("teams", other.url);
    time.advance(15_000);
    await settle();
    expect(await chatDelivery(id)).toMatchObject({ state: "sent", attempts: 2 });
    expect(other.received).toHaveLength(1);
    expect(shapeProblems(chatMessageShapes.teams, JSON.parse(other.received[0]!.body))).toBe("");
    expect(receiver.received).toHaveLength(1);
  });

  it("fails for good, saying so, when the channel was turned off before the retry", async () => {
    receiver.statuses.splice(0, receiver.statuses.length, 500);
    await setChannel("slack", receiver.url);
    const id = await postLead(t.app, "contacts");
    await settle();
    expect((await api().delete(PATH)).statusCode).toBe(200);

    time.advance(15_000);
    await settle();
    const delivery = await chatDelivery(id);
    expect(delivery).toMatchObject({ state: "failed", attempts: 2, nextAttemptAt: null });
    expect(delivery!.lastError).toMatch(/^The chat channel was turned off in Settings/);
    expect(receiver.received).toHaveLength(1);
  });

  it("cannot mention the channel or hide a link in Slack with what the lead typed", async () => {
    await setChannel("slack", receiver.url);
    await postLead(t.app, "contacts", {
      firstName: "<!channel>",
      lastName: "<https://evil.example|click here>",
      products: ["<!here> <@U024BE7LH>", "<https://evil.example/x|SEO>"],
    });
    await settle();

    expect(receiver.received).toHaveLength(1);
    const message = JSON.parse(receiver.received[0]!.body) as { text: string; blocks: unknown[] };
    expect(shapeProblems(chatMessageShapes.slack, message)).toBe("");
    const all = JSON.stringify(message);
    for (const injected of ["<!channel>", "<!here>", "<@U024BE7LH>", "<https://evil.example"])
      expect(all).not.toContain(injected);
    expect(message.text).toContain("&lt;!channel&gt; &lt;https://evil.example|click here&gt;");
    // Every mrkdwn text Slack reads is taken verbatim: no link or mention is made of the lead's words.
    const mrkdwn = all.match(/"type":"mrkdwn","text":"[^"]*"(,"verbatim":true)?/g) ?? [];
    expect(mrkdwn.length).toBeGreaterThan(0);
    for (const text of mrkdwn) expect(text).toContain('"verbatim":true');
  });
});
