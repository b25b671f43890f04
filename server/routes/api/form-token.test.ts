import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, validContact, validInquiry, type TestApp } from "../../../tests/helpers/test-app.ts";
import { MIN_HUMAN_FILL_MS } from "../../../contract/fields.ts";
import { FORM_TOKEN_MAX_AGE_MS, signFormToken } from "../../lib/form-tokens.ts";

// The spam guard's form token: issued by GET /api/form-token, sent back with the lead, judged on the
// server's clock (injected here). Whatever the token says, the visitor gets the same 201.

let t: TestApp;
let clock = Date.UTC(2026, 10, 2, 9, 0, 0);

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock: () => new Date(clock) });
});
afterAll(async () => {
  await t.close();
});

async function issueToken(): Promise<string> {
  const response = await t.app.inject({ method: "GET", url: "/api/form-token" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  const { token } = response.json<{ token: string }>();
  expect(token).toMatch(/^v2\.[0-9a-z]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
  return token;
}

/** Posts a contact with these signals and returns the stored lead's status and spam reason. */
async function stored(signals: Record<string, unknown>, url = "/api/contact", body: object = validContact) {
  const response = await t.app.inject({ method: "POST", url, payload: { ...body, ...signals } });
  expect(response.statusCode, response.body).toBe(201);
  expect(Object.keys(response.json()).sort()).toEqual(["createdAt", "id"]);
  const kind = url === "/api/contact" ? "contacts" : "inquiries";
  const lead = await t.app.repositories.leads.find(kind, response.json<{ id: string }>().id);
  expect(lead).not.toHaveProperty("formToken");
  return { status: lead?.status, spamReason: lead?.spamReason };
}

describe("form token", () => {
  it("stores a lead as new when its token was issued at a person's pace before", async () => {
    const formToken = await issueToken();
    clock += MIN_HUMAN_FILL_MS + 500;
    expect(await stored({ formToken, elapsedMs: 9000 })).toEqual({ status: "new", spamReason: null });
    // No elapsedMs at all is fine: the server measured the time itself.
    const another = await issueToken();
    clock += MIN_HUMAN_FILL_MS + 500;
    expect(await stored({ formToken: another })).toEqual({ status: "new", spamReason: null });
  });

  it("stores a lead without a token as spam, with the reason, answering 201 all the same", async () => {
    expect(await stored({ elapsedMs: 9000 })).toEqual({
      status: "spam",
      spamReason: expect.stringMatching(/No form token/),
    });
    expect(await stored({ formToken: 12345 })).toEqual({
      status: "spam",
      spamReason: expect.stringMatching(/No form token/),
    });
    expect(await stored({}, "/api/service-inquiry", validInquiry)).toEqual({
      status: "spam",
      spamReason: expect.stringMatching(/No form token/),
    });
  });

  it("stores a lead with a forged or malformed token as spam", async () => {
    const genuine = await issueToken();
    clock += 60_000;
    const [version, issuedAt, nonce, signature] = genuine.split(".");
    const forgeries = [
      // An earlier issue time with the genuine signature: the signature covers the time.
      `${version}.${(parseInt(issuedAt!, 36) - 60_000).toString(36)}.${nonce}.${signature}`,
      // Another nonce (a fresh token for a replay) with the genuine signature: the signature covers it too.
      `${version}.${issuedAt}.${"A".repeat(16)}.${signature}`,
      // Signed with a secret that is not this database's.
      signFormToken("guessed-secret", clock - 60_000),
      // The signature's last two characters changed (to "AA", or "QA" where they were "AA": 1 run in 1,024).
      `${version}.${issuedAt}.${nonce}.${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "QA" : "AA"}`,
      `v3.${issuedAt}.${nonce}.${signature}`,
      `v1.${issuedAt}.${signature}`,
      `${genuine}.extra`,
      "not-a-token",
      "",
    ];
    for (const formToken of forgeries) {
      expect(await stored({ formToken, elapsedMs: 9000 }), formToken).toEqual({
        status: "spam",
        spamReason: "The form token is forged or malformed",
      });
    }
  });

  it("stores a lead sent sooner than a person could after the token was issued as spam", async () => {
    const formToken = await issueToken();
    clock += 400;
    expect(await stored({ formToken, elapsedMs: 9000 })).toEqual({
      status: "spam",
      spamReason: `Sent 400 ms after the server issued the form token (people need at least ${MIN_HUMAN_FILL_MS} ms)`,
    });
  });

  it("stores a lead whose token is older than a day as spam", async () => {
    const formToken = await issueToken();
    clock += FORM_TOKEN_MAX_AGE_MS - 1000;
    expect(await stored({ formToken })).toEqual({ status: "new", spamReason: null });
    clock += 2000;
    expect(await stored({ formToken })).toEqual({
      status: "spam",
      spamReason: expect.stringMatching(/form token expired \(issued 24 h/),
    });
  });

  it("keeps the honeypot and the browser's timer as further signals", async () => {
    const formToken = await issueToken();
    clock += 60_000;
    expect(await stored({ formToken, website: "http://spam.example" })).toEqual({
      status: "spam",
      spamReason: "The hidden honeypot field was filled in",
    });
    expect(await stored({ formToken, elapsedMs: 300 }, "/api/service-inquiry", validInquiry)).toEqual({
      status: "spam",
      spamReason: expect.stringMatching(/^Sent 300 ms after the form appeared/),
    });
  });
});

describe("a form token carries one lead (issue 19)", () => {
  const keyed = (formToken: string, key: string, body: object = validContact) =>
    t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...body, formToken },
      headers: { "idempotency-key": key },
    });
  const statusOf = async (id: string) => {
    const lead = await t.app.repositories.leads.find("contacts", id);
    return { status: lead?.status, spamReason: lead?.spamReason };
  };

  it("stores a second lead on a spent token as spam, with the reason, and answers 201 all the same", async () => {
    const formToken = await issueToken();
    clock += 60_000;
    expect(await stored({ formToken }, "/api/contact", { ...validContact, email: "first@example.com" })).toEqual({
      status: "new",
      spamReason: null,
    });
    for (let replay = 0; replay < 5; replay += 1) {
      expect(
        await stored({ formToken }, "/api/contact", { ...validContact, email: `replay-${replay}@example.com` }),
      ).toEqual({
        status: "spam",
        spamReason: "The form token was already used by another lead (a replayed token)",
      });
    }
    // On the other form too: the token is spent, whatever it is sent with.
    expect(await stored({ formToken }, "/api/service-inquiry", validInquiry)).toEqual({
      status: "spam",
      spamReason: expect.stringMatching(/already used/),
    });
  });

  it("a replayed token's lead gets no deliveries", async () => {
    const formToken = await issueToken();
    clock += 60_000;
    await stored({ formToken }, "/api/contact", { ...validContact, email: "spends@example.com" });
    const replay = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...validContact, email: "replay@example.com", formToken },
    });
    const lead = await t.app.repositories.leads.find("contacts", replay.json<{ id: string }>().id);
    expect(lead?.status).toBe("spam");
    expect(lead?.deliveries, JSON.stringify(lead?.deliveries)).toEqual([]);
  });

  it("an Idempotency-Key retry of the same lead still gets its first answer, not a spam verdict", async () => {
    const formToken = await issueToken();
    clock += 60_000;
    const key = "7f1d4c8e-5b2a-4f3e-9c6d-1a2b3c4d5e6f";
    const first = await keyed(formToken, key);
    expect(first.statusCode).toBe(201);
    const retry = await keyed(formToken, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await statusOf(first.json<{ id: string }>().id)).toEqual({ status: "new", spamReason: null });
    // Another lead with the same token and a new key is a replay.
    const other = await keyed(formToken, "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", {
      ...validContact,
      email: "other@example.com",
    });
    expect(await statusOf(other.json<{ id: string }>().id)).toEqual({
      status: "spam",
      spamReason: expect.stringMatching(/already used/),
    });
  });

  it("of many leads sent at once on one token, exactly one is not spam", async () => {
    const formToken = await issueToken();
    clock += 60_000;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/contact",
          payload: { ...validContact, email: `burst-${i}@example.com`, formToken },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(201));
    const statuses = await Promise.all(
      answers.map(async (answer) => (await statusOf(answer.json<{ id: string }>().id)).status),
    );
    expect(statuses.filter((status) => status === "new")).toHaveLength(1);
    expect(statuses.filter((status) => status === "spam")).toHaveLength(11);
  });

  it("a spent token is forgotten once it has expired anyway (the hourly sweep)", async () => {
    const formToken = await issueToken();
    clock += 60_000;
    await stored({ formToken }, "/api/contact", { ...validContact, email: "swept@example.com" });
    await t.app.repositories.leads.deleteExpiredFormTokenUses(new Date(clock)); // earlier tests' tokens, long expired
    expect(await t.app.repositories.leads.deleteExpiredFormTokenUses(new Date(clock))).toBe(0);
    expect(
      await t.app.repositories.leads.deleteExpiredFormTokenUses(new Date(clock + FORM_TOKEN_MAX_AGE_MS)),
    ).toBeGreaterThanOrEqual(1);
  });
});
