import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import {
  DELIVERY_LIST_MAX,
  type Delivery,
  type DeliveryChannel,
  type DeliveryState,
  type DeliveryWithLead,
} from "../../../contract/deliveries.ts";
import { quietUntil, type QuietHours } from "../../../contract/quiet-hours.ts";
import { isPostgres } from "../../db/dialect.ts";
import type { Database, LeadDeliveriesTable } from "../../db/schema.ts";
import { leadTables, leadView } from "./lead-tables.ts";

// The delivery outbox (lead_deliveries). Rows are written in the lead's own transaction (write.ts), so a
// lead is never acknowledged without its deliveries; the delivery worker (server/delivery/worker.ts)
// claims due rows with a lease, sends, and records the outcome here. auto_reply_recipients (when each
// address last got an auto-reply) is written with them: one auto-reply per address a day.

/**
 * Where one delivery of a new lead goes; `recipient: null` records the channel as not configured.
 * `pushSubscriptionId`: a push's device (server/delivery/plan.ts names it in `recipient`); `notBefore`: it
 * waits (scheduled) until then, as a push held by its user's quiet hours.
 */
export type DeliveryTarget = {
  channel: DeliveryChannel;
  recipient: string | null;
  pushSubscriptionId?: string;
  notBefore?: Date | null;
};
/**
 * The deliveries a lead gets when stored (occasion "new", the default) or rescued from spam
 * (server/delivery/plan.ts decides from the environment and the owner's settings, which it reads in the
 * lead's transaction `trx`: every instance plans from the same stored settings).
 */
export type DeliveryPlanner = (
  trx: Kysely<Database>,
  lead: { email: string; formName?: string | null },
  occasion?: "new" | "rescued",
  /** When the lead is stored (its createdAt), for the users' quiet hours. */
  now?: Date,
) => Promise<DeliveryTarget[]>;

/** An address gets at most one auto-reply in this long (issue 19: the form is not a way to mail strangers). */
export const AUTO_REPLY_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Takes this interval's auto-reply to `address` (case-insensitive) for the lead being written: true when
 * it may be sent, false when the address had one less than AUTO_REPLY_INTERVAL_MS ago. One statement, an
 * upsert that writes only when there is no row or the row is old, with RETURNING saying whether it wrote:
 * two instances (or two transactions) racing for one address cannot both win. On PostgreSQL the second
 * waits for the first's transaction and then sees its row; SQLite's write lock puts them one after the
 * other. In the lead's transaction, so a lead that is not stored takes nothing.
 */
export async function claimAutoReply(trx: Kysely<Database>, address: string, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - AUTO_REPLY_INTERVAL_MS).toISOString();
  const row = await trx
    .insertInto("autoReplyRecipients")
    .values({ address: address.toLowerCase(), lastSentAt: now.toISOString() })
    .onConflict((oc) =>
      oc
        .column("address")
        .doUpdateSet((eb) => ({ lastSentAt: eb.ref("excluded.lastSentAt") }))
        .where("autoReplyRecipients.lastSentAt", "<=", cutoff),
    )
    .returning("address")
    .executeTakeFirst();
  return row !== undefined;
}

type Row = Pick<
  LeadDeliveriesTable,
  | "id"
  | "leadKind"
  | "leadId"
  | "channel"
  | "recipient"
  | "state"
  | "nextAttemptAt"
  | "lastError"
  | "createdAt"
  | "updatedAt"
  | "sentAt"
> & { attempts: number };

const columns = [
  "id",
  "leadKind",
  "leadId",
  "channel",
  "recipient",
  "state",
  "attempts",
  "nextAttemptAt",
  "lastError",
  "createdAt",
  "updatedAt",
  "sentAt",
] as const;

function toDelivery(row: Row): Delivery {
  return {
    ...row,
    attempts: Number(row.attempts),
    leadKind: row.leadKind as LeadKind,
    channel: row.channel as DeliveryChannel,
    state: row.state as DeliveryState,
  };
}

