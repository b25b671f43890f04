import { sql, type Kysely } from "kysely";
import { channelOf } from "../../../contract/lead-channels.ts";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { leadKinds } from "../../../contract/admin-leads.ts";
import type { Database } from "../../db/schema.ts";
import { leadSqlTables, leadTables, leadView } from "./lead-tables.ts";

// The same person twice (issue 24): leads with the same e-mail address (case-insensitive) or the same
// phone number (its digits) belong to one person, whose id is the id of the first such lead. A lead
// takes its person when it is stored (write.ts) and keeps it: nothing is merged or rewritten later, so
// a lead that matches two people (one by e-mail, another by phone) joins the one its e-mail names.
// The channel (contract/lead-channels.ts) is worked out at the same time.

/** A phone with fewer digits than this is not a number anyone can call back: it links nobody. */
const MIN_PHONE_DIGITS = 7;

/** The e-mail address as people are matched by it: trimmed, lower-cased. */
export function emailKeyOf(email: string): string | null {
  const key = email.trim().toLowerCase();
  return key === "" ? null : key;
}

/**
 * The phone number as people are matched by it: its digits only ("(555) 010-2000" -> "5550102000"),
 * without the North American country code, which people write or leave out ("+1 555 010 2000").
 */
export function phoneKeyOf(phone: string): string | null {
  let digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return digits.length >= MIN_PHONE_DIGITS ? digits : null;
}

type Keys = { emailKey: string | null; phoneKey: string | null };

/**
 * The person a new lead belongs to (personOf) and when their latest lead arrived (null: a new person, whose
 * id is then the new lead's).
 */
export async function personAndPrevious(db: Kysely<Database>, keys: Keys): Promise<{ personId: string | null; previousLeadAt: string | null }> {
  const personId = await personOf(db, keys);
  if (personId === null) return { personId: null, previousLeadAt: null };
  const latest = await Promise.all(
    leadKinds.map((kind) =>
      leadView(db).selectFrom(leadTables[kind]).select((eb) => eb.fn.max("createdAt").as("at")).where("personId", "=", personId).executeTakeFirst(),
    ),
  );
  const times = latest.map((row) => row?.at).filter((at): at is string => typeof at === "string" && at !== "");
  return { personId, previousLeadAt: times.length > 0 ? times.sort().at(-1)! : null };
}

/** The person of the first lead, of either kind, with this e-mail address or else this phone number; null: a new person. */
export async function personOf(db: Kysely<Database>, { emailKey, phoneKey }: Keys): Promise<string | null> {
  for (const [column, key] of [["emailKey", emailKey], ["phoneKey", phoneKey]] as const) {
    if (key === null) continue;
    const firsts = await Promise.all(
      leadKinds.map((kind) =>
        leadView(db)
          .selectFrom(leadTables[kind])
          .select(["personId", "createdAt"])
          .where(column, "=", key)
          .where("personId", "is not", null)
          .orderBy("createdAt")
          .limit(1)
          .executeTakeFirst(),
      ),
    );
    const first = firsts.filter((row) => row !== undefined).sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
    if (first?.personId) return first.personId;
  }
  return null;
}

type SourceOfRow = { email: string; phone: string; utmSource: string | null; utmMedium: string | null; clickId: string | null; referrer: string | null };

/** The derived columns of a lead: its channel and its person keys (its person is personOf's). */
export function derivedLeadColumns(lead: SourceOfRow) {
  return {
    channel: channelOf(lead),
    emailKey: emailKeyOf(lead.email),
    phoneKey: phoneKeyOf(lead.phone),
  };
}

const BATCH = 500;

/**
 * Writes the channel, keys and person of the leads stored before migration 0017 (or by an older instance
 * during a rolling deploy), oldest first, so the first lead of a person names it. The reports and the
 * related leads call it first: through the partial index of unkeyed rows, a seek when there are none.
 */
export async function writeMissingPersonKeys(db: Kysely<Database>): Promise<number> {
  let written = 0;
  for (;;) {
    const batches = await Promise.all(
      leadKinds.map(async (kind) =>
        (
          await leadView(db)
            .selectFrom(leadTables[kind])
            .select(["id", "createdAt", "email", "phone", "utmSource", "utmMedium", "clickId", "referrer"])
            .where("personId", "is", null)
            .orderBy("createdAt")
            .orderBy("id")
            .limit(BATCH)
            .execute()
        ).map((row) => ({ ...row, kind })),
      ),
    );
    const rows = batches.flat().sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    if (rows.length === 0) return written;
    for (const row of rows) {
      const derived = derivedLeadColumns(row);
      const { personId, previousLeadAt } = await personAndPrevious(db, derived);
      await writeDerived(db, row.kind, row.id, { ...derived, personId: personId ?? row.id, previousLeadAt });
    }
    written += rows.length;
  }
}

async function writeDerived(db: Kysely<Database>, kind: LeadKind, id: string, values: Keys & { channel: string; personId: string; previousLeadAt: string | null }) {
  await sql`update ${sql.table(leadSqlTables[kind])} set channel = ${values.channel}, email_key = ${values.emailKey}, phone_key = ${values.phoneKey},
    person_id = ${values.personId}, previous_lead_at = ${values.previousLeadAt} where id = ${id}`.execute(db);
}
