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
  expect(token).toMatch(/^v1\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
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
    expect(await stored({ formToken })).toEqual({ status: "new", spamReason: null });
  });

  it("stores a lead without a token as spam, with the reason, answering 201 all the same", async () => {
    expect(await stored({ elapsedMs: 9000 })).toEqual({ status: "spam", spamReason: expect.stringMatching(/No form token/) });
    expect(await stored({ formToken: 12345 })).toEqual({ status: "spam", spamReason: expect.stringMatching(/No form token/) });
    expect(await stored({}, "/api/service-inquiry", validInquiry)).toEqual({ status: "spam", spamReason: expect.stringMatching(/No form token/) });
  });

  it("stores a lead with a forged or malformed token as spam", async () => {
    const genuine = await issueToken();
    clock += 60_000;
    const [version, issuedAt, signature] = genuine.split(".");
    const forgeries = [
      // An earlier issue time with the genuine signature: the signature covers the time.
      `${version}.${(parseInt(issuedAt!, 36) - 60_000).toString(36)}.${signature}`,
      // Signed with a secret that is not this database's.
      signFormToken("guessed-secret", clock - 60_000),
      `${version}.${issuedAt}.${signature!.slice(0, -2)}AA`,
      `v2.${issuedAt}.${signature}`,
      `${genuine}.extra`,
      "not-a-token",
      "",
    ];
    for (const formToken of forgeries) {
      expect(await stored({ formToken, elapsedMs: 9000 }), formToken).toEqual({ status: "spam", spamReason: "The form token is forged or malformed" });
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
    expect(await stored({ formToken })).toEqual({ status: "spam", spamReason: expect.stringMatching(/form token expired \(issued 24 h/) });
  });

  it("keeps the honeypot and the browser's timer as further signals", async () => {
    const formToken = await issueToken();
    clock += 60_000;
    expect(await stored({ formToken, website: "http://spam.example" })).toEqual({ status: "spam", spamReason: "The hidden honeypot field was filled in" });
    expect(await stored({ formToken, elapsedMs: 300 }, "/api/service-inquiry", validInquiry)).toEqual({
      status: "spam",
      spamReason: expect.stringMatching(/^Sent 300 ms after the form appeared/),
    });
  });
});
