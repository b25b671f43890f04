import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// The delivery outbox: one row per delivery of a lead (owner e-mail, auto-reply, webhook), written in the
// lead's own transaction and sent by the delivery worker (server/delivery/), retried until sent or failed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = pg ? sql`uuid` : sql`text`;

  await db.schema
    .createTable("lead_deliveries")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("lead_kind", "text", (c) => c.notNull())
    .addColumn("lead_id", id, (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    // pending, sending (leased by a worker), sent, failed (gave up), not-configured
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", timestamp)
    // A worker's claim: past it, another worker may take the delivery again (the first one died).
    .addColumn("lease_until", timestamp)
    .addColumn("last_error", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("sent_at", timestamp)
    .execute();
  // The worker's question: what is due (pending by next attempt, sending by lease end).
  await db.schema
    .createIndex("lead_deliveries_due_idx")
    .on("lead_deliveries")
    .columns(["state", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("lead_deliveries_lead_idx")
    .on("lead_deliveries")
    .columns(["lead_kind", "lead_id"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lead_deliveries").execute();
}
