import { sql, type Kysely } from "kysely";
import { COUNT_CAP, encodeLeadCursor, leadFilters, type BulkRequestData, type LeadCounts, type LeadCursor, type LeadDetail, type LeadFilters, type LeadKind, type LeadNeighbours, type LeadNote, type LeadPage, type LeadSort } from "../../../contract/admin-leads.ts";
import { leadStatuses } from "../../../contract/fields.ts";
import type { Database } from "../../db/schema.ts";
import { NOT_SPAM, leadFilter, leadSearch } from "./filters.ts";
import { bulkAction, type BulkOutcome } from "./bulk.ts";
import { changeLeads, eraseLeads, type LeadChange } from "./lead-changes.ts";
import { after, cursorAt, leadOrder, positionOfCursor, reversed, type LeadOrder, type LeadPosition } from "./lead-order.ts";
import { leadTables, toLead, untyped, type LeadOf, type LeadRows } from "./lead-tables.ts";
import { deliveriesOf, type DeliveryPlanner } from "./deliveries.ts";
import { insertNote, notesOf } from "./notes.ts";

// The owner's inbox over both kinds of lead. Every list and count is one indexed query: keyset
// paging on the order's key and id (lead-order.ts), never OFFSET, never loading rows to count them.

/** The inbox view with no filter: every lead but spam. */
const NOT_SPAM_VIEW = leadFilters.parse({});