/**
 * Writes the deliveries of a lead; call inside the transaction that stores (or rescues) the lead. An
 * auto-reply to an address that had one within AUTO_REPLY_INTERVAL_MS is left out (no row: nothing is
 * owed, and the owner's mail shows the lead in full).
 */
export async function insertDeliveries(
  trx: Kysely<Database>,
  kind: LeadKind,
  leadId: string,
  planned: DeliveryTarget[],
  now: Date,
): Promise<void> {
  const targets: DeliveryTarget[] = [];
  for (const target of planned) {
    if (
      target.channel === "auto-reply" &&
      target.recipient !== null &&
      !(await claimAutoReply(trx, target.recipient, now))
    )
      continue;
    targets.push(target);
  }
  if (targets.length === 0) return;
  const at = now.toISOString();
  await trx
    .insertInto("leadDeliveries")
    .values(
      targets.map((target) => {
        const waitsUntil = target.recipient !== null && target.notBefore ? target.notBefore.toISOString() : null;
        return {
          id: randomUUID(),
          leadKind: kind,
          leadId,
          channel: target.channel,
          recipient: target.recipient ?? "",
          state: target.recipient === null ? "not-configured" : waitsUntil ? "scheduled" : "pending",
          nextAttemptAt: target.recipient === null ? null : (waitsUntil ?? at),
          pushSubscriptionId: target.pushSubscriptionId ?? null,
          // A held push counts its retries and its wait from when it may go.
          createdAt: waitsUntil ?? at,
          updatedAt: at,
        };
      }),
    )
    .execute();
}

/**
 * A follow-up's reminder (issue 36): one push per device of `targets`, scheduled for `at`, replacing the
 * lead's reminders still to come (a follow-up moved, cleared, or handed to someone else); `at` null only
 * removes them. Dated at `at`, so the outbox's two days of retries count from the reminder's time, and the
 * waiting counts see it only once it is due. Inside the transaction that changes the follow-up.
 */
export async function scheduleFollowUpPushes(
  trx: Kysely<Database>,
  kind: LeadKind,
  leadId: string,
  at: string | null,
  targets: { id: string; recipient: string; quiet: QuietHours | null }[],
  now: Date,
): Promise<void> {
  await trx
    .deleteFrom("leadDeliveries")
    .where("leadKind", "=", kind)
    .where("leadId", "=", leadId)
    .where("channel", "=", "follow-up-push")
    .where("state", "=", "scheduled")
    .execute();
  if (at === null || targets.length === 0) return;
  await trx
    .insertInto("leadDeliveries")
    .values(
      targets.map((target) => {
        // A reminder due inside its user's quiet hours waits for their end.
        const dueAt = (quietUntil(target.quiet, Date.parse(at)) ?? new Date(at)).toISOString();
        return {
          id: randomUUID(),
          leadKind: kind,
          leadId,
          channel: "follow-up-push",
          recipient: target.recipient,
          state: "scheduled",
          nextAttemptAt: dueAt,
          pushSubscriptionId: target.id,
          createdAt: dueAt,
          updatedAt: now.toISOString(),
        };
      }),
    )
    .execute();
}

/** Part of deleting leads (erasure in inbox.ts, retention.ts), in the transaction that deletes them. */
export async function deleteDeliveriesOf(trx: Kysely<Database>, kind: LeadKind, leadIds: string[]): Promise<void> {
  await trx.deleteFrom("leadDeliveries").where("leadKind", "=", kind).where("leadId", "in", leadIds).execute();
}

