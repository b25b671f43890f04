import { describe, expect, it } from "vitest";
import { encodeLeadCursor, leadCursor, leadListQuery } from "./admin-leads.ts";

describe("the inbox's paging cursor", () => {
  const position = { createdAt: "2026-11-23T10:15:30.123Z", id: "3f1c2a9e-8b7d-4c6e-9f5a-1b2c3d4e5f60" };

  it("round-trips a page position through the URL-safe text the client sends back", () => {
    const text = encodeLeadCursor(position);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(leadCursor.parse(text)).toEqual(position);
    expect(leadListQuery.parse({ cursor: text }).cursor).toEqual(position);
  });

  it("reads the format the server wrote before (Buffer base64url), and lower-cases the id", () => {
    const old = Buffer.from(`${position.createdAt}|${position.id.toUpperCase()}`).toString("base64url");
    expect(leadCursor.parse(old)).toEqual(position);
  });

  it.each([
    ["not base64 text", "!!!"],
    ["base64 of nonsense", Buffer.from("not-a-cursor").toString("base64url")],
    ["an id that is not a UUID", Buffer.from(`${position.createdAt}|------------------------------------`).toString("base64url")],
    ["a time that is not ISO", Buffer.from(`Tuesday|${position.id}`).toString("base64url")],
    ["a third part", Buffer.from(`${position.createdAt}|${position.id}|x`).toString("base64url")],
    ["a NUL", Buffer.from(`${position.createdAt}|${position.id}\u0000`).toString("base64url")],
    ["too long", "A".repeat(201)],
  ])("refuses %s", (_case, text) => {
    const result = leadCursor.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("cursor is not valid");
  });
});
