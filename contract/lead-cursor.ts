import { z } from "zod";
import { boundedInstant } from "./date-bounds.ts";

// The inbox list's paging cursor (GET /api/admin/leads/:kind?cursor=…): where the next page starts,
// as URL-safe text the client sends back unchanged. The list's orders are contract/lead-filters.ts.

/**
 * Where the next page of a list starts: the order's key and the id of the last lead of the page before,
 * tagged with the order (a cursor of one order is refused by another). newest/oldest: the received time;
 * name: the lead's "first last" as the server lower-cases it for sorting.
 */
export type LeadCursor =
  | { sort: "newest" | "oldest"; createdAt: string; id: string }
  | { sort: "name"; name: string; id: string }
  | { sort: "deadline"; deadline: string; id: string };

/** The longest name key: two names of at most 100 characters and the space between them. */
const NAME_KEY_MAX = 201;

// base64url of UTF-8 text (names need more than ASCII); btoa/atob serve in Node and in browsers alike.
function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function fromBase64Url(value: string): string | undefined {
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** "newest|id|createdAt", "oldest|id|createdAt", "name|id|first last" or "deadline|id|key" (the key last: it may hold a "|"). */
export function encodeLeadCursor(cursor: LeadCursor): string {
  const key = cursor.sort === "name" ? cursor.name : cursor.sort === "deadline" ? cursor.deadline : cursor.createdAt;
  return toBase64Url(`${cursor.sort}|${cursor.id}|${key}`);
}

const cursorId = z.uuid().transform((id) => id.toLowerCase());
// Bounded as every date the admin sends (date-bounds.ts): year 0 or 10000 would be a database error.
const cursorTime = boundedInstant("cursor", "cursor is not valid");
// No control characters (PostgreSQL text cannot hold a NUL): any other text is a bound parameter.
const cursorName = z
  .string()
  .min(1)
  .max(NAME_KEY_MAX)
  .regex(/^\P{Cc}+$/u);
/** A deadline order's key (reply-window.ts deadlineKey). */
const DEADLINE_KEY = /^(0\|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z|1\|\d{13})$/;
/** The format before the list had orders: "createdAt|id", the newest-first list's. */
const legacyCursor = z.tuple([cursorTime, cursorId]);

function readCursor(text: string): LeadCursor | undefined {
  const legacy = legacyCursor.safeParse(text.split("|"));
  if (legacy.success) return { sort: "newest", createdAt: legacy.data[0], id: legacy.data[1] };
  const first = text.indexOf("|");
  const second = text.indexOf("|", first + 1);
  if (first < 0 || second < 0) return undefined;
  const [sort, rawId, key] = [text.slice(0, first), text.slice(first + 1, second), text.slice(second + 1)];
  const id = cursorId.safeParse(rawId);
  if (!id.success) return undefined;
  if (sort === "name") {
    const name = cursorName.safeParse(key);
    return name.success ? { sort, name: name.data, id: id.data } : undefined;
  }
  if (sort === "deadline") return DEADLINE_KEY.test(key) ? { sort, deadline: key, id: id.data } : undefined;
  if (sort !== "newest" && sort !== "oldest") return undefined;
  const createdAt = cursorTime.safeParse(key);
  return createdAt.success ? { sort, createdAt: createdAt.data, id: id.data } : undefined;
}

/**
 * A cursor as the client sends it back, checked completely before it reaches a query: its order, a
 * UUID and a key of that order (an ISO time, or a name without control characters), nothing else (a
 * crafted value must be a 400, never a database error).
 */
export const leadCursor = z
  .string()
  .max(1200, { error: "cursor is not valid" })
  .regex(/^[A-Za-z0-9_-]+$/, { error: "cursor is not valid" })
  .transform((value, context): LeadCursor => {
    const text = fromBase64Url(value);
    const cursor = text === undefined ? undefined : readCursor(text);
    if (!cursor) {
      context.addIssue({ code: "custom", message: "cursor is not valid" });
      return z.NEVER;
    }
    return cursor;
  });
