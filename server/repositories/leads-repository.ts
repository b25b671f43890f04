import { randomUUID } from "node:crypto";
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import { COUNT_CAP, type AdminStats, type KindStats, type Lead, type LeadDetail, type LeadFilters, type LeadKind, type LeadNote, type LeadPage } from "../../contract/admin-leads.ts";
import { leadStatuses, type LeadStatus } from "../../contract/fields.ts";
import { containsPattern, searchTextContains } from "../db/dialect.ts";
import type { Database } from "../db/schema.ts";
import { leadCsvColumns, leadCsvLine, writeCsvLines, type CsvSource } from "./lead-csv.ts";

// The owner's inbox over both kinds of lead. Every list and count is one indexed query: keyset
// paging on (created_at, id), never OFFSET, never loading rows to count them.

const tables = { contacts: "contactSubmissions", inquiries: "serviceInquiries" } as const;
type LeadTable = (typeof tables)[LeadKind];
// Both tables share the columns filtered on here; Kysely cannot type a table chosen at run time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type AnyEb = ExpressionBuilder<any, any>;

const sqlTables = { contacts: "contact_submissions", inquiries: "service_inquiries" } as const;

function startOfDay(date: string) {
  return `${date}T00:00:00.000Z`;
}
function startOfNextDay(date: string) {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

const NOT_SPAM = leadStatuses.filter((status) => status !== "spam");

/**
 * The WHERE clause of a filter. `forCount` phrases "not spam" as a list of statuses, which lets counts
 * walk the status index; pages keep "!= spam" so they walk the newest-first index and stop early.
 */
function filterExpression(eb: AnyEb, kind: LeadKind, f: LeadFilters, search: Expression<SqlBool> | undefined, forCount = false): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (f.view === "inbox") conditions.push(forCount ? eb("status", "in", NOT_SPAM) : eb("status", "!=", "spam"));
  if (f.view === "spam") conditions.push(eb("status", "=", "spam"));
  if (f.status) conditions.push(eb("status", "=", f.status));
  // Dates are whole days in UTC.
  if (f.from) conditions.push(eb("createdAt", ">=", startOfDay(f.from)));
  if (f.to) conditions.push(eb("createdAt", "<", startOfNextDay(f.to)));
  // Name, e-mail, phone, company (and message), through the trigram index (server/db/dialect.ts).
  if (search) conditions.push(search);
  if (f.product && kind === "contacts") conditions.push(sql<SqlBool>`products like ${containsPattern(JSON.stringify(f.product))} escape '\\'`);
  if (f.serviceType && kind === "inquiries") conditions.push(eb("serviceType", "=", f.serviceType));
  if (f.form) conditions.push(eb("formName", "=", f.form));
  if (f.utmSource) conditions.push(eb("utmSource", "=", f.utmSource));
  if (f.unread !== undefined) conditions.push(f.unread ? eb("readAt", "is", null) : eb("readAt", "is not", null));
  return eb.and(conditions);
}

