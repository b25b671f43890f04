import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { LeadCursor, LeadSort } from "../../../contract/admin-leads.ts";
import { leadNameKey } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";

// The inbox's orders and their keyset positions. Each order is a key and the id after it (two leads
// with the same key keep one order), walked through an index: (created_at, id) for the received time,
// the name index of migration 0010 for A to Z. A position is where a walk starts, exclusive.

export type LeadOrder = { sort: LeadSort; key: RawBuilder<string>; direction: "asc" | "desc" };
/** A lead's place in an order: its key (received time or name key) and id. */
export type LeadPosition = { key: string; id: string };

export function leadOrder(db: Kysely<Database>, sort: LeadSort): LeadOrder {
  if (sort === "name") return { sort, key: leadNameKey(db), direction: "asc" };
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

export function positionOfCursor(cursor: LeadCursor): LeadPosition {
  return { key: cursor.sort === "name" ? cursor.name : cursor.createdAt, id: cursor.id };
}

export function cursorAt(sort: LeadSort, position: LeadPosition): LeadCursor {
  return sort === "name" ? { sort, name: position.key, id: position.id } : { sort, createdAt: position.key, id: position.id };
}
