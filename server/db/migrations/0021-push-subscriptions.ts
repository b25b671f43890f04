import { generateKeyPairSync } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// Web push (issue 36): each user's browser subscriptions, one row per device (the push service's endpoint is
// unique: a browser that subscribes again replaces its row), and the VAPID key pair every instance signs
// with. The keys are made here, once, under the migrations' lock, so two instances starting together agree.

/** A P-256 key pair as web push uses it: the public key as the uncompressed point, the private as `d`, base64url. */
function newVapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = privateKey.export({ format: "jwk" });
  const point = publicKey.export({ format: "der", type: "spki" }).subarray(-65);
  return { publicKey: point.toString("base64url"), privateKey: String(jwk.d) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = pg ? sql`uuid` : sql`text`;

  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The push service's address for this browser: a capability (whoever knows it can push), never shown whole.
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    // The browser's keys for the payload's encryption (RFC 8291), base64url.
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("device_name", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_user_idx").on("push_subscriptions").column("user_id").execute();

  const keys = newVapidKeys();
  await db
    .insertInto("server_secrets")
    .values([
      { name: "vapid-public-key", value: keys.publicKey },
      { name: "vapid-private-key", value: keys.privateKey },
    ])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("push_subscriptions").execute();
  await db.deleteFrom("server_secrets").where("name", "in", ["vapid-public-key", "vapid-private-key"]).execute();
}
