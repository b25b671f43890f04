import type { Kysely, Transaction } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { BULK_LIMIT, type BulkRequestData, type BulkResult } from "../../../contract/lead-triage.ts";
import type { Database } from "../../db/schema.ts";
import type { ActivityActor } from "../activity/activity-repository.ts";
import type { DeliveryPlanner } from "./deliveries.ts";
import { leadFilter, leadSearch, type ScopedFilters } from "./filters.ts";
import { changeLeads, eraseLeads, type LeadChange, type LeadState } from "./lead-changes.ts";
import { leadTables, leadView } from "./lead-tables.ts";

// Bulk actions on the inbox (issue 13): one action on a selection of leads or on every lead the list's
// filters match, at most BULK_LIMIT, in one transaction, by the same rules as the single lead's
// PATCH and DELETE (lead-changes.ts). Restore (an Undo) puts back the states a previous answer listed.
// On the combined list ("all", issue 20) the selection may hold leads of both kinds: each id is looked
// up in both tables (ids are unique across them), and the filters' BULK_LIMIT is over both kinds.

/** Done, or refused because the filters match more than BULK_LIMIT leads (`matched`: how many). */
export type BulkOutcome = { done: BulkResult } | { matched: number };
/** One kind's list, or the combined list. */
export type BulkTarget = LeadKind | "all";

const changes: Record<"markRead" | "markUnread" | "spam", LeadChange> = {
  markRead: { read: true },
  markUnread: { read: false },
  spam: { status: "spam" },
};

/** The ids of each kind: one kind's list takes them as they are; the combined list finds each id's table. */
async function idsByKind(
  trx: Transaction<Database>,
  target: BulkTarget,
  ids: string[],
): Promise<Map<LeadKind, string[]>> {
  if (target !== "all") return new Map([[target, ids]]);
  const byKind = new Map<LeadKind, string[]>();
  if (ids.length === 0) return byKind;
  for (const kind of ["contacts", "inquiries"] as const) {
    const rows: { id: string }[] = await leadView(trx)
      .selectFrom(leadTables[kind])
      .select("id")
      .where("id", "in", ids)
      .execute();
    if (rows.length > 0)
      byKind.set(
        kind,
        rows.map((row) => row.id),
      );
  }
  return byKind;
}

/**
 * `scope.kinds`: the kinds the filters can match (the combined list's product filter keeps contacts only);
 * `scope.filters`: the request's filters with today fixed (followUp=due). `count` says how many leads the
 * filters match when they match too many.
 */
export async function bulkAction(
  db: Kysely<Database>,
  scope: { target: BulkTarget; kinds: LeadKind[]; filters: ScopedFilters | undefined },
  request: BulkRequestData,
  plan: DeliveryPlanner,
  now: Date,
  count: () => Promise<number>,
  actor: ActivityActor = null,
): Promise<BulkOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<BulkOutcome> => {
    let byKind: Map<LeadKind, string[]>;
    if (request.action === "restore")
      byKind = await idsByKind(
        trx,
        scope.target,
        request.items.map((item) => item.id),
      );
    else if (request.ids) byKind = await idsByKind(trx, scope.target, request.ids);
    else {
      const filters = scope.filters!;
      byKind = new Map();
      let matched = 0;
      for (const kind of scope.kinds) {
        const search = await leadSearch(trx, kind, filters);
        const rows: { id: string }[] = await leadView(trx)
          .selectFrom(leadTables[kind])
          .select("id")
          .where((eb) => leadFilter(eb, kind, filters, search))
          .limit(BULK_LIMIT + 1 - matched)
          .execute();
        matched += rows.length;
        if (matched > BULK_LIMIT) return { matched };
        byKind.set(
          kind,
          rows.map((row) => row.id),
        );
      }
    }

    if (request.action === "delete") {
      let affected = 0;
      for (const [kind, ids] of byKind) affected += await eraseLeads(trx, kind, ids, actor, now);
      return { done: { affected, previous: [] } };
    }
    const previous: LeadState[] = [];
    for (const [kind, ids] of byKind) {
      if (request.action === "setStatus")
        previous.push(...(await changeLeads(trx, kind, ids, { status: request.status }, plan, now, actor)));
      else if (request.action === "assign")
        previous.push(...(await changeLeads(trx, kind, ids, { assigneeId: request.assigneeId }, plan, now, actor)));
      else if (request.action === "restore") {
        // One update per state put back (at most statuses x read/unread x assignees), each with the single-lead rules.
        const ofKind = new Set(ids);
        const groups = new Map<string, { change: LeadChange; ids: string[] }>();
        for (const { id, status, read, assigneeId } of request.items) {
          if (!ofKind.has(id)) continue;
          const key = `${status}|${read}|${assigneeId === undefined ? "-" : String(assigneeId)}`;
          const group = groups.get(key) ?? { change: { status, read, assigneeId }, ids: [] };
          group.ids.push(id);
          groups.set(key, group);
        }
        for (const { change, ids: groupIds } of groups.values())
          previous.push(...(await changeLeads(trx, kind, groupIds, change, plan, now, actor)));
      } else previous.push(...(await changeLeads(trx, kind, ids, changes[request.action], plan, now, actor)));
    }
    return { done: { affected: previous.length, previous } };
  });
  // Counted outside the transaction, which wrote nothing: how many the owner's filters really match.
  return "matched" in outcome ? { matched: await count() } : outcome;
}
