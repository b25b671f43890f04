import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { deadlineKey, replyByOf } from "../../../contract/reply-window.ts";
import { readBusinessHours } from "../business-hours-repository.ts";
import type { Database } from "../../db/schema.ts";
import { leadExportCells } from "./export-cells.ts";
import { insertDeliveries, type DeliveryPlanner } from "./deliveries.ts";
import { spendFormToken, type FormTokenUse } from "./form-token-uses.ts";
import { derivedLeadColumns, personAndPrevious } from "./person-keys.ts";
import { toLead, wholeRow, type LeadInputOf, type LeadOf } from "./lead-tables.ts";
import { leadSearchText } from "./search-text.ts";

// Storing a new lead: the only code that inserts into the lead tables (besides the seed data, which
// builds its rows with leadSearchText and leadExportCells too).

export type SpamVerdict = { reason: string } | null;

/** Why a lead whose form token another lead had spent is spam (a bot replaying one token). */
export const FORM_TOKEN_REUSED = "The form token was already used by another lead (a replayed token)";

/** The stored columns of a new lead, without the derived ones (search text, CSV line, deadline order's key). */
function newLeadColumns<K extends LeadKind>(kind: K, input: LeadInputOf[K], spam: SpamVerdict, now: Date) {
  const common = {
    id: randomUUID(),
    // Milliseconds, set here rather than by the database, so keyset cursors compare exactly on both dialects.
    createdAt: now.toISOString(),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    company: input.company ?? null,
    pagePath: input.pagePath ?? null,
    formName: input.formName ?? null,
    utmSource: input.utmSource ?? null,
    utmMedium: input.utmMedium ?? null,
    utmCampaign: input.utmCampaign ?? null,
    utmTerm: input.utmTerm ?? null,
    utmContent: input.utmContent ?? null,
    referrer: input.referrer ?? null,
    landingPath: input.landingPath ?? null,
    clickId: input.clickId ?? null,
    status: spam ? ("spam" as const) : ("new" as const),
    spamReason: spam?.reason ?? null,
    readAt: null,
  };
  if (kind === "contacts") {
    const contact = input as LeadInputOf["contacts"];
    return {
      ...common,
      products: JSON.stringify(contact.products),
      meetingDate: contact.meetingDate ?? null,
      meetingTime: contact.meetingTime ?? null,
      timezone: contact.timezone ?? null,
    };
  }
  const inquiry = input as LeadInputOf["inquiries"];
  return { ...common, serviceType: inquiry.serviceType, budget: inquiry.budget ?? null, message: inquiry.message };
}

/**
 * Stores a lead (as spam when `spam` says why), created at `now` (the app's clock), with its deliveries, in
 * one transaction (the caller's, when it runs in one), and returns it as the API shows it. `token`, the lead's form token when it is ours, is
 * spent in that transaction: a token another lead spent makes this one spam. A lead stored as spam gets no
 * deliveries: rescuing it writes them (inbox.ts).
 */
export async function insertLead<K extends LeadKind>(
  db: Kysely<Database>,
  kind: K,
  input: LeadInputOf[K],
  spam: SpamVerdict,
  plan: DeliveryPlanner,
  now: Date,
  token: FormTokenUse | null = null,
): Promise<LeadOf[K]> {
  return inTransaction(db, async (trx) => {
    const replayed = token !== null && !(await spendFormToken(trx, token));
    const lead = newLeadColumns(kind, input, spam ?? (replayed ? { reason: FORM_TOKEN_REUSED } : null), now);
    const derived = derivedLeadColumns(lead);
    // The person: the first lead with this e-mail or phone, or this one (person-keys.ts); and their latest lead.
    const person = await personAndPrevious(trx, derived);
    // The reply deadline under the business hours as they are now (stored: "Now" and the reports compare it).
    const replyBy = replyByOf(lead.createdAt, lead.formName, await readBusinessHours(trx));
    const values = {
      ...lead,
      ...derived,
      personId: person.personId ?? lead.id,
      previousLeadAt: person.previousLeadAt,
      searchText: leadSearchText(lead),
      exportCells: leadExportCells(kind, { ...lead, ...derived }),
      replyBy,
      deadlineKey: deadlineKey({ ...lead, replyBy }),
    };
    // Each kind into its own table, typed with all its columns.
    const row =
      "products" in values
        ? await trx.insertInto("contactSubmissions").values(values).returningAll().executeTakeFirstOrThrow()
        : await trx.insertInto("serviceInquiries").values(values).returningAll().executeTakeFirstOrThrow();
    if (lead.status !== "spam")
      await insertDeliveries(
        trx,
        kind,
        row.id,
        await plan(trx, row, "new", new Date(row.createdAt)),
        new Date(row.createdAt),
      );
    return toLead(kind, wholeRow(kind, row));
  });
}

/** Runs `work` in the transaction `db` already is, or in a new one. */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
