import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { LeadCursor } from "../../../contract/lead-cursor.ts";
import type { LeadSort } from "../../../contract/lead-filters.ts";
import { leadNameKey } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";

// The inbox's orders and their keyset positions. Each order is a key and the id after it (two leads
// with the same key keep one order), walked through an index: (created_at, id) for the received time,
// the name index of migration 0010 for A to Z, (deadline_key, id) of migration 0014 for the reply
// deadline. A position is where a walk starts, exclusive. Ids are UUIDs, unique across both lead
// tables, so (key, id) orders the leads of both kinds as one list too (comparePositions).

export type LeadOrder = { sort: LeadSort; key: RawBuilder<string>; direction: "asc" | "desc" };
/** A lead's place in an order: its key (received time, name key or deadline key) and id. */
export type LeadPosition = { key: string; id: string };

export function leadOrder(db: Kysely<Database>, sort: LeadSort): LeadOrder {
  if (sort === "name") return { sort, key: leadNameKey(db), direction: "asc" };
  // The stored key (contract deadlineKey): the waiting leads by deadline, then the others newest first.
  if (sort === "deadline") return { sort, key: sql<string>`deadline_key`, direction: "asc" };
  return { sort, key: sql<string>`created_at`, direction: sort === "newest" ? "desc" : "asc" };
}

/** The same key walked the other way (a lead's previous neighbour). */
export function reversed(order: LeadOrder): LeadOrder {
  return { ...order, direction: order.direction === "asc" ? "desc" : "asc" };
}

/**
 * The leads after `position` in the order. A row-value comparison, which both databases answer from the
 * index; the plain bound on the key before it lets SQLite seek an expression index (it does not seek one
 * on a row value alone).
 */
export function after(order: LeadOrder, position: LeadPosition): RawBuilder<SqlBool> {
  const [bound, beyond] = order.direction === "asc" ? [sql.raw(">="), sql.raw(">")] : [sql.raw("<="), sql.raw("<")];
  return sql<SqlBool>`${order.key} ${bound} ${position.key} and (${order.key}, id) ${beyond} (${position.key}, ${position.id})`;
}

/**
 * Which of two positions comes first in the order, as the databases compare them: keys byte by byte in
 * UTF-8 (the name key's "C" collation on PostgreSQL, BINARY on SQLite; times and deadline keys are
 * ASCII), then ids (lower-case UUID text, and PostgreSQL's uuid order is the same). Negative: `a` first.
 */
export function comparePositions(order: LeadOrder, a: LeadPosition, b: LeadPosition): number {
  const byKey = Buffer.compare(Buffer.from(a.key, "utf8"), Buffer.from(b.key, "utf8"));
  const ascending = byKey !== 0 ? byKey : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return order.direction === "asc" ? ascending : -ascending;
}

export function positionOfCursor(cursor: LeadCursor): LeadPosition {
  const key = cursor.sort === "name" ? cursor.name : cursor.sort === "deadline" ? cursor.deadline : cursor.createdAt;
  return { key, id: cursor.id };
}

export function cursorAt(sort: LeadSort, position: LeadPosition): LeadCursor {
  if (sort === "name") return { sort, name: position.key, id: position.id };
  if (sort === "deadline") return { sort, deadline: position.key, id: position.id };
  return { sort, createdAt: position.key, id: position.id };
}
