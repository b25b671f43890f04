import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// How new leads reach the owner, as the owner sets it in the admin (issue 20), stored so every instance
// reads the same (server/repositories/notification-settings-repository.ts owns these tables):
// - notify_addresses: the addresses the owner added, each with the SHA-256 of its single-use confirmation
//   link's token (kept after use, so a used link can say so) and when that link expires.
// - notification_settings: one row ("owner"): the auto-reply switch (null: AUTO_REPLY decides) and the
//   morning e-mail (off, 7 o'clock in OWNER_TIMEZONE by default).
// - morning_emails: one row per day in OWNER_TIMEZONE, the day as its primary key: the instance that
//   inserts it sends that day's morning e-mail, so it goes once whatever the number of instances.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;

  await db.schema
    .createTable("notify_addresses")
    .addColumn("address", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("token_expires_at", timestamp, (c) => c.notNull())
    .addColumn("added_at", timestamp, (c) => c.notNull())
    .addColumn("confirmed_at", timestamp)
    .execute();
  await db.schema
    .createIndex("notify_addresses_token_hash_idx")
    .unique()
    .on("notify_addresses")
    .column("token_hash")
    .execute();

  await db.schema
    .createTable("notification_settings")
    .addColumn("id", "text", (c) => c.primaryKey())
    // 1 on, 0 off, null: the environment's AUTO_REPLY.
    .addColumn("auto_reply", "integer")
    .addColumn("morning_email_enabled", "integer", (c) => c.notNull())
    .addColumn("morning_email_hour", "integer", (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  // The one row exists from the start: reads never have to guess a default, writes are plain updates.
  await db
    .insertInto("notification_settings")
    .values({
      id: "owner",
      auto_reply: null,
      morning_email_enabled: 0,
      morning_email_hour: 7,
      updated_at: new Date().toISOString(),
    })
    .execute();

  await db.schema
    .createTable("morning_emails")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("claimed_at", timestamp, (c) => c.notNull())
    .addColumn("sent_at", timestamp)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("morning_emails").execute();
  await db.schema.dropTable("notification_settings").execute();
  await db.schema.dropTable("notify_addresses").execute();
}
