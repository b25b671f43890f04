import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ActivityItem, ActivityKind, ActivityPage } from "../../../contract/activity.ts";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import type { Database } from "../../db/schema.ts";

// The record of who did what and when (issue 23): this repository owns the activity table. Every change is
// recorded by the code that makes it, through record(); the Activity page and a lead's history read it.

/** Who acted: the signed-in user (request.admin), or null for nobody (an unknown address's failed sign-in) or the system. */
export type ActivityActor = { userId: string; name: string } | null;

export type ActivityRecord = {
  actor: ActivityActor;
  kind: ActivityKind;
  /** What happened, in words the Activity page shows: "changed Ana Ruiz's role to member". */
  summary: string;
  lead?: { kind: LeadKind; id: string };
  subjectUserId?: string;
  /** Anything else worth keeping, as JSON (never a secret nor a password). */
  data?: Record<string, unknown>;
};

/**
 * Writes records at `now` in one statement, in the caller's transaction: the lead repository records its
 * changes this way, inside the transaction that makes them.
 */
export async function recordActivity(db: Kysely<Database>, entries: ActivityRecord[], now: Date): Promise<void> {
  if (entries.length === 0) return;
  const createdAt = now.toISOString();
  // Chunks keep a bulk action's statement under SQLite's bound on variables.
  for (let start = 0; start < entries.length; start += 200) {
    await db
      .insertInto("activity")
      .values(
        entries.slice(start, start + 200).map((entry) => ({
          id: randomUUID(),
          createdAt,
          actorId: entry.actor?.userId ?? null,
          actorName: entry.actor?.name ?? null,
          kind: entry.kind,
          summary: entry.summary,
          leadKind: entry.lead?.kind ?? null,
          leadId: entry.lead?.id ?? null,
          subjectUserId: entry.subjectUserId ?? null,
          data: entry.data ? JSON.stringify(entry.data) : null,
        })),
      )
      .execute();
  }
}

/** A page's cursor: the last record's time and id (newest first, ties broken by id). */
export function encodeActivityCursor(row: { createdAt: string; id: string }): string {
  return Buffer.from(`${row.createdAt}|${row.id}`).toString("base64url");
}

/** The position a cursor names, or null when it is not one of ours (a 400). */
export function decodeActivityCursor(cursor: string): { createdAt: string; id: string } | null {
  const [createdAt, id, extra] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (extra !== undefined || !createdAt || !id || Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/.test(id))
    return null;
  return { createdAt: new Date(createdAt).toISOString(), id };
}

type Row = {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorName: string | null;
  kind: string;
  summary: string;
  leadKind: string | null;
  leadId: string | null;
  subjectUserId: string | null;
};

function toItem(row: Row): ActivityItem {
  return {
    id: row.id,
    at: row.createdAt,
    actor: row.actorId || row.actorName ? { id: row.actorId, name: row.actorName ?? "Someone" } : null,
    kind: row.kind as ActivityKind,
    summary: row.summary,
    lead: row.leadKind && row.leadId ? { kind: row.leadKind as LeadKind, id: row.leadId } : null,
    subjectUserId: row.subjectUserId,
  };
}

const itemColumns = [
  "id",
  "createdAt",
  "actorId",
  "actorName",
  "kind",
  "summary",
  "leadKind",
  "leadId",
  "subjectUserId",
] as const;

/** `clock`: the app's (AppOptions.clock). */
export function createActivityRepository(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  return {
    /** Writes one record; pass `trx` to make it part of the change's own transaction. */
    async record(entry: ActivityRecord, trx: Kysely<Database> = db): Promise<void> {
      await recordActivity(trx, [entry], clock());
    },

    /**
     * A page of records, newest first, by actor and/or kind, after `cursor` (keyset paging over
     * (created_at, id): the indexes of migration 0016 serve each filter).
     */
    async list(query: {
      user?: string | undefined;
      kind?: ActivityKind | undefined;
      after?: { createdAt: string; id: string } | undefined;
      limit: number;
    }): Promise<ActivityPage> {
      let select = db.selectFrom("activity").select(itemColumns);
      if (query.user) select = select.where("actorId", "=", query.user);
      if (query.kind) select = select.where("kind", "=", query.kind);
      if (query.after) {
        const { createdAt, id } = query.after;
        // A row-value comparison: both databases walk the (…, created_at, id) index from the cursor (an OR of
        // the two conditions made SQLite scan).
        select = select.where((eb) => eb(eb.refTuple("createdAt", "id"), "<", eb.tuple(createdAt, id)));
      }
      const rows = await select
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(query.limit + 1)
        .execute();
      const page = rows.slice(0, query.limit);
      return {
        items: page.map(toItem),
        nextCursor: rows.length > query.limit ? encodeActivityCursor(page[page.length - 1]!) : null,
      };
    },

    /** Every record about one lead, oldest first (its page's history). */
    async forLead(kind: LeadKind, id: string): Promise<ActivityItem[]> {
      const rows = await db
        .selectFrom("activity")
        .select(itemColumns)
        .where("leadKind", "=", kind)
        .where("leadId", "=", id)
        .orderBy("createdAt", "asc")
        .execute();
      return rows.map(toItem);
    },
  };
}
