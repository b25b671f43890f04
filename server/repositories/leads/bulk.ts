import type { Kysely } from "kysely";
import { BULK_LIMIT, type BulkRequestData, type BulkResult, type LeadKind } from "../../../contract/admin-leads.ts";
import type { Database } from "../../db/schema.ts";
import type { DeliveryPlanner } from "./deliveries.ts";
import { leadFilter, leadSearch } from "./filters.ts";
import { changeLeads, eraseLeads, type LeadChange, type LeadState } from "./lead-changes.ts";
import { leadTables, untyped } from "./lead-tables.ts";

// Bulk actions on the inbox (issue 13): one action on a selection of leads or on every lead the list's
// filters match, at most BULK_LIMIT, in one transaction, by the same rules as the single lead's
// PATCH and DELETE (lead-changes.ts). Restore (an Undo) puts back the states a previous answer listed.

/** Done, or refused because the filters match more than BULK_LIMIT leads (`matched`: how many). */
export type BulkOutcome = { done: BulkResult } | { matched: number };

const changes: Record<"markRead" | "markUnread" | "spam", LeadChange> = {
  markRead: { read: true },
  markUnread: { read: false },
  spam: { status: "spam" },
};

export async function bulkAction(db: Kysely<Database>, kind: LeadKind, request: BulkRequestData, plan: DeliveryPlanner, count: () => Promise<number>): Promise<BulkOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<BulkOutcome> => {
    let ids: string[];
    if (request.action === "restore") ids = request.items.map((item) => item.id);
    else if (request.ids) ids = request.ids;
    else {
      const filters = request.filters!;
      const search = await leadSearch(trx, kind, filters);
      const rows: { id: string }[] = await untyped(trx)
        .selectFrom(leadTables[kind])
        .select("id")
        .where((eb) => leadFilter(eb, kind, filters, search))
        .limit(BULK_LIMIT + 1)
        .execute();
      if (rows.length > BULK_LIMIT) return { matched: rows.length };
      ids = rows.map((row) => row.id);
    }

    switch (request.action) {
      case "delete":
        return { done: { affected: await eraseLeads(trx, kind, ids), previous: [] } };
      case "setStatus":
        return done(await changeLeads(trx, kind, ids, { status: request.status }, plan));
      case "restore": {
        // One update per state put back (at most statuses x read/unread), each with the single-lead rules.
        const groups = new Map<string, { change: LeadChange; ids: string[] }>();
        for (const { id, status, read } of request.items) {
          const group = groups.get(`${status}|${read}`) ?? { change: { status, read }, ids: [] };
          group.ids.push(id);
          groups.set(`${status}|${read}`, group);
        }
        const previous: LeadState[] = [];
        for (const { change, ids: groupIds } of groups.values()) previous.push(...(await changeLeads(trx, kind, groupIds, change, plan)));
        return done(previous);
      }
      default:
        return done(await changeLeads(trx, kind, ids, changes[request.action], plan));
    }
  });
  // Counted outside the transaction, which wrote nothing: how many the owner's filters really match.
  return "matched" in outcome ? { matched: await count() } : outcome;
}

function done(previous: LeadState[]): BulkOutcome {
  return { done: { affected: previous.length, previous } };
}
