import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ServerConfig } from "../config.ts";
import { parseMetrics, valueOf, type Sample } from "../../tests/helpers/prometheus-text.ts";
import { startSmtpTestServer, type SmtpTestServer } from "../../tests/helpers/smtp-test-server.ts";
import { runningClock } from "../../tests/helpers/test-clock.ts";
import { createTestApp, humanSignals, validContact, validInquiry, type TestApp } from "../../tests/helpers/test-app.ts";
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from "../../tests/helpers/test-database.ts";
import { startWebhookReceiver } from "../../tests/helpers/webhook-receiver.ts";
import { DATABASE_READ_TIMEOUT_MS } from "./app-metrics.ts";

// GET /metrics on the test project's database: who may read it, and that each figure moves when its cause
// happens (a request, a lead stored or flagged, a delivery that fails and waits, the database going away).

const TOKEN = "test-metrics-token-0123456789abcdef";
const bearer = { authorization: `Bearer ${TOKEN}` };
const withToken = { metrics: { token: TOKEN, listen: null } } satisfies Partial<ServerConfig>;
// Real time plus what a test moves it on by: leads are stamped with real time, ages are read by this clock.
const time = runningClock();
const clock = time.clock;

let database: TestDatabase;
const open: TestApp[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const t of open.splice(0).reverse()) await t.close();
  time.reset();
});
afterAll(async () => {
  await database.drop();
});

/** An app on the file's database, or on a fresh one of its own (dropped with it) for a test that counts or breaks it. */
async function appWith(overrides: Partial<ServerConfig>, { fresh = false } = {}): Promise<TestApp> {
  const t = await createTestApp(overrides, fresh ? undefined : database, { clock });
  open.push(t);
  return t;
}

async function scrape(t: TestApp): Promise<Sample[]> {
  const response = await t.app.inject({ method: "GET", url: "/metrics", headers: bearer });
  expect(response.statusCode, response.body).toBe(200);
  return parseMetrics(response.body);
}

/** How much `name{labels}` moved across `work` (a counter that did not exist yet counts from 0). */
async function moved(
  t: TestApp,
  name: string,
  labels: Record<string, string>,
  work: () => Promise<unknown>,
): Promise<number> {
  const before = valueOf(await scrape(t), name, labels) ?? 0;
  await work();
  return (valueOf(await scrape(t), name, labels) ?? 0) - before;
}

describe("who may read /metrics", () => {
  it("nobody when neither METRICS_TOKEN nor METRICS_PORT is set: 404, and no listener", async () => {
    const t = await appWith({});
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/metrics", headers: bearer })).statusCode).toBe(404);
    expect(t.app.metricsListenerAddress()).toBeNull();
  });

  it("with METRICS_TOKEN, the bearer of that token: 401 with WWW-Authenticate and a JSON message otherwise", async () => {
    const t = await appWith(withToken);
    const none = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    expect(none.json()).toEqual({ message: "The metrics need Authorization: Bearer <METRICS_TOKEN>." });
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      "Bearer wrong",
      `Basic ${Buffer.from(`user:${TOKEN}`).toString("base64")}`,
      TOKEN,
    ]) {
      const wrong = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization } });
      expect(wrong.statusCode, authorization).toBe(401);
      expect(wrong.headers["www-authenticate"]).toMatch(/^Bearer realm="metrics"/);
      expect(wrong.json<{ message: string }>().message).toMatch(/token/i);
    }
    const right = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `bearer  ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(right.headers["cache-control"]).toBe("no-store");
    expect(right.body).toContain("# TYPE agency_http_requests_total counter");
    expect(right.body).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
  });

  it("with METRICS_PORT, anyone who reaches that listener, which serves nothing else; the main port answers 404", async () => {
    const t = await appWith({ metrics: { token: null, listen: { host: "127.0.0.1", port: 0 } } });
    const address = t.app.metricsListenerAddress();
    expect(address).not.toBeNull();
    const base = `http://127.0.0.1:${address!.port}`;
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(await metrics.text()).toContain("agency_database_up 1");
    const other = await fetch(`${base}/healthz`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: "This listener serves only GET /metrics." });
    expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(405);
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);

    await t.close();
    open.splice(open.indexOf(t), 1);
    await expect(fetch(`${base}/metrics`)).rejects.toThrow();
  });

  it("with both, the main port still wants the token and the listener does not", async () => {
    const t = await appWith({ metrics: { token: TOKEN, listen: { host: "127.0.0.1", port: 0 } } });
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/metrics", headers: bearer })).statusCode).toBe(200);
    expect((await fetch(`http://127.0.0.1:${t.app.metricsListenerAddress()!.port}/metrics`)).status).toBe(200);
  });
});

