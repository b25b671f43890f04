import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// Throttling that every instance sees and a restart keeps (docs/decisions/011-throttling.md):
// fixed-window counters, and the devices the admin has signed in from (they pass the per-account
// limit on failed sign-ins).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const id = pg ? sql`uuid` : sql`text`;

  // One row per counter: the key is looked up through the primary key; the sweep walks reset_at.
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("reset_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_reset_at_idx").on("rate_limits").column("reset_at").execute();

  // Like sessions: the cookie carries a random token, the table only its SHA-256.
  await db.schema
    .createTable("known_devices")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("known_devices_user_id_idx").on("known_devices").column("user_id").execute();
  await db.schema.createIndex("known_devices_expires_at_idx").on("known_devices").column("expires_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("known_devices").execute();
  await db.schema.dropTable("rate_limits").execute();
}
