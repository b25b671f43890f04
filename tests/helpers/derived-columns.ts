import { sql, type Kysely } from "kysely";
import { isPostgres } from "../../server/db/dialect.ts";
import type { Database } from "../../server/db/schema.ts";

// The derived columns of the lead tables (issue 34's start-up backfill), for the tests that forget them as
// an older instance left them and count the rows written while the code runs.

export const DERIVED = ["channel", "emailKey", "phoneKey", "personId", "previousLeadAt"] as const;
export type Derived = { id: string; createdAt: string } & Record<(typeof DERIVED)[number], string | null>;

/** The derived columns of every lead, in order of arrival. */
export async function derived(db: Kysely<Database>): Promise<{ contacts: Derived[]; inquiries: Derived[] }> {
  const read = (table: "contactSubmissions" | "serviceInquiries") =>
    db
      .selectFrom(table)
      .select(["id", "createdAt", ...DERIVED])
      .orderBy("createdAt")
      .orderBy("id")
      .execute() as Promise<Derived[]>;
  return { contacts: await read("contactSubmissions"), inquiries: await read("serviceInquiries") };
}

/** As an instance older than each derived column left the leads: none of them written. */
export async function forgetDerivedColumns(db: Kysely<Database>) {
  for (const table of ["contactSubmissions", "serviceInquiries"] as const) {
    await db
      .updateTable(table)
      .set({
        channel: null,
        emailKey: null,
        phoneKey: null,
        personId: null,
        previousLeadAt: null,
        replyBy: null,
        deadlineKey: null,
        exportCells: null,
      })
      .execute();
  }
}

/** From now on every row inserted, updated or deleted in a lead table adds a row to lead_writes. */
export async function countWrites(db: Kysely<Database>) {
  await sql`create table lead_writes (n integer not null)`.execute(db);
  if (isPostgres(db)) {
    await sql`create function count_lead_write() returns trigger language plpgsql as $$ begin insert into lead_writes values (1); return null; end $$`.execute(
      db,
    );
  }
  for (const table of ["contact_submissions", "service_inquiries"]) {
    if (isPostgres(db)) {
      await sql`create trigger ${sql.id(`${table}_writes`)} after insert or update or delete on ${sql.table(table)} for each row execute function count_lead_write()`.execute(
        db,
      );
    } else {
      for (const event of ["insert", "update", "delete"]) {
        await sql`create trigger ${sql.id(`${table}_${event}s`)} after ${sql.raw(event)} on ${sql.table(table)} begin insert into lead_writes values (1); end`.execute(
          db,
        );
      }
    }
  }
}

/** The rows written to the lead tables since countWrites or the last resetWrites. */
export async function writes(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from lead_writes`.execute(db);
  return Number(rows[0]!.n);
}

export async function resetWrites(db: Kysely<Database>) {
  await sql`delete from lead_writes`.execute(db);
}