describe("requests", () => {
  it("count by the route's pattern, method and status, and time by status class: never an id or a query", async () => {
    const t = await appWith(withToken);
    const id = randomUUID();
    const lead = { method: "GET", route: "/api/admin/leads/:kind/:id" };
    const asked = () => t.app.inject({ method: "GET", url: `/api/admin/leads/contacts/${id}?q=jane%40example.com` });
    expect(await moved(t, "agency_http_requests_total", { ...lead, status_code: "401" }, asked)).toBe(1);
    expect(await moved(t, "agency_http_request_duration_seconds_count", { ...lead, status_class: "4xx" }, asked)).toBe(
      1,
    );
    expect(
      await moved(
        t,
        "agency_http_request_duration_seconds_bucket",
        { ...lead, status_class: "4xx", le: "+Inf" },
        asked,
      ),
    ).toBe(1);
    const healthy = () => t.app.inject({ method: "GET", url: "/healthz" });
    expect(
      await moved(t, "agency_http_requests_total", { method: "GET", route: "/healthz", status_code: "200" }, healthy),
    ).toBe(1);
    expect(
      await moved(
        t,
        "agency_http_request_duration_seconds_count",
        { method: "GET", route: "/healthz", status_class: "2xx" },
        healthy,
      ),
    ).toBe(1);
    // A path no route has: one label for all of them.
    const lost = () => t.app.inject({ method: "GET", url: `/api/no-such-thing/${id}` });
    expect(
      await moved(t, "agency_http_requests_total", { method: "GET", route: "unmatched", status_code: "404" }, lost),
    ).toBe(1);

    const body = (await t.app.inject({ method: "GET", url: "/metrics", headers: bearer })).body;
    expect(body).not.toContain(id);
    expect(body).not.toContain("jane");
    expect(body).not.toContain("no-such-thing");
  });
});

