import type { Kysely } from "kysely";

// Leads that trip the spam guard are kept (status "spam") with the reason, so the owner can rescue them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contact_submissions").addColumn("spam_reason", "text").execute();
  await db.schema.alterTable("service_inquiries").addColumn("spam_reason", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("service_inquiries").dropColumn("spam_reason").execute();
  await db.schema.alterTable("contact_submissions").dropColumn("spam_reason").execute();
}
