import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../../contract/activity.ts";
import type { ChatSettings, ChatTestFailure } from "../../../contract/chat-channel.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { chatMessageShapes, shapeProblems } from "../../../tests/helpers/chat-payloads.ts";
import { addTestUser, createTestApp, signIn, type TestApp } from "../../../tests/helpers/test-app.ts";
import { startWebhookReceiver } from "../../../tests/helpers/webhook-receiver.ts";

// The chat channel's settings (issue 36, point 2) on the test project's database: every signed-in user reads
// them, masked; owners set them, each field's problem refused with its reason and nothing stored changed;
// the test message goes now to a local receiver (the app is given its origin as a test origin, which no
// request can add) and answers the service's refusal in words.

const SITE = "https://www.summit.example";
const PATH = "/api/admin/settings/chat";
const SLACK = "https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/abcdefghSECRETyzx9Qz";
const TEAMS =
  "https://prod-12.westus.logic.azure.com:443/workflows/0a1b2c/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers&sv=1.0&sig=SeCrEtSiGnAtUrE";
const GOOGLE = "https://chat.googleapis.com/v1/spaces/AAAAbbbb/messages?key=AIzaKEY&token=SECRET-TOKEN-abcd";

let t: TestApp;
let owner: string;
let member: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

const as = (cookie: string) => adminClient(t.app, { cookie, headers: { origin: SITE } });

async function current(cookie = owner): Promise<ChatSettings> {
  const response = await as(cookie).get(PATH);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatSettings>();
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ siteOrigin: SITE }, undefined, { chatTestOrigins: [new URL(receiver.url).origin] });
  owner = await signIn(t.app);
  member = await signIn(t.app, await addTestUser(t.app, { email: "chat-member@example.com" }));
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
afterEach(async () => {
  expect((await as(owner).delete(PATH)).statusCode).toBe(200);
  receiver.received.length = 0;
  receiver.statuses.splice(0, receiver.statuses.length, 200);
});

describe("the setting", () => {
  it("starts off, and every signed-in user may read it", async () => {
    const off = { kind: null, url: null, configured: false };
    expect(await current(owner)).toMatchObject(off);
    expect(await current(member)).toMatchObject(off);
    expect((await adminClient(t.app).get(PATH)).statusCode).toBe(401);
  });

  it.each([
    ["slack", SLACK, "https://hooks.slack.com/…x9Qz"],
    ["teams", TEAMS, "https://prod-12.westus.logic.azure.com/…tUrE"],
    ["google-chat", GOOGLE, "https://chat.googleapis.com/…abcd"],
  ] as const)(
    "is set by an owner for %s and answered masked, never whole, to everyone",
    async (service, url, masked) => {
      const response = await as(owner).put(PATH, { kind: service, url });
      expect(response.statusCode, response.body).toBe(200);
      const secret = new URL(url).pathname.split("/").at(-1)!;
      for (const answer of [response.json<ChatSettings>(), await current(owner), await current(member)]) {
        expect(answer).toEqual({
          kind: service,
          url: masked,
          configured: true,
          updatedAt: expect.any(String) as unknown,
        });
        expect(JSON.stringify(answer)).not.toContain(url);
      }
      expect(response.body).not.toContain(secret.slice(0, 10));
      expect(response.headers["cache-control"]).toBe("no-store");
      // The whole address is stored, for the sender.
      expect((await t.app.repositories.chatChannel.read()).channel).toEqual({ service, url });
    },
  );

  it("is turned off by { kind: null } or DELETE, and the Activity says who did what, without the secret", async () => {
    expect((await as(owner).put(PATH, { kind: "slack", url: SLACK })).statusCode).toBe(200);
    const off = await as(owner).put(PATH, { kind: null });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ kind: null, url: null, configured: false, updatedAt: expect.any(String) });
    expect((await as(owner).put(PATH, { kind: "slack", url: SLACK })).statusCode).toBe(200);
    expect((await as(owner).delete(PATH)).json()).toMatchObject({ configured: false });
    expect((await t.app.repositories.chatChannel.read()).channel).toBeNull();

    const activity = (await as(owner).get("/api/admin/activity?kind=settings")).json<ActivityPage>();
    const summaries = activity.items.map((item) => item.summary);
    expect(summaries).toContain("set the chat channel to Slack (https://hooks.slack.com/…x9Qz)");
    expect(summaries).toContain("turned the chat channel off");
    expect(JSON.stringify(activity)).not.toContain("SECRET");
  });
});

