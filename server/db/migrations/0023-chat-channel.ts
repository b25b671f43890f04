import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// The chat channel (issue 36, point 2): the incoming webhook of a Slack, Microsoft Teams or Google Chat
// channel that each new lead is posted to. One row ("chat"), none until the owner first sets it; turning it
// off keeps the row with no service and no address. The address is a secret (whoever has it can post to
// the channel): the API answers only its origin and last characters. Owner:
// server/repositories/chat-channel-repository.ts.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = pg ? sql`uuid` : sql`text`;

  await db.schema
    .createTable("chat_channel")
    .addColumn("id", "text", (c) => c.primaryKey())
    // "slack" | "teams" | "google-chat", with its url; both null: off.
    .addColumn("service", "text")
    .addColumn("url", "text")
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("updated_by", id)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("chat_channel").execute();
}
