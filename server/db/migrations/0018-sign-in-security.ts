import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// The sign-in's security findings (issue 32, docs/sign-in.md). Owner: server/repositories/users/.
// - sessions.proven_at: when the session's user last proved who they are (the sign-in itself, or a
//   re-confirmation with the password or a factor). Adding or removing a second factor needs a proof of the
//   last five minutes, so a stolen session alone cannot add a passkey or lock a member out with an app.
//   Sessions from before count as proven when they began.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const timestamp = isPostgres(db) ? sql`timestamptz` : sql`text`;
  await db.schema.alterTable("sessions").addColumn("proven_at", timestamp).execute();
  await sql`update sessions set proven_at = created_at`.execute(db);
}
