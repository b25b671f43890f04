import { describe, expect, it } from "vitest";
import { encodeLeadCursor, leadCursor } from "./lead-cursor.ts";
import { leadListQuery } from "./lead-filters.ts";

describe("the inbox's paging cursor", () => {
  const position = {
    sort: "newest" as const,
    createdAt: "2026-11-23T10:15:30.123Z",
    id: "3f1c2a9e-8b7d-4c6e-9f5a-1b2c3d4e5f60",
  };

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

  it("keeps each order's key, names with any character but control ones included", () => {
    for (const cursor of [
      { ...position, sort: "oldest" as const },
      { sort: "name" as const, name: "josé núñez | o'brien 🙂", id: position.id },
    ]) {
      const text = encodeLeadCursor(cursor);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(leadCursor.parse(text)).toEqual(cursor);
    }
  });

  it("belongs to its order: a list of another order refuses it", () => {
    const text = encodeLeadCursor(position);
    expect(leadListQuery.safeParse({ cursor: text, sort: "newest" }).success).toBe(true);
    for (const sort of ["oldest", "name"]) {
      const result = leadListQuery.safeParse({ cursor: text, sort });
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ["cursor"], message: "cursor belongs to another order" }),
      ]);
    }
  });

  it.each([
    ["not base64 text", "!!!"],
    ["an unknown order", Buffer.from(`sideways|${position.id}|${position.createdAt}`).toString("base64url")],
    ["a name key in a time order", Buffer.from(`newest|${position.id}|dana reyes`).toString("base64url")],
    ["a time order without its time", Buffer.from(`oldest|${position.id}|`).toString("base64url")],
    ["an empty name", Buffer.from(`name|${position.id}|`).toString("base64url")],
    ["a name with a NUL", Buffer.from(`name|${position.id}|dana\u0000`).toString("base64url")],
    ["a name longer than two names", Buffer.from(`name|${position.id}|${"a".repeat(202)}`).toString("base64url")],
    [
      "bytes that are not UTF-8",
      Buffer.from([...Buffer.from(`name|${position.id}|`), 0xff, 0xfe]).toString("base64url"),
    ],
    ["base64 of nonsense", Buffer.from("not-a-cursor").toString("base64url")],
    [
      "an id that is not a UUID",
      Buffer.from(`${position.createdAt}|------------------------------------`).toString("base64url"),
    ],
    ["a time that is not ISO", Buffer.from(`Tuesday|${position.id}`).toString("base64url")],
    ["a third part", Buffer.from(`${position.createdAt}|${position.id}|x`).toString("base64url")],
    ["a NUL", Buffer.from(`${position.createdAt}|${position.id}\u0000`).toString("base64url")],
    ["too long", "A".repeat(1201)],
  ])("refuses %s", (_case, text) => {
    const result = leadCursor.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("cursor is not valid");
  });
});