describe("refusals: 400 with the field and its reason, and nothing stored changes", () => {
  it.each([
    ["not an object", ["slack"], "body", /JSON object/],
    ["no service", { url: SLACK }, "kind", /kind must be slack, teams or google-chat, or null/],
    ["an unknown service", { kind: "discord", url: SLACK }, "kind", /kind must be slack, teams or google-chat/],
    ["no address", { kind: "slack" }, "url", /webhook address/],
    ["an empty address", { kind: "slack", url: "  " }, "url", /Paste the webhook address/],
    ["an address that is not text", { kind: "slack", url: 42 }, "url", /as text/],
    ["not a URL", { kind: "slack", url: "hooks.slack.com/services/T/B/X" }, "url", /starting with https:\/\//],
    ["http", { kind: "slack", url: SLACK.replace("https:", "http:") }, "url", /must start with https:\/\//],
    ["another service's address", { kind: "slack", url: GOOGLE }, "url", /hooks\.slack\.com\/services/],
    [
      "a look-alike Slack host",
      { kind: "slack", url: SLACK.replace("slack.com", "slack.com.evil.example") },
      "url",
      /Slack address/,
    ],
    [
      "Slack's workflow (not incoming) hooks",
      { kind: "slack", url: "https://hooks.slack.com/workflows/T1/A1/1/x" },
      "url",
      /Incoming Webhook/,
    ],
    [
      "a look-alike Teams host",
      { kind: "teams", url: "https://logic.azure.com.evil.example/workflows/x" },
      "url",
      /Workflows webhook/,
    ],
    [
      "a Teams host in the path",
      { kind: "teams", url: "https://evil.example/x.logic.azure.com" },
      "url",
      /Microsoft Teams address/,
    ],
    [
      "Google Chat without its token",
      { kind: "google-chat", url: GOOGLE.replace(/&token=.*/, "") },
      "url",
      /key=…&token=…/,
    ],
    [
      "a user name in the address",
      { kind: "slack", url: SLACK.replace("https://", "https://me:pw@") },
      "url",
      /user name or password/,
    ],
    [
      "a port of its own",
      { kind: "slack", url: SLACK.replace("slack.com/", "slack.com:8443/") },
      "url",
      /Slack address/,
    ],
    ["an address too long", { kind: "slack", url: `${SLACK}${"x".repeat(2100)}` }, "url", /at most 2048/],
    ["an address while turning it off", { kind: null, url: SLACK }, "url", /Leave url out/],
    ["an unknown field", { kind: "slack", url: SLACK, secret: "x" }, "body", /Unrecognized key/],
  ] as const)("%s", async (_name, payload, field, reason) => {
    expect((await as(owner).put(PATH, { kind: "teams", url: TEAMS })).statusCode).toBe(200);
    const before = await current();
    const response = await as(owner).put(PATH, payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ message: string; errors: Record<string, string> }>();
    expect(body.errors[field], response.body).toMatch(reason);
    expect(await current()).toEqual(before);
    expect((await t.app.repositories.chatChannel.read()).channel).toEqual({ service: "teams", url: TEAMS });
  });

  it("refuses a local receiver to an app that was not given it as a test origin", async () => {
    const plain = await createTestApp({ siteOrigin: SITE }, t.testDatabase);
    try {
      const cookie = await signIn(plain.app);
      const response = await adminClient(plain.app, { cookie, headers: { origin: SITE } }).put(PATH, {
        kind: "slack",
        url: receiver.url,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors: Record<string, string> }>().errors.url).toMatch(/https:\/\//);
    } finally {
      await plain.close();
    }
  });

  it.each([
    ["PUT", { kind: "slack", url: SLACK }],
    ["PUT", { kind: null }],
    ["DELETE", undefined],
    ["POST", undefined],
  ] as const)("a member's %s is refused (403) and nothing changes", async (method, payload) => {
    expect((await as(owner).put(PATH, { kind: "google-chat", url: GOOGLE })).statusCode).toBe(200);
    const before = await current();
    const url = method === "POST" ? `${PATH}/test` : PATH;
    const response = await as(member).request(method, url, payload);
    expect(response.statusCode, response.body).toBe(403);
    expect(await current()).toEqual(before);
    expect(receiver.received).toHaveLength(0);
  });
});

describe("the test message", () => {
  it("answers 409 while the channel is off", async () => {
    const response = await as(owner).post(`${PATH}/test`);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/chat channel is off/);
  });

  it.each(["slack", "teams", "google-chat"] as const)(
    "%s: posts one message in the service's format now and answers 200 { sent: true }",
    async (service) => {
      expect((await as(owner).put(PATH, { kind: service, url: receiver.url })).statusCode).toBe(200);
      const response = await as(owner).post(`${PATH}/test`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ sent: true });
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers["content-type"]).toBe("application/json");
      const message: unknown = JSON.parse(receiver.received[0]!.body);
      expect(shapeProblems(chatMessageShapes[service], message)).toBe("");
      expect(receiver.received[0]!.body).toContain("Test message from");
    },
  );

  it("answers 502 with the service's status and what to do when the service refuses it", async () => {
    receiver.statuses.splice(0, receiver.statuses.length, 404);
    expect((await as(owner).put(PATH, { kind: "slack", url: receiver.url })).statusCode).toBe(200);
    const response = await as(owner).post(`${PATH}/test`);
    expect(response.statusCode, response.body).toBe(502);
    const body = response.json<ChatTestFailure>();
    expect(body.status).toBe(404);
    expect(body.message).toMatch(/^Slack answered 404 \(.*\): the webhook address no longer exists/);
    expect(body.message).not.toContain("/hooks/leads");
  });

  it("answers 502 with no status when nothing answers at the address", async () => {
    const gone = await startWebhookReceiver();
    await gone.close();
    const app = await createTestApp({ siteOrigin: SITE }, t.testDatabase, {
      chatTestOrigins: [new URL(gone.url).origin],
    });
    try {
      const cookie = await signIn(app.app);
      const client = adminClient(app.app, { cookie, headers: { origin: SITE } });
      expect((await client.put(PATH, { kind: "google-chat", url: gone.url })).statusCode).toBe(200);
      const response = await client.post(`${PATH}/test`);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        status: null,
        message: `Google Chat could not be reached: connection refused by ${new URL(gone.url).origin}.`,
      });
    } finally {
      await app.close();
    }
  });
});
