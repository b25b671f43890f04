import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// A team works the leads (issue 23, docs/decisions/038-team.md). Owners of these tables:
// server/repositories/users/ (users, sessions' new columns, verifications, passkeys, team_settings),
// server/repositories/activity/ (activity), server/repositories/leads/ (assignee_id, author_id, actor_id).
// - users: role ("owner" | "member"), an optional display name, deactivation, the TOTP secret (encrypted
//   with a key from server_secrets) and when it was turned on, the last sign-in.
// - sessions: a public id (the token hash is the key and never leaves the server), the browser's
//   user agent (the "device" of the sessions list) and whether the second factor was passed.
// - verifications: every single-use code (invitation, password reset, recovery code, passkey challenge,
//   second-factor step of a sign-in), stored as the SHA-256 of its token, with a type and an expiry.
// - passkeys: the WebAuthn credentials of each user.
// - team_settings: one row ("team"): whether every user must have a second factor.
// - activity: who did what and when, for the Activity page and each lead's history.
// - leads: the assignee; notes and lead events: their author.

const leadTables = ["contact_submissions", "service_inquiries"] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = pg ? sql`uuid` : sql`text`;

  // Accounts that exist before this migration were made by ADMIN_EMAIL or `npm run admin`: owners.
  await db.schema
    .alterTable("users")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("owner"))
    .execute();
  await db.schema.alterTable("users").addColumn("name", "text").execute();
  await db.schema.alterTable("users").addColumn("deactivated_at", timestamp).execute();
  await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_enabled_at", timestamp).execute();
  await db.schema.alterTable("users").addColumn("last_sign_in_at", timestamp).execute();

  await db.schema.alterTable("sessions").addColumn("id", "text").execute();
  // Sessions from before have no public id yet: part of their token hash serves (it reveals nothing of the token).
  await sql`update sessions set id = substr(token_hash, 1, 32)`.execute(db);
  await db.schema.createIndex("sessions_id_idx").unique().on("sessions").column("id").execute();
  await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
  // 1 when the session passed a second factor (or none was needed when it began).
  await db.schema
    .alterTable("sessions")
    .addColumn("second_factor", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("verifications")
    .addColumn("id", id, (c) => c.primaryKey())
    // "invitation" | "password-reset" | "recovery-code" | "passkey-challenge" | "second-factor" | "totp-step"
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("user_id", id, (c) => c.references("users.id").onDelete("cascade"))
    // An invitation's address and role; a challenge's purpose and the like (JSON), per type.
    .addColumn("email", "text")
    .addColumn("role", "text")
    .addColumn("data", "text")
    .addColumn("created_by", id)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    // null: does not expire (recovery codes).
    .addColumn("expires_at", timestamp)
    .addColumn("used_at", timestamp)
    .addColumn("revoked_at", timestamp)
    .execute();
  await db.schema
    .createIndex("verifications_token_idx")
    .unique()
    .on("verifications")
    .columns(["type", "token_hash"])
    .execute();
  await db.schema.createIndex("verifications_user_idx").on("verifications").columns(["user_id", "type"]).execute();
  await db.schema.createIndex("verifications_expires_at_idx").on("verifications").column("expires_at").execute();

  await db.schema
    .createTable("passkeys")
    // The credential id, base64url.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "bigint", (c) => c.notNull())
    // JSON array of AuthenticatorTransport.
    .addColumn("transports", "text")
    .addColumn("device_type", "text")
    .addColumn("backed_up", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("last_used_at", timestamp)
    .execute();
  await db.schema.createIndex("passkeys_user_idx").on("passkeys").column("user_id").execute();

  await db.schema
    .createTable("team_settings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("require_second_factor", "integer", (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  // The key that encrypts TOTP secrets at rest (AES-256-GCM, repositories/users/): shared by every instance.
  await db
    .insertInto("server_secrets")
    .values({ name: "totp-key", value: randomBytes(32).toString("base64url") })
    .execute();

  await db
    .insertInto("team_settings")
    .values({ id: "team", require_second_factor: 0, updated_at: new Date().toISOString() })
    .execute();

  await db.schema
    .createTable("activity")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    // No foreign key: the record outlives a deleted user; actor_name keeps who it was.
    .addColumn("actor_id", id)
    .addColumn("actor_name", "text")
    // "sign-in" | "sign-in-failed" | "user" | "invitation" | "session" | "settings" | "status" | "assignment"
    // | "spam" | "note" | "follow-up" | "export" | "delete" (contract/activity.ts)
    .addColumn("kind", "text", (c) => c.notNull())
    // What happened, in words the Activity page shows ("changed Ana's role to member").
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("lead_kind", "text")
    .addColumn("lead_id", id)
    .addColumn("subject_user_id", id)
    .addColumn("data", "text")
    .execute();
  await db.schema.createIndex("activity_created_idx").on("activity").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("activity_actor_idx").on("activity").columns(["actor_id", "created_at", "id"]).execute();
  await db.schema.createIndex("activity_kind_idx").on("activity").columns(["kind", "created_at", "id"]).execute();
  await db.schema
    .createIndex("activity_lead_idx")
    .on("activity")
    .columns(["lead_kind", "lead_id", "created_at"])
    .execute();

  for (const table of leadTables) {
    await db.schema
      .alterTable(table)
      .addColumn("assignee_id", id, (c) => c.references("users.id").onDelete("set null"))
      .execute();
    await db.schema
      .createIndex(`${table}_assignee_idx`)
      .on(table)
      .columns(["assignee_id", "created_at", "id"])
      .execute();
    // "Assigned to me" / "Unassigned" by reply deadline. (No index for their counts per status: each one tried,
    // (assignee_id, status, read_at), (status, assignee_id, read_at) or partial on the unassigned, drew SQLite's
    // planner to it for the plain unread filter, 3.7 -> 83-102 ms; docs/benchmarks/admin.md.)
    await db.schema
      .createIndex(`${table}_assignee_deadline_idx`)
      .on(table)
      .columns(["assignee_id", "deadline_key", "id"])
      .execute();
  }
  // No foreign key: a note keeps its author's id after the user is deleted ("Deleted user").
  await db.schema.alterTable("lead_notes").addColumn("author_id", id).execute();
  await db.schema.alterTable("lead_events").addColumn("actor_id", id).execute();
  // An "assignment" event's new assignee (null: unassigned).
  await db.schema.alterTable("lead_events").addColumn("assignee_id", id).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("lead_events").dropColumn("assignee_id").execute();
  await db.schema.alterTable("lead_events").dropColumn("actor_id").execute();
  await db.schema.alterTable("lead_notes").dropColumn("author_id").execute();
  for (const table of leadTables) {
    await db.schema.dropIndex(`${table}_assignee_deadline_idx`).execute();
    await db.schema.dropIndex(`${table}_assignee_idx`).execute();
    await db.schema.alterTable(table).dropColumn("assignee_id").execute();
  }
  await db.schema.dropTable("activity").execute();
  await db.schema.dropTable("team_settings").execute();
  await db.deleteFrom("server_secrets").where("name", "=", "totp-key").execute();
  await db.schema.dropTable("passkeys").execute();
  await db.schema.dropTable("verifications").execute();
  await db.schema.dropIndex("sessions_id_idx").execute();
  for (const column of ["second_factor", "user_agent", "id"])
    await db.schema.alterTable("sessions").dropColumn(column).execute();
  for (const column of ["last_sign_in_at", "totp_enabled_at", "totp_secret", "deactivated_at", "name", "role"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
