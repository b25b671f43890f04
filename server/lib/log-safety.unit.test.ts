import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { pathOf, serializeError, serializeRequest, withoutEmailAddresses } from "./log-safety.ts";
import { requestIdOf } from "./request-log.ts";

describe("withoutEmailAddresses", () => {
  it("masks plain and URL-encoded addresses, whatever their case", () => {
    expect(withoutEmailAddresses("550 5.1.1 <Jane.Doe+leads@Example.COM>: Recipient address rejected")).toBe(
      "550 5.1.1 <[email]>: Recipient address rejected",
    );
    expect(withoutEmailAddresses("/api/admin/leads/contacts?q=jane%40example.com&view=all")).toBe(
      "/api/admin/leads/contacts?q=[email]&view=all",
    );
    expect(withoutEmailAddresses('{"to":["a@x.example","b@y.example"]}')).toBe('{"to":["[email]","[email]"]}');
  });

  it("leaves a JSON line valid: an escape before an address is not cut in two", () => {
    const line = JSON.stringify({ stack: "Error: refused\njane@example.com\tand more" });
    const masked = withoutEmailAddresses(line);
    expect(JSON.parse(masked)).toEqual({ stack: "Error: refused\n[email]\tand more" });
  });

  it("leaves what is not an address alone", () => {
    for (const text of [
      "@fastify/static",
      "node@24",
      "req-1",
      "2026-03-01T10:00:00.000Z",
      "http://127.0.0.1:4455/metrics",
    ]) {
      expect(withoutEmailAddresses(text)).toBe(text);
    }
  });
});

describe("serializeError", () => {
  it("keeps type, message, stack and codes; drops what a library attached (addresses, raw bytes, the database's detail)", () => {
    const smtp = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <jane@example.com>"), {
      code: "EENVELOPE",
      responseCode: 550,
      rejected: ["jane@example.com"],
      rejectedErrors: [{ response: "550 <jane@example.com>" }],
    });
    const pgError = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      detail: "Key (email)=(jane@example.com) already exists.",
      severity: "ERROR",
    });
    const parse = Object.assign(new Error("Parse Error: Invalid header token"), {
      code: "HPE_INVALID_HEADER_TOKEN",
      rawPacket: Buffer.from("POST /?email=jane@example.com"),
    });
    const text = JSON.stringify([serializeError(smtp), serializeError(pgError), serializeError(parse)]);
    expect(text).not.toContain("jane");
    expect(text).not.toContain("rawPacket");
    expect(text).not.toContain("detail");
    expect(serializeError(smtp)).toMatchObject({
      type: "Error",
      code: "EENVELOPE",
      responseCode: 550,
      message: "Can't send mail - all recipients were rejected: 550 <[email]>",
    });
    expect(serializeError(pgError)).toMatchObject({ code: "23505", severity: "ERROR" });
  });

  it("follows causes and an AggregateError's errors", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const wrapped = new Error("could not connect", { cause: new AggregateError([refused], "all addresses failed") });
    expect(serializeError(wrapped)).toMatchObject({
      message: "could not connect",
      cause: { type: "AggregateError", errors: [{ code: "ECONNREFUSED" }] },
    });
  });
});

describe("request lines", () => {
  it("log the path without its query or fragment", () => {
    expect(pathOf("/api/admin/leads/contacts?q=jane%40example.com")).toBe("/api/admin/leads/contacts");
    expect(pathOf("/notifications/confirm?token=abc#x")).toBe("/notifications/confirm");
    expect(serializeRequest({ method: "GET", url: "/x?y=z" })).toEqual({ method: "GET", path: "/x" });
  });

  // Issue 32: an e-mail from before the tokens moved after the # still names one in its path.
  it("mask a segment as long as a link's token, and keep ids", () => {
    const token = "Qm9iIGlzIG5vdCBhIHRva2VuIGJ1dCBpdCBpcyBsb25n_-x";
    expect(pathOf(`/admin/invitation/${token}`)).toBe("/admin/invitation/[token]");
    expect(pathOf(`/api/admin/password-reset/${token}?x=1`)).toBe("/api/admin/password-reset/[token]");
    expect(pathOf(`/api/admin/invitations/${token}/accept`)).toBe("/api/admin/invitations/[token]/accept");
    expect(pathOf("/api/admin/leads/contacts/0b7d3c1e-2f4a-4c5b-9d6e-7f8a9b0c1d2e")).toBe(
      "/api/admin/leads/contacts/0b7d3c1e-2f4a-4c5b-9d6e-7f8a9b0c1d2e",
    );
  });

  it("take a proxy's well-formed X-Request-Id and make one up for anything else", () => {
    const raw = (value?: string) =>
      ({ headers: value === undefined ? {} : { "x-request-id": value } }) as unknown as IncomingMessage;
    expect(requestIdOf(raw("4f9c2a7e1b3d5f60"))).toBe("4f9c2a7e1b3d5f60");
    for (const bad of [undefined, "", "jane@example.com", "a b", "x".repeat(129), 'id\n{"forged":1}']) {
      expect(requestIdOf(raw(bad))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});
