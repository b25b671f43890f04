import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { contactLead, inquiryLead } from "../../tests/helpers/delivery-leads.ts";
import { sendWebhook, signWebhook, webhookBody, WebhookError } from "./webhook.ts";

// A real HTTP receiver on a loopback port. It checks each request's signature twice: with the
// standardwebhooks package and with the scheme written out by hand, so a mistake in one is caught.

const secretBytes = randomBytes(32);
const secret = `whsec_${secretBytes.toString("base64")}`;

const contact = contactLead({
  id: "0b9f1a52-6c1e-4c55-9e0e-6f7f0a7f2d11",
  firstName: "<script>alert(1)</script>",
  lastName: 'O\'Brien "Bob"',
  phone: "+1 555 0100",
  company: "Acme & Sons",
  meetingDate: "2026-12-01",
  meetingTime: "14:00",
  timezone: "Europe/Berlin",
  createdAt: "2026-11-23T10:00:00.000Z",
  pagePath: "/contact",
  formName: "home-services-audit",
  utmSource: "google",
  utmMedium: "cpc",
  utmCampaign: "winter",
  utmTerm: null,
  utmContent: null,
  referrer: "https://www.google.com/",
});

const inquiry = inquiryLead({
  id: "5d7c3c1e-2a4b-4f7e-8f43-1c2b3a4d5e6f",
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  phone: "+1 555 0199",
  company: null,
  serviceType: "paid-ads",
  budget: "discuss",
  message: "Line one\nLine two: ünïcödé",
  createdAt: "2026-11-23T11:30:00.000Z",
  pagePath: "/services",
  formName: "service-inquiry",
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  referrer: null,
});

type Received = {
  headers: IncomingMessage["headers"];
  body: string;
  verifiedByPackage: unknown;
  verifiedByHand: boolean;
};
type Answer = (response: ServerResponse) => void;

let servers: Server[] = [];
afterEach(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
    await once(server, "close");
  }
  servers = [];
});

/** Starts a receiver that answers the n-th request with answers[n] (the last one repeats). */
async function receiver(...answers: Answer[]) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({
        headers: request.headers,
        body,
        verifiedByPackage: verifyByPackage(request.headers, body),
        verifiedByHand: verifyByHand(request.headers, body),
      });
      const answer = answers[Math.min(received.length - 1, answers.length - 1)];
      answer?.(response);
    });
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/catch/secret-path`, origin: `http://127.0.0.1:${port}`, received };
}

/** The standardwebhooks package's check: the parsed payload, or the error it threw. */
function verifyByPackage(headers: IncomingMessage["headers"], body: string): unknown {
  try {
    return new Webhook(secret).verify(body, headers as Record<string, string>);
  } catch (error) {
    return error;
  }
}