export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString("base64url");
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const [createdAt, id, extra] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (extra !== undefined || !createdAt || !id || Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return { createdAt, id };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of either table
function toLead(row: any): Lead {
  const { searchText: _searchText, csvLine: _csvLine, ...lead } = row;
  return { ...lead, ...(typeof lead.products === "string" ? { products: JSON.parse(lead.products) as string[] } : {}) } as Lead;
}

/** Monday 00:00 UTC of the week holding `date`. */
export function weekStart(date: Date): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

export const CHART_WEEKS = 12;
export const EXPORT_MAX_ROWS = 100_000;

export function createLeadsRepository(db: Kysely<Database>) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is chosen at run time (see AnyEb)
  const anyDb = db as unknown as Kysely<any>;
  const from = (kind: LeadKind) => anyDb.selectFrom(tables[kind] as LeadTable);
  const searchFor = (kind: LeadKind, filters: LeadFilters) =>
    filters.q ? searchTextContains(anyDb, sqlTables[kind], filters.q) : Promise.resolve(undefined);

  return {
    async list(kind: LeadKind, filters: LeadFilters, page: { cursor?: { createdAt: string; id: string } | null; limit: number }): Promise<LeadPage> {
      const search = await searchFor(kind, filters);
      let query = from(kind)
        .selectAll()
        .where((eb) => filterExpression(eb, kind, filters, search))
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(page.limit + 1);
      const cursor = page.cursor;
      if (cursor) {
        // A row-value comparison, which both databases answer from the (created_at, id) index.
        query = query.where(sql<SqlBool>`(created_at, id) < (${cursor.createdAt}, ${cursor.id})`);
      }
      // Text and product matches are counted up to a cap: beyond it the exact number costs a scan.
      const capped = Boolean(filters.q || filters.product);
      const [rows, total] = await Promise.all([query.execute(), this.count(kind, filters, capped ? COUNT_CAP : undefined)]);
      const items = rows.slice(0, page.limit).map(toLead);
      const last = items.at(-1);
      return {
        items,
        total: Math.min(total, capped ? COUNT_CAP : total),
        totalCapped: capped && total > COUNT_CAP,
        nextCursor: rows.length > page.limit && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    },

    /** The number of leads matching; with `cap`, it stops counting past cap (returns at most cap + 1). */
    async count(kind: LeadKind, filters: LeadFilters, cap?: number): Promise<number> {
      const search = await searchFor(kind, filters);
      if (cap !== undefined) {
        const limited = from(kind)
          .select(sql<number>`1`.as("one"))
          .where((eb) => filterExpression(eb, kind, filters, search))
          .limit(cap + 1)
          .as("limited");
        const { count } = await anyDb.selectFrom(limited).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
        return Number(count);
      }
      const { count } = await from(kind)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where((eb) => filterExpression(eb, kind, filters, search, true))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** The CSV lines of every lead of the filter, newest first, up to EXPORT_MAX_ROWS (lead-csv.ts). */
    async csvLines(kind: LeadKind, filters: LeadFilters): Promise<string[]> {
      const search = await searchFor(kind, filters);
      const read = async () => {
        const rows: { csvLine: string | null }[] = await from(kind)
          .select("csvLine")
          .where((eb) => filterExpression(eb, kind, filters, search))
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(EXPORT_MAX_ROWS)
          .execute();
        return rows.map((row) => row.csvLine);
      };
      let lines = await read();
      if (lines.includes(null)) {
        // Only a lead written by something other than this code lacks its line (an older instance
        // during a rolling deploy): write the missing ones, then read again.
        await writeCsvLines(db, kind, { missingOnly: true });
        lines = await read();
      }
      return lines as string[];
    },

    async find(kind: LeadKind, id: string): Promise<LeadDetail | undefined> {
      const row = await from(kind).selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      const notes: LeadNote[] = await db
        .selectFrom("leadNotes")
        .select(["id", "body", "createdAt"])
        .where("leadKind", "=", kind)
        .where("leadId", "=", id)
        .orderBy("createdAt", "asc")
        .execute();
      return { ...toLead(row), notes };
    },

    /** Sets the status and/or the read mark (and rewrites the lead's CSV line); false when there is no such lead. */
    async update(kind: LeadKind, id: string, change: { status?: LeadStatus; read?: boolean }): Promise<boolean> {
      const set: Record<string, string | null> = {};
      if (change.status) set.status = change.status;
      if (change.read === false) set.readAt = null;
      return db.transaction().execute(async (trx) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see AnyEb
        const anyTrx = trx as unknown as Kysely<any>;
        let query = anyTrx.updateTable(tables[kind]).where("id", "=", id);
        if (change.read === true) {
          // The first opening counts; opening again keeps the original time.
          query = query.set({ ...set, readAt: sql`coalesce(read_at, ${new Date().toISOString()})` });
        } else {
          query = query.set(set);
        }
        // The changed row comes back with the update; the transaction holds its write lock until the
        // line below is stored too.
        const lead = (await query.returning([...leadCsvColumns[kind]]).executeTakeFirst()) as CsvSource<typeof kind> | undefined;
        if (!lead) return false;
        await anyTrx.updateTable(tables[kind]).set({ csvLine: leadCsvLine(kind, lead) }).where("id", "=", id).execute();
        return true;
      });
    },

    /** Erasure: the lead and its notes, together. */
    async delete(kind: LeadKind, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom("leadNotes").where("leadKind", "=", kind).where("leadId", "=", id).execute();
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see AnyEb
        const result = await (trx as unknown as Kysely<any>).deleteFrom(tables[kind]).where("id", "=", id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    async addNote(kind: LeadKind, id: string, body: string): Promise<LeadNote | undefined> {
      const exists = await from(kind).select("id").where("id", "=", id).executeTakeFirst();
      if (!exists) return undefined;
      return db
        .insertInto("leadNotes")
        .values({ id: randomUUID(), leadKind: kind, leadId: id, body, createdAt: new Date().toISOString() })
        .returning(["id", "body", "createdAt"])
        .executeTakeFirstOrThrow();
    },

    async stats(now: Date = new Date()): Promise<AdminStats> {
      const kindStats = async (kind: LeadKind): Promise<KindStats> => {
        const firstWeek = weekStart(now);
        firstWeek.setUTCDate(firstWeek.getUTCDate() - 7 * (CHART_WEEKS - 1));
        const weeks = Array.from({ length: CHART_WEEKS }, (_, i) => {
          const start = new Date(firstWeek);
          start.setUTCDate(start.getUTCDate() + 7 * i);
          return start.toISOString();
        });
        // Each count walks an index (the whole table's, the status one, the partial unread one).
        const countWhere = async (where?: (eb: AnyEb) => Expression<SqlBool>) => {
          let query = from(kind).select((eb) => eb.fn.countAll<number>().as("count"));
          if (where) query = query.where(where);
          return Number((await query.executeTakeFirstOrThrow()).count);
        };
        const [all, spamCount, unreadCount] = await Promise.all([
          countWhere(),
          countWhere((eb) => eb("status", "=", "spam")),
          countWhere((eb) => eb.and([eb("readAt", "is", null), eb("status", "in", NOT_SPAM)])),
        ]);
        // One count per week of the chart, each a range of the (status, created_at) index.
        const perWeek = await Promise.all(
          weeks.map(async (weekStartIso, i) => {
            const end = weeks[i + 1] ?? new Date(Date.parse(weekStartIso) + 7 * 86_400_000).toISOString();
            const count = await countWhere((eb) =>
              eb.and([eb("status", "in", NOT_SPAM), eb("createdAt", ">=", weekStartIso), eb("createdAt", "<", end)]),
            );
            return { weekStart: weekStartIso.slice(0, 10), count };
          }),
        );
        return {
          total: all - spamCount,
          unread: unreadCount,
          spam: spamCount,
          perWeek,
        };
      };
      const [contacts, inquiries] = await Promise.all([kindStats("contacts"), kindStats("inquiries")]);
      return { contacts, inquiries };
    },
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
