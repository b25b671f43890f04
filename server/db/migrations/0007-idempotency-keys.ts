import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// Idempotency-Key on the form posts: the key a client sent with a lead, stored in the same transaction
// as the lead, so a retry answers the first receipt instead of storing the lead again. The primary key
// decides between two requests racing with one key. Rows are swept after a day (lead module).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = pg ? sql`uuid` : sql`text`;

  await db.schema
    .createTable("lead_idempotency_keys")
    .addColumn("lead_kind", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    // SHA-256 of the lead's fields: the same key with other fields is refused, not answered.
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("lead_id", id, (c) => c.notNull())
    // The lead's own createdAt, so a replay answers exactly the first receipt.
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("lead_idempotency_keys_pkey", ["lead_kind", "idempotency_key"])
    .execute();
  await db.schema
    .createIndex("lead_idempotency_keys_created_at_idx")
    .on("lead_idempotency_keys")
    .column("created_at")
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lead_idempotency_keys").execute();
}