/** The Standard Webhooks check, written out: v1,<base64 HMAC-SHA256(secret bytes, "id.timestamp.body")>. */
function verifyByHand(headers: IncomingMessage["headers"], body: string): boolean {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (typeof id !== "string" || typeof timestamp !== "string" || typeof signatures !== "string") return false;
  const expected = Buffer.from(createHmac("sha256", secretBytes).update(`${id}.${timestamp}.${body}`).digest("base64"));
  return signatures.split(" ").some((versioned) => {
    const [version, signature = ""] = versioned.split(",");
    const given = Buffer.from(signature);
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const answer =
  (status: number, body = "", headers: Record<string, string> = {}): Answer =>
  (response) => {
    response.writeHead(status, headers);
    response.end(body);
  };

describe("webhookBody", () => {
  it("wraps a contact in a lead.created envelope with every field a CRM needs", () => {
    const body = webhookBody("contacts", contact, { adminUrl: "https://agency.example/admin/leads/contacts/x" });
    expect(JSON.parse(body)).toEqual({
      type: "lead.created",
      timestamp: contact.createdAt,
      data: {
        kind: "contact",
        id: contact.id,
        createdAt: contact.createdAt,
        status: "new",
        firstName: "<script>alert(1)</script>",
        lastName: 'O\'Brien "Bob"',
        email: "ada@example.com",
        phone: "+1 555 0100",
        company: "Acme & Sons",
        products: ["SEO Services", "Website Design"],
        meetingDate: "2026-12-01",
        meetingTime: "14:00",
        timezone: "Europe/Berlin",
        pagePath: "/contact",
        formName: "home-services-audit",
        utmSource: "google",
        utmMedium: "cpc",
        utmCampaign: "winter",
        utmTerm: null,
        utmContent: null,
        referrer: "https://www.google.com/",
        replyWithinHours: 4,
        replyBy: contact.replyBy,
        adminUrl: "https://agency.example/admin/leads/contacts/x",
      },
    });
  });

  it("gives an inquiry's service type and budget with their labels", () => {
    const { data } = JSON.parse(webhookBody("inquiries", inquiry, { adminUrl: null })) as {
      data: Record<string, unknown>;
    };
    expect(data).toMatchObject({
      kind: "inquiry",
      serviceType: "paid-ads",
      serviceTypeLabel: "Paid Advertising Management",
      budget: "discuss",
      budgetLabel: "Prefer to discuss",
      message: "Line one\nLine two: ünïcödé",
      company: null,
      replyWithinHours: 24,
      adminUrl: null,
    });
    expect(data).not.toHaveProperty("products");
    expect(
      JSON.parse(webhookBody("inquiries", { ...inquiry, budget: null }, { adminUrl: null })).data.budgetLabel,
    ).toBeNull();
  });

  it("leaves out what the owner keeps to the inbox (read flag, spam reason)", () => {
    const { data } = JSON.parse(
      webhookBody(
        "contacts",
        { ...contact, readAt: "2026-11-23T12:00:00.000Z", spamReason: "honeypot" },
        { adminUrl: null },
      ),
    ) as {
      data: Record<string, unknown>;
    };
    expect(data).not.toHaveProperty("readAt");
    expect(data).not.toHaveProperty("spamReason");
  });

  it("is the same bytes every time for one lead (no clock inside)", () => {
    expect(webhookBody("contacts", contact, { adminUrl: null })).toBe(
      webhookBody("contacts", structuredClone(contact), { adminUrl: null }),
    );
  });
});

describe("signWebhook", () => {
  it("signs id.timestamp.body so the standardwebhooks package accepts it, with the timestamp in whole seconds", () => {
    const now = new Date();
    const body = webhookBody("contacts", contact, { adminUrl: null });
    const headers = signWebhook({ secret, id: "msg_1", timestamp: now, body });
    expect(headers["webhook-id"]).toBe("msg_1");
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(verifyByHand(headers, body)).toBe(true);
  });

  it("gives a signature no other secret, id or body matches", () => {
    const headers = signWebhook({ secret, id: "msg_1", timestamp: new Date(), body: "{}" });
    const otherSecret = `whsec_${randomBytes(32).toString("base64")}`;
    expect(() => new Webhook(otherSecret).verify("{}", headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(secret).verify('{"a":1}', headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(secret).verify("{}", { ...headers, "webhook-id": "msg_2" })).toThrow(
      /No matching signature/,
    );
  });
  it("refuses an id the spec forbids (a '.' would make two messages sign the same text)", () => {
    expect(() => signWebhook({ secret, id: "msg.1", timestamp: new Date(), body: "{}" })).toThrow(/webhook id must be/);
    expect(() => signWebhook({ secret, id: "", timestamp: new Date(), body: "{}" })).toThrow(/webhook id must be/);
  });
});

describe("sendWebhook to a real receiver", () => {
  it("POSTs the signed lead as JSON; the receiver verifies it both ways and reads the lead back", async () => {
    const hook = await receiver(answer(204));
    const body = webhookBody("contacts", contact, { adminUrl: null });
    const now = new Date();
    await expect(sendWebhook({ url: hook.url, secret }, { id: "msg_abc", body, now })).resolves.toEqual({
      status: 204,
    });

    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    expect(request?.body).toBe(body);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["user-agent"]).toMatch(/^agency-site-webhooks\//);
    expect(request?.headers["webhook-id"]).toBe("msg_abc");
    expect(request?.headers["webhook-timestamp"]).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(request?.verifiedByHand).toBe(true);
    // verify() answers the parsed payload: the lead, with the <script> name still a plain JSON string.
    expect(request?.verifiedByPackage).toMatchObject({
      type: "lead.created",
      data: { id: contact.id, firstName: "<script>alert(1)</script>" },
    });
  });

  it("rejects on a 500 with the status and the start of the answer, then succeeds on the retry with the same webhook-id", async () => {
    const hook = await receiver(answer(500, `  upstream\n\tdown ${"x".repeat(300)}`), answer(200, "ok"));
    const body = webhookBody("inquiries", inquiry, { adminUrl: null });
    const target = { url: hook.url, secret };

    const failure = await sendWebhook(target, { id: "msg_42", body, now: new Date() }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WebhookError);
    expect((failure as WebhookError).status).toBe(500);
    const message = (failure as WebhookError).message;
    expect(message).toMatch(new RegExp(`^HTTP 500 from ${hook.origin}: upstream down x+…$`));
    expect(message).not.toContain("secret-path");
    expect(message.length).toBeLessThan(300);

    await expect(sendWebhook(target, { id: "msg_42", body, now: new Date() })).resolves.toEqual({ status: 200 });
    expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual(["msg_42", "msg_42"]);
    expect(hook.received.map((r) => r.body)).toEqual([body, body]);
    expect(hook.received.every((r) => r.verifiedByHand && !(r.verifiedByPackage instanceof Error))).toBe(true);
  });

  it("signs each attempt with that attempt's time", async () => {
    const hook = await receiver(answer(200));
    const body = webhookBody("contacts", contact, { adminUrl: null });
    const first = new Date();
    const later = new Date(first.getTime() + 90_000);
    await sendWebhook({ url: hook.url, secret }, { id: "msg_t", body, now: first });
    await sendWebhook({ url: hook.url, secret }, { id: "msg_t", body, now: later });
    expect(hook.received.map((r) => Number(r.headers["webhook-timestamp"]))).toEqual([
      Math.floor(first.getTime() / 1000),
      Math.floor(later.getTime() / 1000),
    ]);
    expect(hook.received.every((r) => r.verifiedByHand)).toBe(true);
  });

  it("treats a 301 as a failure and does not follow it", async () => {
    const target = await receiver(answer(200));
    const hook = await receiver(answer(301, "", { location: `${target.url}?moved=1` }));
    const failure = await sendWebhook({ url: hook.url, secret }, { id: "msg_r", body: "{}", now: new Date() }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(WebhookError);
    expect((failure as WebhookError).status).toBe(301);
    expect((failure as Error).message).toBe(
      `HTTP 301 from ${hook.origin}: a redirect to ${target.origin}, which is not followed; set WEBHOOK_URL to the final address`,
    );
    expect(hook.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
  });

  it("rejects after the timeout when the receiver never answers", async () => {
    const hook = await receiver(() => {
      // Never answers.
    });
    const failure = await sendWebhook(
      { url: hook.url, secret },
      { id: "msg_slow", body: "{}", now: new Date() },
      { timeoutMs: 200 },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WebhookError);
    expect((failure as WebhookError).status).toBeNull();
    expect((failure as Error).message).toBe(`${hook.origin} timed out after 0.2 s`);
    expect(hook.received).toHaveLength(1);
  });

  it("rejects with a readable error when the connection is refused", async () => {
    // A port that was just free: bind, note it, close, then send there.
    const probe = createServer();
    probe.listen(0, "127.0.0.1");
    await once(probe, "listening");
    const { port } = probe.address() as AddressInfo;
    probe.close();
    await once(probe, "close");

    const failure = await sendWebhook(
      { url: `http://127.0.0.1:${port}/hook`, secret },
      { id: "msg_x", body: "{}", now: new Date() },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WebhookError);
    expect((failure as Error).message).toBe(`connection refused by http://127.0.0.1:${port}`);
  });

  it("rejects with a readable error when the receiver drops the connection", async () => {
    const hook = await receiver((response) => response.socket?.destroy());
    const failure = await sendWebhook({ url: hook.url, secret }, { id: "msg_drop", body: "{}", now: new Date() }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(WebhookError);
    expect((failure as Error).message).toBe(`${hook.origin} closed the connection without answering`);
  });

  it("times out on an error answer whose body never ends", async () => {
    const hook = await receiver((response) => {
      response.writeHead(502);
      response.write("starting");
    });
    const failure = await sendWebhook(
      { url: hook.url, secret },
      { id: "msg_trickle", body: "{}", now: new Date() },
      { timeoutMs: 200 },
    ).catch((error: unknown) => error);
    expect((failure as Error).message).toBe(`${hook.origin} timed out after 0.2 s`);
  });

  it("uses the fetch it is given", async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fakeFetch: typeof fetch = (input, init) => {
      calls.push({ url: String(input), init });
      return Promise.resolve(new Response(null, { status: 202 }));
    };
    await expect(
      sendWebhook(
        { url: "https://crm.example/hook", secret },
        { id: "msg_f", body: "{}", now: new Date() },
        { fetch: fakeFetch },
      ),
    ).resolves.toEqual({
      status: 202,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init).toMatchObject({ method: "POST", redirect: "manual", body: "{}" });
  });
});
