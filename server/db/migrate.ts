import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import * as initial from "./migrations/0001-initial.ts";
import * as spamReason from "./migrations/0002-spam-reason.ts";
import * as inbox from "./migrations/0003-inbox.ts";
import * as search from "./migrations/0004-search.ts";
import * as csvLines from "./migrations/0005-csv-lines.ts";
import * as rateLimits from "./migrations/0006-rate-limits.ts";
import * as idempotencyKeys from "./migrations/0007-idempotency-keys.ts";
import * as formTokenSecret from "./migrations/0008-form-token-secret.ts";
import * as deliveries from "./migrations/0009-deliveries.ts";
import * as inboxOrder from "./migrations/0010-inbox-order.ts";
import * as inboxFormIndex from "./migrations/0011-inbox-form-index.ts";
import * as postgresSearchTable from "./migrations/0012-postgres-search-table.ts";
import * as abuseResistance from "./migrations/0013-abuse-resistance.ts";
import * as ownerDayLeads from "./migrations/0014-owner-day-leads.ts";
import * as notificationSettings from "./migrations/0015-notification-settings.ts";
import * as team from "./migrations/0016-team.ts";
import * as ownerNumbers from "./migrations/0017-owner-numbers.ts";
import * as signInSecurity from "./migrations/0018-sign-in-security.ts";
import * as accountMail from "./migrations/0019-account-mail.ts";
import * as answerLeads from "./migrations/0020-answer-leads.ts";
import * as pushSubscriptions from "./migrations/0021-push-subscriptions.ts";
import * as pushDeliveries from "./migrations/0022-push-deliveries.ts";
import * as chatChannel from "./migrations/0023-chat-channel.ts";
import * as quietHours from "./migrations/0024-quiet-hours.ts";
import * as content from "./migrations/0025-content.ts";
import * as media from "./migrations/0026-media.ts";
import * as clientsAndMoney from "./migrations/0027-clients-and-money.ts";
import * as exportCells from "./migrations/0028-export-cells.ts";
import * as unassignedCounts from "./migrations/0029-unassigned-counts.ts";
import * as reportStatusIndexes from "./migrations/0030-report-status-indexes.ts";
import type { Database } from "./schema.ts";

// Migrations are listed here rather than read from the folder, so the compiled server and the tests
// run exactly the same set. Names sort in the order they apply; never rename or edit a shipped one.
export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-spam-reason": spamReason,
  "0003-inbox": inbox,
  "0004-search": search,
  "0005-csv-lines": csvLines,
  "0006-rate-limits": rateLimits,
  "0007-idempotency-keys": idempotencyKeys,
  "0008-form-token-secret": formTokenSecret,
  "0009-deliveries": deliveries,
  "0010-inbox-order": inboxOrder,
  "0011-inbox-form-index": inboxFormIndex,
  "0012-postgres-search-table": postgresSearchTable,
  "0013-abuse-resistance": abuseResistance,
  "0014-owner-day-leads": ownerDayLeads,
  "0015-notification-settings": notificationSettings,
  "0016-team": team,
  "0017-owner-numbers": ownerNumbers,
  "0018-sign-in-security": signInSecurity,
  "0019-account-mail": accountMail,
  "0020-answer-leads": answerLeads,
  "0021-push-subscriptions": pushSubscriptions,
  "0022-push-deliveries": pushDeliveries,
  "0023-chat-channel": chatChannel,
  "0024-quiet-hours": quietHours,
  "0025-content": content,
  "0026-media": media,
  "0027-clients-and-money": clientsAndMoney,
  "0028-export-cells": exportCells,
  "0029-unassigned-counts": unassignedCounts,
  "0030-report-status-indexes": reportStatusIndexes,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export class MigrationError extends Error {}

/**
 * Migrations of this process run one after another. Across processes, Kysely's lock (PostgreSQL)
 * or BEGIN IMMEDIATE (SQLite, see connection.ts) serialises them; within one process the synchronous
 * SQLite driver cannot wait for a lock its own thread holds, so two apps in one process (tests) queue here.
 */
let queue: Promise<unknown> = Promise.resolve();

/** Names of the migrations this database has not had yet. */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const all = await new Migrator({ db, provider }).getMigrations();
  return all.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}

/** Applies every pending migration, each exactly once even when several instances start together. */
export function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const run = queue.then(() => applyPending(db));
  queue = run.catch(() => undefined);
  return run;
}

async function applyPending(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new MigrationError(`Migration ${failed} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
