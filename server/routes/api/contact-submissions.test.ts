import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectRejected } from "../../../tests/helpers/expect-rejection.ts";
import { createTestApp, humanSignals, signIn, validContact, type TestApp } from "../../../tests/helpers/test-app.ts";
import { testClock } from "../../../tests/helpers/test-clock.ts";
import { leadFilters } from "../../../contract/lead-filters.ts";
import { contactSubmissionInput } from "../../../contract/contact-submission.ts";
import { LIST_MAX_ROWS } from "../../../contract/list-query.ts";

let t: TestApp;
/** The app's clock: tests that need leads apart in time advance it. */
const time = testClock();
/** Every stored contact submission, spam included. */
const count = () => t.app.repositories.leads.count("contacts", leadFilters.parse({ view: "all" }));
/** Signals of a person who opened the form a minute ago, sent with every post unless the test overrides them. */
let human: Awaited<ReturnType<typeof humanSignals>>;
const post = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/contact", payload: { ...human, ...payload } });
/** Posts and returns the row as stored (the API answers only id and createdAt). */
async function postAndLoad(payload: object) {
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(201);
  const stored = await t.app.repositories.leads.find("contacts", response.json().id);
  expect(stored).toBeDefined();
  return stored!;
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock: time.clock });
  human = await humanSignals(t.app);
});
afterAll(async () => {
  await t.close();
});

