import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// The secret that signs form tokens (server/lib/form-tokens.ts), created once here so that every
// instance on this database signs and checks with the same one, with no configuration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable("server_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db
    .insertInto("server_secrets")
    .values({ name: "form-token", value: randomBytes(32).toString("base64url") })
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("server_secrets").execute();
}