/** Which of the leads have any delivery (rescuing spam writes them only for leads that have none). */
export async function leadsWithDeliveries(
  trx: Kysely<Database>,
  kind: LeadKind,
  leadIds: string[],
): Promise<Set<string>> {
  if (leadIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom("leadDeliveries")
    .select("leadId")
    .distinct()
    .where("leadKind", "=", kind)
    .where("leadId", "in", leadIds)
    .execute();
  return new Set(rows.map((row) => row.leadId));
}

export function deliveriesOf(db: Kysely<Database>, kind: LeadKind, leadId: string): Promise<Delivery[]> {
  return db
    .selectFrom("leadDeliveries")
    .select(columns)
    .where("leadKind", "=", kind)
    .where("leadId", "=", leadId)
    .orderBy("createdAt")
    .orderBy("channel")
    .execute()
    .then((rows) => rows.map(toDelivery));
}

/** A delivery a worker holds: attempts already counts this attempt. */
export type ClaimedDelivery = Delivery & { pushSubscriptionId: string | null };

export function createDeliveries(db: Kysely<Database>) {
  return {
    /**
     * Takes up to `limit` due deliveries for this worker until `leaseUntil`: pending ones whose next attempt
     * has come, and sending ones whose lease ran out (their worker died mid-send: tried again, at least
     * once). On PostgreSQL, FOR UPDATE SKIP LOCKED lets several instances claim side by side without taking
     * the same row; SQLite has one writer at a time, so the statement alone is enough.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
      const at = now.toISOString();
      let due = db
        .selectFrom("leadDeliveries")
        .select("id")
        .where((eb) =>
          eb.or([
            eb.and([eb("state", "in", ["pending", "scheduled"]), eb("nextAttemptAt", "<=", at)]),
            eb.and([eb("state", "=", "sending"), eb("leaseUntil", "<=", at)]),
          ]),
        )
        .orderBy("nextAttemptAt")
        .limit(limit);
      if (isPostgres(db)) due = due.forUpdate().skipLocked();
      const rows = await db
        .updateTable("leadDeliveries")
        .set({
          state: "sending",
          leaseUntil: leaseUntil.toISOString(),
          attempts: sql<number>`attempts + 1`,
          updatedAt: at,
        })
        .where("id", "in", due)
        .returning([...columns, "pushSubscriptionId"])
        .execute();
      return rows.map((row) => ({ ...toDelivery(row), pushSubscriptionId: row.pushSubscriptionId }));
    },

    /** Sent: the lease is given back. Only the worker still holding it may say so. */
    async markSent(id: string, now: Date): Promise<void> {
      const at = now.toISOString();
      await db
        .updateTable("leadDeliveries")
        .set({ state: "sent", sentAt: at, updatedAt: at, leaseUntil: null, nextAttemptAt: null, lastError: null })
        .where("id", "=", id)
        .where("state", "=", "sending")
        .execute();
    },

    /** Failed this attempt: try again at `retryAt`, or give up (failed) when it is null. */
    async markFailed(id: string, error: string, retryAt: Date | null, now: Date): Promise<void> {
      await db
        .updateTable("leadDeliveries")
        .set({
          state: retryAt ? "pending" : "failed",
          nextAttemptAt: retryAt?.toISOString() ?? null,
          leaseUntil: null,
          lastError: error.slice(0, 2000),
          updatedAt: now.toISOString(),
        })
        .where("id", "=", id)
        .where("state", "=", "sending")
        .execute();
    },

    /** The owner's "send again": due now, whatever its state (a sent one is sent again, with the same ids). */
    async retryNow(id: string, now: Date): Promise<Delivery | undefined> {
      const at = now.toISOString();
      const row = await db
        .updateTable("leadDeliveries")
        .set({ state: "pending", nextAttemptAt: at, leaseUntil: null, updatedAt: at })
        .where("id", "=", id)
        .where("state", "in", ["pending", "failed", "sent"])
        .returning(columns)
        .executeTakeFirst();
      return row && toDelivery(row);
    },

    /**
     * The owner's e-mails recorded as not configured (no mail or no address when their lead came), given
     * `recipient` (the addresses in use now) and queued: all of them, or the one `id`. Only rows still not
     * configured change, so two presses (or instances) queue each once. Answers the queued deliveries.
     */
    async queueNotConfigured(recipient: string, now: Date, id?: string): Promise<Delivery[]> {
      const at = now.toISOString();
      let update = db
        .updateTable("leadDeliveries")
        .set({ recipient, state: "pending", nextAttemptAt: at, leaseUntil: null, lastError: null, updatedAt: at })
        .where("state", "=", "not-configured")
        .where("channel", "=", "owner-email");
      if (id !== undefined) update = update.where("id", "=", id);
      const rows = await update.returning(columns).execute();
      return rows.map(toDelivery);
    },

    async find(id: string): Promise<Delivery | undefined> {
      const row = await db.selectFrom("leadDeliveries").select(columns).where("id", "=", id).executeTakeFirst();
      return row && toDelivery(row);
    },

    /** Deliveries that need the owner (failed, waiting, never sent for want of a channel), newest first, with their lead's name. */
    async needingAttention(states: DeliveryState[]): Promise<DeliveryWithLead[]> {
      const rows = await db
        .selectFrom("leadDeliveries")
        .select(columns)
        .where("state", "in", states)
        .orderBy("createdAt", "desc")
        .limit(DELIVERY_LIST_MAX)
        .execute();
      const deliveries = rows.map(toDelivery);
      const names = new Map<string, string>();
      for (const kind of ["contacts", "inquiries"] as const) {
        const ids = [...new Set(deliveries.filter((d) => d.leadKind === kind).map((d) => d.leadId))];
        if (ids.length === 0) continue;
        const leads: { id: string; firstName: string; lastName: string }[] = await leadView(db)
          .selectFrom(leadTables[kind])
          .select(["id", "firstName", "lastName"])
          .where("id", "in", ids)
          .execute();
        for (const lead of leads) names.set(`${kind}/${lead.id}`, `${lead.firstName} ${lead.lastName}`);
      }
      return deliveries.map((d) => ({ ...d, leadName: names.get(`${d.leadKind}/${d.leadId}`) ?? "(deleted lead)" }));
    },

    /** The hourly sweep: addresses whose last auto-reply is older than the interval (free again anyway: claimAutoReply looks at the time). */
    async deleteExpiredAutoReplyRecipients(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - AUTO_REPLY_INTERVAL_MS).toISOString();
      const result = await db.deleteFrom("autoReplyRecipients").where("lastSentAt", "<=", cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async counts(): Promise<{
      notConfigured: number;
      failed: number;
      pending: number;
      oldestPendingAt: string | null;
    }> {
      const rows = await db
        .selectFrom("leadDeliveries")
        .select((eb) => ["state", eb.fn.countAll<number>().as("count"), eb.fn.min("createdAt").as("oldest")])
        .where("state", "in", ["not-configured", "failed", "pending", "sending"])
        .groupBy("state")
        .execute();
      const of = (state: string) => rows.find((row) => row.state === state);
      const waiting = [of("pending"), of("sending")].filter((row) => row !== undefined);
      return {
        notConfigured: Number(of("not-configured")?.count ?? 0),
        failed: Number(of("failed")?.count ?? 0),
        pending: waiting.reduce((sum, row) => sum + Number(row.count), 0),
        oldestPendingAt: waiting.map((row) => String(row.oldest)).sort()[0] ?? null,
      };
    },

    /**
     * The outbox's backlog per channel and state for the metrics (server/metrics/): how many deliveries wait
     * (pending or being sent), are given up or were never sent for want of a channel, and since when the
     * oldest has waited. Only those states: the sent ones, nearly all rows, are not read (the state index).
     */
    async backlog(): Promise<{ channel: string; state: string; count: number; oldestCreatedAt: string | null }[]> {
      const rows = await db
        .selectFrom("leadDeliveries")
        .select((eb) => ["channel", "state", eb.fn.countAll<number>().as("count"), eb.fn.min("createdAt").as("oldest")])
        .where("state", "in", ["pending", "sending", "failed", "not-configured"])
        .groupBy(["channel", "state"])
        .execute();
      return rows.map((row) => ({
        channel: row.channel,
        state: row.state,
        count: Number(row.count),
        oldestCreatedAt: row.oldest === null ? null : String(row.oldest),
      }));
    },
  };
}

export type DeliveriesRepository = ReturnType<typeof createDeliveries>;
