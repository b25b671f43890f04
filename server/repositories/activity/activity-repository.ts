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

/** `clock`: the app's (AppOptions.clock). */
export function createActivityRepository(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  return {
    /** Writes one record; pass `trx` to make it part of the change's own transaction. */
    async record(entry: ActivityRecord, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("activity")
        .values({
          id: randomUUID(),
          createdAt: clock().toISOString(),
          actorId: entry.actor?.userId ?? null,
          actorName: entry.actor?.name ?? null,
          kind: entry.kind,
          summary: entry.summary,
          leadKind: entry.lead?.kind ?? null,
          leadId: entry.lead?.id ?? null,
          subjectUserId: entry.subjectUserId ?? null,
          data: entry.data ? JSON.stringify(entry.data) : null,
        })
        .execute();
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
