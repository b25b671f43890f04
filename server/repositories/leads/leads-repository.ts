import type { Kysely } from "kysely";
import type { AdminPulse, LeadKind, TodayQueue } from "../../../contract/admin-leads.ts";
import { newestReceivedAt } from "./inbound-messages.ts";
import type { LeadFilters } from "../../../contract/lead-filters.ts";
import type { Database } from "../../db/schema.ts";
import { leadExportLines } from "./lead-export.ts";
import { deleteExpiredIdempotencyKeys, insertLeadOnce, type StoredOnce } from "./idempotency.ts";
import { createDeliveries, type DeliveryPlanner } from "./deliveries.ts";
import { scopeFilters } from "./filters.ts";
import { createInbox } from "./inbox.ts";
import type { OwnerDay } from "./owner-day.ts";
import { deleteExpiredFormTokenUses, type FormTokenUse } from "./form-token-uses.ts";
import { deleteLeadsOlderThan } from "./retention.ts";
import type { LeadInputOf, LeadOf } from "./lead-tables.ts";
import { createLeadReports } from "./reports.ts";
import { leadStats } from "./stats.ts";
import { newestArrival, todayQueue, type NowWindow } from "./today.ts";
import { rekeyWaitingLeads } from "./reply-by-backfill.ts";
import { backfillDerivedColumns, runBackfillStep, type BackfillCounts } from "./start-up-backfills.ts";
import type { BusinessHours } from "../../../contract/business-hours.ts";
import { insertLead, type SpamVerdict } from "./write.ts";

// The one owner of the lead tables (contact_submissions, service_inquiries, lead_notes,
// lead_idempotency_keys, lead_deliveries, lead_events, used_form_tokens): storing a lead with its deliveries
// (write.ts, once per Idempotency-Key: idempotency.ts), the inbox (inbox.ts, filters.ts, notes.ts, events.ts;
// both kinds in one list there too), the delivery outbox (deliveries.ts), the dashboard's figures (stats.ts)
// and day (today.ts), the CSV export (lead-export.ts), retention, the people behind the leads (person-keys.ts) and
// what the reports read (reports.ts).
// Nothing else queries these tables.

/**
 * `plan` says which deliveries a new (or rescued) lead gets; without one, none (seed data, tools). `day`:
 * the clock of every stored time (a lead's createdAt, notes, changes) and of "today" (followUp=due), and
 * the owner's time zone (OWNER_TIMEZONE).
 */
export function createLeadsRepository(
  db: Kysely<Database>,
  plan: DeliveryPlanner = () => Promise.resolve([]),
  day: OwnerDay = { clock: () => new Date(), ownerTimeZone: "UTC" },
) {
  return {
    /** Stores the lead; `token` (its form token, when ours) is spent with it, and a spent one makes it spam. */
    create<K extends LeadKind>(
      kind: K,
      input: LeadInputOf[K],
      spam: SpamVerdict = null,
      token: FormTokenUse | null = null,
    ): Promise<LeadOf[K]> {
      return insertLead(db, kind, input, spam, plan, day.clock(), token);
    },
    /** Stores the lead once per `idempotencyKey`: a repeat answers the first receipt (replayed). */
    createOnce<K extends LeadKind>(
      kind: K,
      input: LeadInputOf[K],
      spam: SpamVerdict,
      idempotencyKey: string,
      token: FormTokenUse | null = null,
    ): Promise<StoredOnce> {
      return insertLeadOnce(db, kind, input, spam, idempotencyKey, plan, day.clock(), token);
    },
    deleteExpiredIdempotencyKeys(now: Date): Promise<number> {
      return deleteExpiredIdempotencyKeys(db, now);
    },
    deleteExpiredFormTokenUses(now: Date): Promise<number> {
      return deleteExpiredFormTokenUses(db, now);
    },
    ...createInbox(db, plan, day),
    deliveries: createDeliveries(db),
    /** What the owner's numbers read (server/reports/): groups, answer times, a person's other leads. */
    reports: createLeadReports(db),
    /** The export's lines of `kinds` (lead-export.ts), newest first, made while sent; `done` gets the count. */
    exportLines(kinds: readonly LeadKind[], filters: LeadFilters, done?: (rows: number) => Promise<void>) {
      return leadExportLines(db, kinds, scopeFilters(filters, day), day.ownerTimeZone, done);
    },
    /** LEAD_RETENTION_DAYS: leads created before `cutoff` go, with their notes, deliveries and keys. */
    deleteOlderThan(cutoff: Date): Promise<number> {
      return deleteLeadsOlderThan(db, cutoff);
    },
    stats(now: Date = day.clock()) {
      return leadStats(db, now);
    },
    /** The dashboard's day and the morning e-mail's: "Now" in `window`, leads needing a reply, follow-ups due by the end of the owner's day; `mine`: a user's day (theirs and the unassigned). */
    today(now: Date, ownerTimeZone: string, window: NowWindow, mine?: string): Promise<TodayQueue> {
      return todayQueue(db, now, ownerTimeZone, window, mine);
    },
    /** New business hours: every waiting lead's deadline counted again under them, in the caller's transaction. */
    rekeyWaiting(trx: Kysely<Database>, hours: BusinessHours): Promise<number> {
      return rekeyWaitingLeads(trx, hours);
    },
    /** Start-up: the derived columns of leads stored before they existed (start-up-backfills.ts; on PostgreSQL one instance at a time). */
    backfillDerivedColumns(): Promise<BackfillCounts> {
      return backfillDerivedColumns(db);
    },
    /** The start-up step of the deadlines of leads stored before migration 0020 alone. */
    backfillReplyBy(): Promise<number> {
      return runBackfillStep(db, "replyBy");
    },
    /** The admin's pulse: when the newest lead and the newest reply from a lead arrived. */
    async pulse(): Promise<AdminPulse> {
      const [newestLeadAt, newestReplyAt] = await Promise.all([newestArrival(db), newestReceivedAt(db)]);
      return { newestLeadAt, newestReplyAt };
    },
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
