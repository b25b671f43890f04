import { sql, type Kysely, type SqlBool } from "kysely";
import { COUNT_CAP, encodeLeadCursor, leadFilters, type LeadCursor, type LeadDetail, type LeadFilters, type LeadKind, type LeadNote, type LeadPage } from "../../../contract/admin-leads.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import type { Database } from "../../db/schema.ts";
import { leadCsvColumns, leadCsvLine, type CsvSource } from "./csv.ts";
import { leadFilter, leadSearch } from "./filters.ts";
import { leadTables, toLead, untyped, type LeadOf, type LeadRows } from "./lead-tables.ts";
import { deleteDeliveriesOf, deliveriesOf, hasDeliveries, insertDeliveries, type DeliveryPlanner } from "./deliveries.ts";
import { deleteIdempotencyKeysOf } from "./idempotency.ts";
import { deleteNotesOf, insertNote, notesOf } from "./notes.ts";

// The owner's inbox over both kinds of lead. Every list and count is one indexed query: keyset
// paging on (created_at, id), never OFFSET, never loading rows to count them.

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

  /** The newest leads of the filter, from `cursor` on. */
  async function page<K extends LeadKind>(kind: K, filters: LeadFilters, cursor: LeadCursor | undefined, limit: number): Promise<LeadOf[K][]> {
    const search = await leadSearch(db, kind, filters);
    let query = from(kind)
      .selectAll()
      .where((eb) => leadFilter(eb, kind, filters, search))
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(limit);
    // A row-value comparison, which both databases answer from the (created_at, id) index.
    if (cursor) query = query.where(sql<SqlBool>`(created_at, id) < (${cursor.createdAt}, ${cursor.id})`);
    return (await query.execute()).map((row) => toLead(kind, row as LeadRows[K]));
  }

  /** One lead as the API shows it, without notes or deliveries (what a delivery is built from). */
  async function get<K extends LeadKind>(kind: K, id: string): Promise<LeadOf[K] | undefined> {
    const row = (await from(kind).selectAll().where("id", "=", id).executeTakeFirst()) as LeadRows[K] | undefined;
    return row && toLead(kind, row);
  }

  return {
    count,

    /** The spec's lists: the newest leads that are not spam (the dashboard's tiles count the same). */
    newest<K extends LeadKind>(kind: K, limit: number): Promise<LeadOf[K][]> {
      return page(kind, NOT_SPAM_VIEW, undefined, limit);
    },

    async list(kind: LeadKind, filters: LeadFilters, paging: { cursor?: LeadCursor | undefined; limit: number }): Promise<LeadPage> {
      // Text and product matches are counted up to a cap: beyond it the exact number costs a scan.
      const capped = Boolean(filters.q || filters.product);
      const [rows, total] = await Promise.all([
        page(kind, filters, paging.cursor, paging.limit + 1),
        count(kind, filters, capped ? COUNT_CAP : undefined),
      ]);
      const items = rows.slice(0, paging.limit);
      const last = items.at(-1);
      return {
        items,
        total: Math.min(total, capped ? COUNT_CAP : total),
        totalCapped: capped && total > COUNT_CAP,
        nextCursor: rows.length > paging.limit && last ? encodeLeadCursor(last) : null,
      };
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
    async update(kind: LeadKind, id: string, change: { status?: LeadStatus | undefined; read?: boolean | undefined }): Promise<boolean> {
      const set: Record<string, string | null> = {};
      if (change.status) set.status = change.status;
      if (change.read === false) set.readAt = null;
      return db.transaction().execute(async (trx) => {
        const anyTrx = untyped(trx);
        const before: { status: string; email: string } | undefined =
          change.status && change.status !== "spam" ? await anyTrx.selectFrom(leadTables[kind]).select(["status", "email"]).where("id", "=", id).executeTakeFirst() : undefined;
        let query = anyTrx.updateTable(leadTables[kind]).where("id", "=", id);
        // The first opening counts; opening again keeps the original time.
        query = change.read === true ? query.set({ ...set, readAt: sql`coalesce(read_at, ${new Date().toISOString()})` }) : query.set(set);
        // The changed row comes back with the update; the transaction holds its write lock until the
        // line below is stored too.
        const lead = (await query.returning([...leadCsvColumns[kind]]).executeTakeFirst()) as CsvSource<typeof kind> | undefined;
        if (!lead) return false;
        await anyTrx.updateTable(leadTables[kind]).set({ csvLine: leadCsvLine(kind, lead) }).where("id", "=", id).execute();
        // Leads stored before deliveries existed have none either, and were never spam: they stay as they are.
        if (before?.status === "spam" && !(await hasDeliveries(trx, kind, id))) await insertDeliveries(trx, kind, id, plan(before), new Date());
        return true;
      });
    },

    /** Erasure: the lead, its notes, its deliveries and its Idempotency-Key, together. */
    async delete(kind: LeadKind, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await deleteNotesOf(trx, kind, [id]);
        await deleteDeliveriesOf(trx, kind, [id]);
        await deleteIdempotencyKeysOf(trx, kind, [id]);
        const result = await untyped(trx).deleteFrom(leadTables[kind]).where("id", "=", id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
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
