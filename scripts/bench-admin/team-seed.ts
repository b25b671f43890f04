import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { activityKinds } from "../../contract/activity.ts";
import { isPostgres } from "../../server/db/dialect.ts";
import type { Database } from "../../server/db/schema.ts";
import { hashPassword } from "../../server/lib/passwords.ts";

// The team in the admin benchmark (issue 23): `users` users (the bench's own owner among them), about half
// the leads assigned among them round robin, and `activityRows` activity records over the last year with
// a realistic mix of kinds and actors.

const DAY_MS = 86_400_000;

export async function seedTeam(
  db: Kysely<Database>,
  adminId: string,
  options: { users: number; activityRows: number },
): Promise<{ members: string[] }> {
  const hash = await hashPassword("a bench member's password");
  const members: string[] = [adminId];
  for (let i = 1; i < options.users; i += 1) {
    const id = randomUUID();
    members.push(id);
    await db
      .insertInto("users")
      .values({
        id,
        username: `member${i}@bench.example`,
        passwordHash: hash,
        role: i < 3 ? "owner" : "member",
        name: `Member ${i}`,
        updatedAt: new Date().toISOString(),
      })
      .execute();
  }

  // Ids are random UUIDs: their first byte spreads leads evenly. Bytes 00-7f stay unassigned; 80-ff go
  // round robin to the users.
  const pg = isPostgres(db);
  for (const table of ["contact_submissions", "service_inquiries"]) {
    for (let u = 0; u < members.length; u += 1) {
      const bytes: string[] = [];
      for (let b = 128 + u; b < 256; b += members.length) bytes.push(b.toString(16).padStart(2, "0"));
      const prefix = pg ? sql`substr(id::text, 1, 2)` : sql`substr(id, 1, 2)`;
      await sql`update ${sql.table(table)} set assignee_id = ${members[u]} where ${prefix} in (${sql.join(bytes)})`.execute(
        db,
      );
    }
  }

  const now = Date.now();
  const batch = 500;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < options.activityRows; start += batch) {
      const rows = [];
      for (let i = start; i < Math.min(start + batch, options.activityRows); i += 1) {
        // Lead work is most of a team's day; sign-ins and settings are rare.
        const kind =
          i % 10 < 7
            ? (["status", "note", "assignment", "follow-up", "spam"] as const)[i % 5]!
            : activityKinds[i % activityKinds.length]!;
        const actor = members[i % members.length]!;
        rows.push({
          id: randomUUID(),
          createdAt: new Date(
            now - Math.floor(((options.activityRows - i) / options.activityRows) * 365 * DAY_MS),
          ).toISOString(),
          actorId: actor,
          actorName: `Member ${i % members.length}`,
          kind,
          summary: `${kind} record ${i}`,
          leadKind: kind === "sign-in" || kind === "settings" ? null : "contacts",
          leadId: kind === "sign-in" || kind === "settings" ? null : randomUUID(),
          subjectUserId: null,
          data: null,
        });
      }
      await trx.insertInto("activity").values(rows).execute();
    }
  });
  return { members };
}
