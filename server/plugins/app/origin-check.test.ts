import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, humanSignals, validContact, type TestApp } from "../../../tests/helpers/test-app.ts";

// The Origin check against SITE_ORIGIN (issue 19, point 8): a request's own Host header is the client's to
// choose, so with SITE_ORIGIN set the check compares with it (and this server reached directly on its
// port), never with Host. A page on evil.example that posts to us with Host: evil.example (a DNS-rebinding
// page, or a proxy that passes Host through) is still another site.

const SITE = "https://www.agency.example";
let t: TestApp;
let human: Awaited<ReturnType<typeof humanSignals>>;

beforeAll(async () => {
  t = await createTestApp({ siteOrigin: SITE });
  human = await humanSignals(t.app);
});
afterAll(async () => {
  await t.close();
});

const postContact = (headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/contact", headers, payload: { ...validContact, ...human } });

describe("with SITE_ORIGIN set", () => {
  it("refuses another origin even when the Host header names it", async () => {
    const response = await postContact({ origin: "http://evil.example", host: "evil.example" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "Cross-site requests are not allowed" });
    const forwarded = await postContact({
      origin: "http://evil.example",
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "http",
    });
    expect(forwarded.statusCode).toBe(403);
  });

  it("takes SITE_ORIGIN whatever the Host header says (a proxy may rewrite it)", async () => {
    expect((await postContact({ origin: SITE, host: "10.0.0.7:3000" })).statusCode).toBe(201);
    expect((await postContact({ origin: `${SITE}:443`, host: "internal" })).statusCode).toBe(201);
  });

  it("refuses a form post from another origin with its 403 page, Host or not", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/forms/lead-audit",
      headers: {
        origin: "http://evil.example",
        host: "evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        firstName: "Eve",
        lastName: "Evil",
        email: "eve@example.com",
        phone: "555 010 0000",
      }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("takes this server reached directly on its own port (http://127.0.0.1:<port>), over a real connection", async () => {
    const direct = await createTestApp({ siteOrigin: SITE }, t.testDatabase);
    try {
      await direct.app.listen({ host: "127.0.0.1", port: 0 });
      const { port } = direct.app.server.address() as AddressInfo;
      const post = (origin: string, host?: string) =>
        fetch(`http://127.0.0.1:${port}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", origin, ...(host ? { host } : {}) },
          body: JSON.stringify({ ...validContact, ...human }),
        });
      expect((await post(`http://127.0.0.1:${port}`)).status).toBe(201);
      expect((await post(`http://localhost:${port}`)).status).toBe(201);
      expect((await post(`http://127.0.0.1:${port + 1}`)).status).toBe(403);
    } finally {
      await direct.app.close();
    }
  });
});

describe("without SITE_ORIGIN (development)", () => {
  it("compares with the Host header, the only origin it knows", async () => {
    const dev = await createTestApp({ siteOrigin: null }, t.testDatabase);
    try {
      const post = (headers: Record<string, string>) =>
        dev.app.inject({ method: "POST", url: "/api/contact", headers, payload: { ...validContact, ...human } });
      expect((await post({ origin: "http://localhost:4321", host: "localhost:4321" })).statusCode).toBe(201);
      expect((await post({ origin: "https://evil.example", host: "localhost:4321" })).statusCode).toBe(403);
    } finally {
      await dev.app.close();
    }
  });
});