describe("POST /api/contact", () => {
  it("stores a full contact form submission and answers 201 with id and createdAt", async () => {
    const before = await count();
    const response = await post(validContact);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(["createdAt", "id"]);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    // Stamped by the app's clock (AppOptions.clock), not the database's or the process's.
    expect(body.createdAt).toBe(time.clock().toISOString());
    expect(await count()).toBe(before + 1);

    const [stored] = await t.app.repositories.leads.newest("contacts", 1);
    expect(stored).toMatchObject({ ...validContact, ...body, status: "new", spamReason: null });
  });

  it("accepts the short forms' payload (four fields, optional company and products)", async () => {
    const stored = await postAndLoad({
      firstName: "Lena",
      lastName: "Okafor",
      email: "lena@okaforroofing.com",
      phone: "404-555-0112",
      company: "Okafor Roofing",
      products: ["Local Digital Marketing for Home Services"],
    });
    expect(stored).toMatchObject({
      company: "Okafor Roofing",
      products: ["Local Digital Marketing for Home Services"],
      meetingDate: null,
      meetingTime: null,
      timezone: null,
    });
  });

  it("stores a meeting time without a date: the spec makes each optional on its own (issue 33)", async () => {
    const { meetingDate: _date, ...withoutDate } = validContact;
    const stored = await postAndLoad({ ...withoutDate, meetingTime: "14:00", timezone: "America/Chicago" });
    expect(stored).toMatchObject({ meetingDate: null, meetingTime: "14:00", timezone: "America/Chicago" });
  });

  it("trims text, stores blank optional fields as empty, and keeps a multi-word last name", async () => {
    const stored = await postAndLoad({
      firstName: "  Ana ",
      lastName: " de la Cruz ",
      email: " ana@example.com ",
      phone: " 555 010 9999 ",
      company: "   ",
      meetingDate: "",
      meetingTime: "",
      timezone: "",
      products: [],
    });
    expect(stored).toMatchObject({
      firstName: "Ana",
      lastName: "de la Cruz",
      email: "ana@example.com",
      phone: "555 010 9999",
      company: null,
      meetingDate: null,
      meetingTime: null,
      timezone: null,
      products: [],
    });
  });

  it("drops unknown keys instead of storing them", async () => {
    const stored = await postAndLoad({
      ...validContact,
      isAdmin: true,
      status: "won",
      id: "chosen-by-client",
      spamReason: "x",
    });
    expect(stored).not.toHaveProperty("isAdmin");
    expect(stored.status).toBe("new");
    expect(stored.spamReason).toBeNull();
    expect(stored.id).not.toBe("chosen-by-client");
  });

  it("stores lead-source fields, cutting oversized values and ignoring malformed ones", async () => {
    const body = await postAndLoad({
      ...validContact,
      pagePath: "/plumbing",
      formName: "trade-contact",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "winter-plumbing",
      utmTerm: "emergency plumber",
      utmContent: "ad-a",
      referrer: `https://www.google.com/search?q=${"x".repeat(3000)}`,
    });
    expect(body).toMatchObject({
      pagePath: "/plumbing",
      formName: "trade-contact",
      utmSource: "google",
      utmTerm: "emergency plumber",
    });
    expect(body.referrer).toHaveLength(2048);

    const odd = await postAndLoad({ ...validContact, utmSource: 42, pagePath: { evil: true } });
    expect(odd).toMatchObject({ utmSource: null, pagePath: null });
  });

  it.each([
    ["firstName missing", { firstName: undefined }, "firstName"],
    ["firstName blank after trimming", { firstName: "   " }, "firstName"],
    ["lastName blank", { lastName: "" }, "lastName"],
    ["firstName over 100 characters", { firstName: "a".repeat(101) }, "firstName"],
    ["lastName over 100 characters", { lastName: "a".repeat(101) }, "lastName"],
    ["email missing", { email: undefined }, "email"],
    ["email not an address", { email: "dana-at-example.com" }, "email"],
    ["email over 254 characters", { email: `${"a".repeat(245)}@example.com` }, "email"],
    ["phone under 7 characters", { phone: "55501" }, "phone"],
    ["phone over 30 characters", { phone: "1".repeat(31) }, "phone"],
    ["phone with fewer than 7 digits", { phone: "call me maybe 12" }, "phone"],
    ["company over 200 characters", { company: "c".repeat(201) }, "company"],
    ["products not a list", { products: "SEO Services" }, "products"],
    ["more than 20 products", { products: Array.from({ length: 21 }, (_, i) => `Product ${i}`) }, "products"],
    ["a product over 100 characters", { products: ["p".repeat(101)] }, "products.0"],
    ["meetingDate not a date", { meetingDate: "next Tuesday" }, "meetingDate"],
    ["meetingDate impossible", { meetingDate: "2026-02-30" }, "meetingDate"],
    ["meetingTime before 09:00", { meetingTime: "08:00" }, "meetingTime"],
    ["meetingTime not on the hour", { meetingTime: "09:30" }, "meetingTime"],
    ["meetingTime after 17:00", { meetingTime: "18:00" }, "meetingTime"],
    ["timezone unknown", { timezone: "Mars/Olympus_Mons" }, "timezone"],
    ["timezone an offset", { timezone: "+05:00" }, "timezone"],
    // Issue 19: rules the browser alone enforced.
    ["meetingDate in the past", { meetingDate: "2020-01-01" }, "meetingDate"],
    ["meetingDate in year 0", { meetingDate: "0000-01-01" }, "meetingDate"],
    ["meetingDate years ahead", { meetingDate: "9999-12-31" }, "meetingDate"],
    ["phone with markup", { phone: "<svg onload=alert(1)>1234567" }, "phone"],
    ["phone with letters", { phone: "call 555 0147 now" }, "phone"],
    ["phone with 21 digits", { phone: "1".repeat(21) }, "phone"],
  ])("answers 400 naming the field when %s, and stores nothing", async (_case, change, field) => {
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/contact", payload: { ...validContact, ...change } },
      { status: 400, field },
      count,
    );
  });

  it("refuses yesterday in the lead's time zone and takes today there (issue 19)", async () => {
    const zones = ["Pacific/Kiritimati", "Pacific/Pago_Pago"]; // UTC+14 and UTC-11: two calendar days apart
    for (const timezone of zones) {
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: timezone }).format(new Date());
      const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      await expectRejected(
        t.app,
        { method: "POST", url: "/api/contact", payload: { ...validContact, timezone, meetingDate: yesterday } },
        { status: 400, field: "meetingDate" },
        count,
      );
      const stored = await postAndLoad({ ...validContact, timezone, meetingDate: today });
      expect(stored).toMatchObject({ meetingDate: today, timezone });
    }
  });

  it("removes the characters that disguise text from names and company before storing (issue 19)", async () => {
    const stored = await postAndLoad({
      ...validContact,
      firstName: "\u202EanaD",
      lastName: "Whit\u2066field\u2069\u{E0041}",
      company: "Whitfield\u2028Plumbing\u202C",
    });
    expect(stored).toMatchObject({ firstName: "anaD", lastName: "Whitfield", company: "Whitfield Plumbing" });
  });

  it("answers 400 for a JSON body that is not an object", async () => {
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/contact", payload: [validContact] },
      { status: 400, field: "body" },
      count,
    );
  });

  it.each([
    ["text/plain", "firstName=Dana"],
    ["application/x-www-form-urlencoded", "firstName=Dana&lastName=Whitfield"],
    ["multipart/form-data; boundary=x", "--x--"],
  ])("answers 415 for a %s body and stores nothing", async (contentType, body) => {
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/contact", headers: { "content-type": contentType }, body },
      { status: 415, message: /JSON/ },
      count,
    );
  });

  it("answers 400 (not 415) for malformed JSON and for an empty JSON body", async () => {
    const json = { "content-type": "application/json" };
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/contact", headers: json, body: '{"firstName": "Dana",' },
      { status: 400, message: /not valid JSON/ },
      count,
    );
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/contact", headers: json, body: '{"firstName": "Dana\u0000' },
      { status: 400, message: /not valid JSON/ },
      count,
    );
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/contact", headers: json, body: "" },
      { status: 400, message: /empty/ },
      count,
    );
  });

  it("answers 413 for a body over 32 KB and stores nothing", async () => {
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/contact", payload: { ...validContact, company: "x".repeat(33 * 1024) } },
      { status: 413, message: /32 KB/ },
      count,
    );
  });

  it("refuses a browser request from another site with 403 and stores nothing", async () => {
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/contact", headers: { origin: "https://evil.example" }, payload: validContact },
      { status: 403, message: /Cross-site/ },
      count,
    );
    const sameSite = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { origin: "http://localhost:80", host: "localhost:80" },
      payload: validContact,
    });
    expect(sameSite.statusCode).toBe(201);
  });
});

