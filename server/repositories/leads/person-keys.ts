import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { channelOf } from "../../../contract/lead-channels.ts";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { leadKinds } from "../../../contract/admin-leads.ts";
import type { Database } from "../../db/schema.ts";
import { leadSqlTables, leadTables, leadView, type LeadExpressionBuilder } from "./lead-tables.ts";

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
export async function personAndPrevious(
  db: Kysely<Database>,
  keys: Keys,
): Promise<{ personId: string | null; previousLeadAt: string | null }> {
  const personId = await personOf(db, keys);
  if (personId === null) return { personId: null, previousLeadAt: null };
  const latest = await Promise.all(
    leadKinds.map((kind) =>
      leadView(db)
        .selectFrom(leadTables[kind])
        .select((eb) => eb.fn.max("createdAt").as("at"))
        .where("personId", "=", personId)
        .executeTakeFirst(),
    ),
  );
  const times = latest.map((row) => row?.at).filter((at): at is string => typeof at === "string" && at !== "");
  return { personId, previousLeadAt: times.length > 0 ? times.sort().at(-1)! : null };
}

/** The person of the first lead, of either kind, with this e-mail address or else this phone number; null: a new person. */
export async function personOf(db: Kysely<Database>, { emailKey, phoneKey }: Keys): Promise<string | null> {
  for (const [column, key] of [
    ["emailKey", emailKey],
    ["phoneKey", phoneKey],
  ] as const) {
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

type SourceOfRow = {
  email: string;
  phone: string;
  utmSource: string | null;
  utmMedium: string | null;
  clickId: string | null;
  referrer: string | null;
};

/** The derived columns of a lead: its channel and its person keys (its person is personOf's). */
export function derivedLeadColumns(lead: SourceOfRow) {
  return {
    channel: channelOf(lead),
    emailKey: emailKeyOf(lead.email),
    phoneKey: phoneKeyOf(lead.phone),
  };
}

/** A lead's place in the order of arrival: (created_at, id), the id breaking a tie. */
type Arrival = { createdAt: string; id: string };
/** A lead that has its person. */
type Keyed = Arrival & Keys & { personId: string };

/**
 * Writes the channel, keys and person of the `limit` first-arrived leads, of both kinds, that have none:
 * leads stored before migration 0017 (or by an older instance during a rolling deploy). One order across
 * both tables, (created_at, id), each lead matched by personOf's rule against the leads that arrived before
 * it only: every lead gets the person and previous lead it would have got had it arrived under the current
 * code. The start-up step's (start-up-backfills.ts), called until it answers 0; no read writes them.
 */
export async function writeMissingPersonKeys(db: Kysely<Database>, limit: number): Promise<number> {
  // Each table's first `limit` unkeyed leads (through its partial index of them) hold the first `limit` of both.
  const firsts = await Promise.all(
    leadKinds.map(async (kind) =>
      (
        await leadView(db)
          .selectFrom(leadTables[kind])
          .select(["id", "createdAt", "email", "phone", "utmSource", "utmMedium", "clickId", "referrer"])
          .where("personId", "is", null)
          .orderBy("createdAt")
          .orderBy("id")
          .limit(limit)
          .execute()
      ).map((row) => ({ ...row, kind, ...derivedLeadColumns(row) })),
    ),
  );
  const rows = firsts.flat().sort(compareArrival).slice(0, limit);
  if (rows.length === 0) return 0;
  // The keyed leads this batch can meet, read at once rather than a few statements per lead; each lead of
  // the batch joins them as it is keyed, so a later one can match it.
  const known = new KnownLeads(await keyedLeadsMet(db, rows, rows.at(-1)!));
  for (const row of rows) {
    const person = known.personOf(row, row);
    const personId = person ?? row.id;
    const previousLeadAt = person === null ? null : known.latestOf(person, row);
    await writeDerived(db, row.kind, row.id, { ...row, personId, previousLeadAt });
    known.add({ id: row.id, createdAt: row.createdAt, emailKey: row.emailKey, phoneKey: row.phoneKey, personId });
  }
  return rows.length;
}

/** The keyed leads, arrived by `last`, with one of the rows' e-mail or phone keys, and every lead of their people. */
async function keyedLeadsMet(db: Kysely<Database>, rows: readonly Keys[], last: Arrival): Promise<Keyed[]> {
  const emailKeys = [...new Set(rows.map((row) => row.emailKey).filter((key) => key !== null))];
  const phoneKeys = [...new Set(rows.map((row) => row.phoneKey).filter((key) => key !== null))];
  const read = (where: (eb: LeadExpressionBuilder) => Expression<SqlBool>) =>
    Promise.all(
      leadKinds.map((kind) =>
        leadView(db)
          .selectFrom(leadTables[kind])
          .select(["id", "createdAt", "emailKey", "phoneKey", "personId"])
          .where("personId", "is not", null)
          .where("createdAt", "<=", last.createdAt)
          .where(where)
          .execute(),
      ),
    ).then((lists) => lists.flat() as Keyed[]);
  if (emailKeys.length === 0 && phoneKeys.length === 0) return [];
  const matched = await read((eb) =>
    eb.or([
      ...(emailKeys.length > 0 ? [eb("emailKey", "in", emailKeys)] : []),
      ...(phoneKeys.length > 0 ? [eb("phoneKey", "in", phoneKeys)] : []),
    ]),
  );
  const people = [...new Set(matched.map((lead) => lead.personId))];
  return people.length === 0 ? [] : read((eb) => eb("personId", "in", people));
}

/** Keyed leads by e-mail key, phone key and person: personOf and personAndPrevious over them, as of a lead's arrival. */
class KnownLeads {
  private readonly by = {
    emailKey: new Map<string, Keyed[]>(),
    phoneKey: new Map<string, Keyed[]>(),
    personId: new Map<string, Keyed[]>(),
  };

  constructor(leads: readonly Keyed[]) {
    for (const lead of leads) this.add(lead);
  }

  add(lead: Keyed): void {
    for (const column of ["emailKey", "phoneKey", "personId"] as const) {
      const key = lead[column];
      if (key === null) continue;
      const list = this.by[column].get(key);
      if (list) list.push(lead);
      else this.by[column].set(key, [lead]);
    }
  }

  /** personOf's answer for a lead arriving at `at`: the person of the first lead before it with its e-mail, else its phone. */
  personOf(keys: Keys, at: Arrival): string | null {
    for (const column of ["emailKey", "phoneKey"] as const) {
      const key = keys[column];
      const before =
        key === null ? [] : (this.by[column].get(key) ?? []).filter((lead) => compareArrival(lead, at) < 0);
      if (before.length > 0)
        return before.reduce((first, lead) => (compareArrival(lead, first) < 0 ? lead : first)).personId;
    }
    return null;
  }

  /** When the person's latest lead before `at` arrived. */
  latestOf(personId: string, at: Arrival): string | null {
    const before = (this.by.personId.get(personId) ?? []).filter((lead) => compareArrival(lead, at) < 0);
    return before.length === 0
      ? null
      : before.reduce((latest, lead) => (lead.createdAt > latest ? lead.createdAt : latest), before[0]!.createdAt);
  }
}

/** The order of arrival, as the databases sort (created_at, id): ISO times and lower-case ids compare as text. */
function compareArrival(a: Arrival, b: Arrival): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

async function writeDerived(
  db: Kysely<Database>,
  kind: LeadKind,
  id: string,
  values: Keys & { channel: string; personId: string; previousLeadAt: string | null },
) {
  await sql`update ${sql.table(leadSqlTables[kind])} set channel = ${values.channel}, email_key = ${values.emailKey}, phone_key = ${values.phoneKey},
    person_id = ${values.personId}, previous_lead_at = ${values.previousLeadAt} where id = ${id}`.execute(db);
}
