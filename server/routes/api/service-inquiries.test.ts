import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectRejected } from "../../../tests/helpers/expect-rejection.ts";
import { createTestApp, humanSignals, signIn, validInquiry, type TestApp } from "../../../tests/helpers/test-app.ts";
import { testClock } from "../../../tests/helpers/test-clock.ts";
import { leadFilters } from "../../../contract/lead-filters.ts";

let t: TestApp;
/** The app's clock: tests that need leads apart in time advance it. */
const time = testClock();
/** Every stored service inquiry, spam included. */
const count = () => t.app.repositories.leads.count("inquiries", leadFilters.parse({ view: "all" }));
/** Signals of a person who opened the form a minute ago, sent with every post. */
let human: Awaited<ReturnType<typeof humanSignals>>;
const post = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/service-inquiry", payload: { ...human, ...payload } });

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock: time.clock });
  human = await humanSignals(t.app);
});
afterAll(async () => {
  await t.close();
});

describe("POST /api/service-inquiry", () => {
  it("stores an inquiry and answers 201 with id and createdAt", async () => {
    const before = await count();
    const response = await post(validInquiry);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(["createdAt", "id"]);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(body.createdAt)).not.toBeNaN();
    expect(await count()).toBe(before + 1);
    const stored = await t.app.repositories.leads.find("inquiries", body.id);
    expect(stored).toMatchObject({ ...validInquiry, ...body, status: "new", spamReason: null });
  });

  it("keeps the message's lines and removes the characters that disguise text (issue 19)", async () => {
    const response = await post({
      ...validInquiry,
      firstName: "Mar\u202Ecus",
      message: "Line one\u2028Line two\nPay \u2066\u202Eto: evil\u2069\u202C now\u{E0041}",
    });
    expect(response.statusCode).toBe(201);
    expect(await t.app.repositories.leads.find("inquiries", response.json().id)).toMatchObject({
      firstName: "Marcus",
      message: "Line one\nLine two\nPay to: evil now",
    });
  });

  it("refuses a phone that is not a phone number (issue 19)", async () => {
    const response = await post({ ...validInquiry, phone: "<svg onload=alert(1)>1234567" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      phone: "Enter a phone number using only digits, spaces and + - ( ) .",
    });
  });

  it("accepts an empty budget and company, as the form sends them", async () => {
    const response = await post({ ...validInquiry, budget: "", company: "" });
    expect(response.statusCode).toBe(201);
    expect(await t.app.repositories.leads.find("inquiries", response.json().id)).toMatchObject({
      budget: null,
      company: null,
    });
  });

  it.each(["seo", "paid-ads", "web-design", "social-media", "multiple", "consultation"])(
    "accepts the service type %s",
    async (serviceType) => {
      const response = await post({ ...validInquiry, serviceType });
      expect(response.statusCode).toBe(201);
      expect((await t.app.repositories.leads.find("inquiries", response.json().id))?.serviceType).toBe(serviceType);
    },
  );

  it.each([
    ["serviceType missing", { serviceType: undefined }, "serviceType"],
    ["serviceType unknown", { serviceType: "billboards" }, "serviceType"],
    ["budget not an option", { budget: "under-1000" }, "budget"],
    ["message blank", { message: "   " }, "message"],
    ["message over 5,000 characters", { message: "m".repeat(5001) }, "message"],
    ["firstName missing", { firstName: undefined }, "firstName"],
    ["lastName over 100 characters", { lastName: "l".repeat(101) }, "lastName"],
    ["email invalid", { email: "marcus@" }, "email"],
    ["phone too short", { phone: "12345" }, "phone"],
    ["company over 200 characters", { company: "c".repeat(201) }, "company"],
  ])("answers 400 naming the field when %s, and stores nothing", async (_case, change, field) => {
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/service-inquiry", payload: { ...validInquiry, ...change } },
      { status: 400, field },
      count,
    );
  });

  it("answers 415 for a body that is not JSON and 413 for one over 32 KB, storing nothing", async () => {
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/service-inquiry", headers: { "content-type": "text/plain" }, body: "hello" },
      { status: 415 },
      count,
    );
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/service-inquiry", payload: { ...validInquiry, message: "x".repeat(40_000) } },
      { status: 413 },
      count,
    );
  });

  it("refuses a cross-site browser request with 403", async () => {
    await expectRejected(
      t.app,
      {
        method: "POST",
        url: "/api/service-inquiry",
        headers: { origin: "http://attacker.test" },
        payload: validInquiry,
      },
      { status: 403 },
      count,
    );
  });
});

it("stores an inquiry whose honeypot is filled in as spam", async () => {
  const response = await post({ ...validInquiry, website: "spam.example" });
  expect(response.statusCode).toBe(201);
  const stored = await t.app.repositories.leads.find("inquiries", response.json().id);
  expect(stored?.status).toBe("spam");
  expect(stored?.spamReason).toMatch(/honeypot/);
});

describe("GET /api/service-inquiries", () => {
  it("answers 401 without a session and with a made-up cookie", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/service-inquiries" })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/service-inquiries",
      headers: { cookie: "agency_session=not-a-real-token" },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("lists inquiries newest first for the signed-in admin", async () => {
    for (const message of ["first message", "second message", "third message"]) {
      time.advance(1_000);
      expect((await post({ ...validInquiry, message })).statusCode).toBe(201);
    }
    const cookie = await signIn(t.app);
    const response = await t.app.inject({ method: "GET", url: "/api/service-inquiries", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const list = response.json<Array<{ message: string; status: string }>>();
    // Spam (posted above) is left out: the spam view of the inbox has it.
    const spam = await t.app.repositories.leads.count("inquiries", leadFilters.parse({ view: "spam" }));
    expect(spam).toBeGreaterThan(0);
    expect(list).toHaveLength((await count()) - spam);
    expect(list.map((item) => item.status)).not.toContain("spam");
    expect(list.slice(0, 3).map((item) => item.message)).toEqual(["third message", "second message", "first message"]);
  });
});