describe("spam guard", () => {
  it.each([
    ["the honeypot is filled in", { website: "http://cheap-pills.example", elapsedMs: 9000 }, /honeypot/],
    [
      "the browser's own timer says it came faster than a person types",
      { elapsedMs: 400 },
      /400 ms after the form appeared/,
    ],
    ["it carries no form token", { formToken: undefined }, /No form token/],
  ])("stores the lead as spam with the reason when %s, answering as for any lead", async (_case, signals, reason) => {
    const response = await post({ ...validContact, ...signals });
    expect(response.statusCode).toBe(201);
    expect(Object.keys(response.json()).sort()).toEqual(["createdAt", "id"]);
    const stored = await t.app.repositories.leads.find("contacts", response.json().id);
    expect(stored?.status).toBe("spam");
    expect(stored?.spamReason).toMatch(reason);
    expect(stored).not.toHaveProperty("website");
  });

  it("stores a lead with a blank honeypot and a human pace as new", async () => {
    const stored = await postAndLoad({ ...validContact, website: "", elapsedMs: 12_000 });
    expect(stored.status).toBe("new");
  });
});

describe("GET /api/contact-submissions", () => {
  it("answers 401 without a session", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/contact-submissions" });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/Sign in/);
  });

  it("lists the submissions that are not spam, newest first, for the signed-in admin", async () => {
    for (const firstName of ["Oldest", "Middle", "Newest"]) {
      time.advance(1_000);
      expect((await post({ ...validContact, firstName })).statusCode).toBe(201);
    }
    expect((await post({ ...validContact, firstName: "Spammy", website: "https://spam.example" })).statusCode).toBe(
      201,
    );
    const cookie = await signIn(t.app);
    const response = await t.app.inject({ method: "GET", url: "/api/contact-submissions", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const list = response.json<Array<{ firstName: string; createdAt: string; status: string }>>();
    // The dashboard's tile counts the same leads as this list: every one but spam.
    const stats = (await t.app.inject({ method: "GET", url: "/api/admin/stats", headers: { cookie } })).json<{
      contacts: { total: number; spam: number };
    }>();
    expect(stats.contacts.spam).toBeGreaterThan(0);
    expect(list).toHaveLength(stats.contacts.total);
    expect(list.length).toBe((await count()) - stats.contacts.spam);
    expect(list.map((item) => item.status)).not.toContain("spam");
    expect(list.slice(0, 3).map((item) => item.firstName)).toEqual(["Newest", "Middle", "Oldest"]);
    const times = list.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const limited = await t.app.inject({ method: "GET", url: "/api/contact-submissions?limit=2", headers: { cookie } });
    expect(limited.json()).toHaveLength(2);

    for (const limit of ["zero", "0", String(LIST_MAX_ROWS + 1), "1e9"]) {
      const bad = await t.app.inject({
        method: "GET",
        url: `/api/contact-submissions?limit=${limit}`,
        headers: { cookie },
      });
      expect(bad.statusCode, limit).toBe(400);
      expect(bad.json().errors).toHaveProperty("limit");
    }
  });

  it(`answers at most ${LIST_MAX_ROWS} rows, the newest, however many are stored`, async () => {
    while ((await count()) < LIST_MAX_ROWS + 5)
      await t.app.repositories.leads.create(
        "contacts",
        contactSubmissionInput.parse({ ...validContact, firstName: "Bulk" }),
      );
    const cookie = await signIn(t.app);
    const response = await t.app.inject({ method: "GET", url: "/api/contact-submissions", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const list = response.json<Array<{ createdAt: string }>>();
    expect(list).toHaveLength(LIST_MAX_ROWS);
  });
});