export function createInbox(db: Kysely<Database>, plan: DeliveryPlanner) {
  const anyDb = untyped(db);
  const from = (kind: LeadKind) => anyDb.selectFrom(leadTables[kind]);

  /** The number of leads matching; with `cap`, it stops counting past cap (returns at most cap + 1). */
  async function count(kind: LeadKind, filters: LeadFilters, cap?: number): Promise<number> {
    const search = await leadSearch(db, kind, filters);
    if (cap !== undefined) {
      const limited = from(kind)
        .select(sql<number>`1`.as("one"))
        .where((eb) => leadFilter(eb, kind, filters, search))
        .limit(cap + 1)
        .as("limited");
      const { count } = await anyDb.selectFrom(limited).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
      return Number(count);
    }
    const { count } = await from(kind)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where((eb) => leadFilter(eb, kind, filters, search, true))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** The leads of the filter in the order, from `start` on (exclusive), each with its position. */
  async function walk<K extends LeadKind>(kind: K, filters: LeadFilters, order: LeadOrder, start: LeadPosition | undefined, limit: number) {
    const search = await leadSearch(db, kind, filters);
    let query = from(kind)
      .selectAll()
      .select(order.key.as("sortKey"))
      .where((eb) => leadFilter(eb, kind, filters, search))
      .orderBy(order.key, order.direction)
      .orderBy("id", order.direction)
      .limit(limit);
    if (start) query = query.where(after(order, start));
    const rows = (await query.execute()) as (LeadRows[K] & { sortKey: string })[];
    return rows.map(({ sortKey, ...row }) => ({ lead: toLead(kind, row as unknown as LeadRows[K]), position: { key: sortKey, id: row.id } }));
  }

  /** One lead as the API shows it, without notes or deliveries (what a delivery is built from). */
  async function get<K extends LeadKind>(kind: K, id: string): Promise<LeadOf[K] | undefined> {
    const row = (await from(kind).selectAll().where("id", "=", id).executeTakeFirst()) as LeadRows[K] | undefined;
    return row && toLead(kind, row);
  }

  return {
    count,

    /** The spec's lists: the newest leads that are not spam (the dashboard's tiles count the same). */
    async newest<K extends LeadKind>(kind: K, limit: number): Promise<LeadOf[K][]> {
      return (await walk(kind, NOT_SPAM_VIEW, leadOrder(db, "newest"), undefined, limit)).map((row) => row.lead);
    },

    async list(kind: LeadKind, filters: LeadFilters, paging: { sort: LeadSort; cursor?: LeadCursor | undefined; limit: number }): Promise<LeadPage> {
      // Text and product matches are counted up to a cap: beyond it the exact number costs a scan.
      const capped = Boolean(filters.q || filters.product);
      const order = leadOrder(db, paging.sort);
      const [rows, total] = await Promise.all([
        walk(kind, filters, order, paging.cursor && positionOfCursor(paging.cursor), paging.limit + 1),
        count(kind, filters, capped ? COUNT_CAP : undefined),
      ]);
      const items = rows.slice(0, paging.limit);
      const last = items.at(-1);
      return {
        items: items.map((row) => row.lead),
        total: Math.min(total, capped ? COUNT_CAP : total),
        totalCapped: capped && total > COUNT_CAP,
        nextCursor: rows.length > paging.limit && last ? encodeLeadCursor(cursorAt(paging.sort, last.position)) : null,
      };
    },

    /**
     * Each view's count for the filters other than view, status and unread, in one pass: a count per
     * status and the inbox's unread count, each a filtered aggregate (the form's own index of migration
     * 0011 answers a form filter without reading a row). A text search that matches many leads would make
     * exact counts a scan: like the list's total, it counts at most COUNT_CAP + 1 of them, and says so.
     */
    async counts(kind: LeadKind, filters: LeadFilters): Promise<LeadCounts> {
      const others: LeadFilters = { ...filters, view: "all", status: undefined, unread: undefined };
      const search = await leadSearch(db, kind, others);
      const matching = from(kind).select(["status", "readAt"]).where((eb) => leadFilter(eb, kind, others, search));
      const source = search ? anyDb.selectFrom(matching.limit(COUNT_CAP + 1).as("matching")) : anyDb.selectFrom(matching.as("matching"));
      const row: Record<string, number | string> = await source
        .select((eb) => [
          ...leadStatuses.map((status) => eb.fn.countAll<number>().filterWhere("status", "=", status).as(status)),
          eb.fn.countAll<number>().filterWhere((w) => w.and([w("status", "!=", "spam"), w("readAt", "is", null)])).as("unread"),
        ])
        .executeTakeFirstOrThrow();
      const statuses = Object.fromEntries(NOT_SPAM.map((status) => [status, Number(row[status])])) as LeadCounts["byStatus"];
      const inbox = Object.values(statuses).reduce((sum, n) => sum + n, 0);
      const spam = Number(row.spam);
      return { inbox, unread: Number(row.unread), spam, byStatus: statuses, capped: Boolean(search) && inbox + spam > COUNT_CAP };
    },

    /** The leads before and after this one in the list's order under its filters; undefined when there is no such lead. */
    async neighbours(kind: LeadKind, id: string, filters: LeadFilters, sort: LeadSort): Promise<LeadNeighbours | undefined> {
      const order = leadOrder(db, sort);
      const lead: { sortKey: string } | undefined = await from(kind).select(order.key.as("sortKey")).where("id", "=", id).executeTakeFirst();
      if (!lead) return undefined;
      // The lead itself need not match the filters (read a moment ago under "unread"): its place still does.
      const position = { key: lead.sortKey, id };
      const [previous, next] = await Promise.all([walk(kind, filters, reversed(order), position, 1), walk(kind, filters, order, position, 1)]);
      return { previous: previous[0]?.position.id ?? null, next: next[0]?.position.id ?? null };
    },

    get,

    /** A lead with its notes and deliveries: the admin's detail view. */
    async find<K extends LeadKind>(kind: K, id: string): Promise<LeadDetail<LeadOf[K]> | undefined> {
      const [lead, notes, deliveries] = await Promise.all([get(kind, id), notesOf(db, kind, id), deliveriesOf(db, kind, id)]);
      return lead && { ...lead, notes, deliveries };
    },

    /**
     * Sets the status and/or the read mark (and rewrites the lead's CSV line); false when there is no such
     * lead. A lead rescued from spam gets the deliveries it was never sent, in the same transaction.
     */
    async update(kind: LeadKind, id: string, change: LeadChange): Promise<boolean> {
      return db.transaction().execute(async (trx) => (await changeLeads(trx, kind, [id], change, plan)).length > 0);
    },

    /** One action on a selection or on every lead the filters match (bulk.ts). */
    bulk(kind: LeadKind, request: BulkRequestData): Promise<BulkOutcome> {
      return bulkAction(db, kind, request, plan, () => count(kind, request.filters ?? NOT_SPAM_VIEW));
    },

    /** Erasure: the lead, its notes, its deliveries and its Idempotency-Key, together. */
    async delete(kind: LeadKind, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => (await eraseLeads(trx, kind, [id])) > 0);
    },

    /** A note on a lead; undefined when there is no such lead. */
    async addNote(kind: LeadKind, id: string, body: string): Promise<LeadNote | undefined> {
      return db.transaction().execute(async (trx) => {
        const exists = await untyped(trx).selectFrom(leadTables[kind]).select("id").where("id", "=", id).executeTakeFirst();
        return exists ? insertNote(trx, kind, id, body) : undefined;
      });
    },
  };
}