describe("leads", () => {
  const postContact = (t: TestApp, extra: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/contact", headers, payload: { ...validContact, ...extra } });

  it("stored move their form's counter, once per lead (a retry with the same Idempotency-Key is not a lead)", async () => {
    const t = await appWith(withToken);
    const stored = (form: string, kind = "contacts") => ({ kind, form });
    const key = randomUUID();
    expect(
      await moved(t, "agency_leads_stored_total", stored("contact-page"), async () => {
        const signals = await humanSignals(t.app);
        const lead = { ...signals, formToken: signals.formToken, formName: "contact-page" };
        expect((await postContact(t, lead, { "idempotency-key": key })).statusCode).toBe(201);
        expect((await postContact(t, lead, { "idempotency-key": key })).statusCode).toBe(201);
      }),
    ).toBe(1);
    // A form name typed into the API is not a label: it counts as "other"; none at all as "none".
    expect(
      await moved(t, "agency_leads_stored_total", stored("other"), async () =>
        postContact(t, { ...(await humanSignals(t.app)), formName: "jane@example.com" }),
      ),
    ).toBe(1);
    const inquiry = async () =>
      t.app.inject({
        method: "POST",
        url: "/api/service-inquiry",
        payload: { ...validInquiry, ...(await humanSignals(t.app)) },
      });
    expect(await moved(t, "agency_leads_stored_total", stored("none", "inquiries"), inquiry)).toBe(1);
    // A form posted without JavaScript from our own page (its Origin: one of unproven origin is only confirmed), by the form's own name.
    const form = async () => {
      const signals = await humanSignals(t.app);
      const body = new URLSearchParams({
        firstName: "Dana",
        lastName: "Whitfield",
        email: "dana@example.com",
        phone: "(512) 555-0147",
        formToken: signals.formToken,
      });
      const response = await t.app.inject({
        method: "POST",
        url: "/forms/lead-audit",
        headers: { origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
        body: body.toString(),
      });
      expect(response.statusCode).toBe(303);
    };
    expect(await moved(t, "agency_leads_stored_total", stored("lead-audit"), form)).toBe(1);
    expect((await t.app.inject({ method: "GET", url: "/metrics", headers: bearer })).body).not.toContain("jane");
  });

  it("flagged as spam move the spam counter by reason, and not the stored leads'", async () => {
    const t = await appWith(withToken);
    const spam = (reason: string) => ({ kind: "contacts", reason });
    const honeypot = async () =>
      postContact(t, { ...(await humanSignals(t.app)), formName: "contact-page", website: "http://spam.example" });
    expect(await moved(t, "agency_spam_flagged_total", spam("honeypot"), honeypot)).toBe(1);
    expect(await moved(t, "agency_leads_stored_total", { form: "contact-page" }, honeypot)).toBe(0);
    expect(
      await moved(t, "agency_spam_flagged_total", spam("token-missing"), () => postContact(t, { elapsedMs: 60_000 })),
    ).toBe(1);
    expect(
      await moved(t, "agency_spam_flagged_total", spam("token-forged"), () =>
        postContact(t, { elapsedMs: 60_000, formToken: "v1.abc.def" }),
      ),
    ).toBe(1);
    // One token carries one lead: the second lead on it is a replayed token, decided in the lead's transaction.
    const { formToken } = await humanSignals(t.app);
    expect((await postContact(t, { formToken, elapsedMs: 60_000 })).statusCode).toBe(201);
    expect(
      await moved(t, "agency_spam_flagged_total", spam("token-reused"), () =>
        postContact(t, { formToken, elapsedMs: 60_000 }),
      ),
    ).toBe(1);
  });
});

describe("deliveries", () => {
  let smtp: SmtpTestServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    receiver = await startWebhookReceiver([500]);
  });
  afterAll(async () => {
    await smtp.stop();
    await receiver.close();
  });

  const delivery = (overrides: Partial<ServerConfig["delivery"]> = {}): ServerConfig["delivery"] => ({
    mail: { transport: { kind: "smtp", url: smtp.url }, from: "Summit Leads <leads@summit.example>" },
    notify: ["owner@summit.example"],
    autoReply: false,
    webhook: {
      url: receiver.url,
      secret: `whsec_${Buffer.from("a test secret of thirty-two bytes").toString("base64")}`,
    },
    ownerTimeZone: "America/New_York",
    business: { companyName: "Summit Lead Marketing", phone: "(512) 555-0186", phoneHref: "tel:+15125550186" },
    ...overrides,
  });
  const settle = async (t: TestApp) => {
    t.app.deliveryWorker.wake();
    await t.app.deliveryWorker.settled();
  };

  it("that fail wait as pending, age with the clock, and count as failed once given up", async () => {
    // The mail server refuses the recipient; the webhook receiver answers 500.
    smtp.refuse = { at: "rcpt", code: 550, text: "5.1.1 mailbox unavailable" };
    const t = await appWith({ ...withToken, delivery: delivery() }, { fresh: true });
    const before = await scrape(t);
    expect(valueOf(before, "agency_deliveries_pending", { channel: "owner-email" })).toBe(0);
    expect(valueOf(before, "agency_deliveries_oldest_pending_age_seconds", { channel: "webhook" })).toBe(0);

    const response = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...validContact, ...(await humanSignals(t.app)) },
    });
    expect(response.statusCode).toBe(201);
    await settle(t);
    expect(receiver.received.length).toBeGreaterThan(0);
    const waiting = await scrape(t);
    for (const channel of ["owner-email", "webhook"]) {
      expect(valueOf(waiting, "agency_deliveries_pending", { channel })).toBe(1);
      expect(valueOf(waiting, "agency_deliveries_failed", { channel })).toBe(0);
      expect(valueOf(waiting, "agency_deliveries_oldest_pending_age_seconds", { channel })).toBeLessThan(30);
    }
    expect(valueOf(waiting, "agency_deliveries_pending", { channel: "auto-reply" })).toBe(0);

    // Fifteen minutes later on the app's clock, the same lead has waited fifteen minutes.
    time.advance(15 * 60_000);
    const later = await scrape(t);
    const age = valueOf(later, "agency_deliveries_oldest_pending_age_seconds", { channel: "owner-email" })!;
    expect(age).toBeGreaterThanOrEqual(900);
    expect(age).toBeLessThan(930);

    // Two days on, the next attempt fails for good.
    time.advance(49 * 3_600_000);
    await settle(t);
    const given = await scrape(t);
    for (const channel of ["owner-email", "webhook"]) {
      expect(valueOf(given, "agency_deliveries_failed", { channel })).toBe(1);
      expect(valueOf(given, "agency_deliveries_pending", { channel })).toBe(0);
      expect(valueOf(given, "agency_deliveries_oldest_pending_age_seconds", { channel })).toBe(0);
    }
    smtp.refuse = null;
  });

  it("never sent for want of a channel count as not configured", async () => {
    const t = await appWith(
      { ...withToken, delivery: delivery({ mail: null, notify: [], webhook: null }) },
      { fresh: true },
    );
    // Spam (no form token) gets no deliveries at all.
    const spam = () =>
      t.app
        .inject({ method: "POST", url: "/api/service-inquiry", payload: { ...validInquiry } })
        .then(async () => settle(t));
    expect(await moved(t, "agency_deliveries_not_configured", { channel: "owner-email" }, spam)).toBe(0);
    const real = async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/service-inquiry",
        payload: { ...validInquiry, ...(await humanSignals(t.app)) },
      });
      expect(response.statusCode).toBe(201);
      await settle(t);
    };
    expect(await moved(t, "agency_deliveries_not_configured", { channel: "owner-email" }, real)).toBe(1);
  });
});

describe("the database", () => {
  it("is up (1) while it answers; when it goes away, 0 within the read's time limit, and the outbox figures are absent, not stale", async () => {
    const t = await appWith(withToken, { fresh: true });
    const own = t.testDatabase;
    const up = await scrape(t);
    expect(valueOf(up, "agency_database_up")).toBe(1);
    expect(valueOf(up, "agency_deliveries_pending", { channel: "owner-email" })).toBe(0);

    if (own.database.kind === "sqlite") {
      // The file's connection closed under the app.
      await t.app.db.destroy();
    } else {
      // The database dropped under the app, its sessions ended.
      const name = new URL(own.database.url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: postgresAdminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    }
    const started = Date.now();
    const down = await scrape(t);
    expect(Date.now() - started).toBeLessThan(DATABASE_READ_TIMEOUT_MS + 4_000);
    expect(valueOf(down, "agency_database_up")).toBe(0);
    expect(valueOf(down, "agency_deliveries_pending")).toBeUndefined();
    expect(valueOf(down, "agency_deliveries_oldest_pending_age_seconds")).toBeUndefined();
    // The process figures still come: the scrape itself works.
    expect(valueOf(down, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
  });
});
