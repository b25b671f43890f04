import type { Kysely } from "kysely";

// Web push through the outbox (issue 36): a push delivery goes to one device, so a retry reaches the same
// one and a device the push service says is gone (404/410) fails alone. The device is named in `recipient`
// for the owner ("Pixel (owner@…)"); this is the row it is sent to. No foreign key: a removed device leaves
// its past deliveries as they were.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("lead_deliveries").addColumn("push_subscription_id", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("lead_deliveries").dropColumn("push_subscription_id").execute();
}
