import type { Kysely } from "kysely";

// Quiet hours per user (issue 36, point 4): whole hours on the user's own clock. Null start: never set
// (off). Kept when turned off, so turning them on again offers the same hours. The flag is 0/1, as elsewhere.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("quiet_hours_enabled", "integer").execute();
  await db.schema.alterTable("users").addColumn("quiet_hours_start", "integer").execute();
  await db.schema.alterTable("users").addColumn("quiet_hours_end", "integer").execute();
  await db.schema.alterTable("users").addColumn("quiet_hours_time_zone", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["quiet_hours_time_zone", "quiet_hours_end", "quiet_hours_start", "quiet_hours_enabled"])
    await db.schema.alterTable("users").dropColumn(column).execute();
}
