import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ActivityKind } from "../../../contract/activity.ts";
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

/** `clock`: the app's (AppOptions.clock). */
export function createActivityRepository(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  return {
    /** Writes one record; pass `trx` to make it part of the change's own transaction. */
    async record(entry: ActivityRecord, trx: Kysely<Database> = db): Promise<void> {
      await recordActivity(trx, [entry], clock());
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
