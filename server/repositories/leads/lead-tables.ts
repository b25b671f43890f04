import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import { leadKinds, type ContactLead, type InquiryLead, type LeadKind } from "../../../contract/admin-leads.ts";
import { channelOf, type LeadChannel } from "../../../contract/lead-channels.ts";
import { replyByOf } from "../../../contract/reply-window.ts";
import { fromCents } from "../../../contract/money.ts";
import { defaultBusinessHours } from "../../../contract/business-hours.ts";
import type { ContactSubmissionData } from "../../../contract/contact-submission.ts";
import type { ServiceInquiryData } from "../../../contract/service-inquiry.ts";
import type { ContactSubmissionsTable, Database, ServiceInquiriesTable, SharedLeadColumns } from "../../db/schema.ts";

// The one map from a kind of lead to its table, and the one mapper from a stored row to the API's lead.
// Every module of the lead repository goes through these two.

/** Table names as Kysely sees them (camelCase, CamelCasePlugin) and as raw SQL needs them. */
export const leadTables = { contacts: "contactSubmissions", inquiries: "serviceInquiries" } as const satisfies Record<
  LeadKind,
  keyof Database
>;
export const leadSqlTables = {
  contacts: "contact_submissions",
  inquiries: "service_inquiries",
} as const satisfies Record<LeadKind, string>;

export type LeadRows = { contacts: Selectable<ContactSubmissionsTable>; inquiries: Selectable<ServiceInquiriesTable> };
export type LeadOf = { contacts: ContactLead; inquiries: InquiryLead };
/** What a form sends, as the contract parses it. */
export type LeadInputOf = { contacts: ContactSubmissionData; inquiries: ServiceInquiryData };

/** The lead tables' names as Kysely sees them. */
export type LeadTableName = (typeof leadTables)[LeadKind];

/**
 * The database with either lead table seen through the columns they share (SharedLeadColumns, declared
 * once in db/schema.ts): Kysely cannot type a table chosen at run time (`leadTables[kind]`), so the lead
 * modules query through this view, where a column the two tables do not both have (or a misspelt one)
 * fails tsc. A kind's own columns (products,
 * serviceType…) are named through the kind's own table, or in SQL (filters.ts).
 */
export type LeadDatabase = Omit<Database, LeadTableName> & Record<LeadTableName, SharedLeadColumns>;
/** A WHERE clause's builder on either lead table. */
export type LeadExpressionBuilder = ExpressionBuilder<LeadDatabase, LeadTableName>;

/** A row of either lead table as the view types it. */
export type SharedLeadRow = Selectable<SharedLeadColumns>;

/**
 * A whole row of the kind read through the view (selectAll, returningAll): every column of the kind's
 * table is there at run time, the view's type names only the shared ones. The one place that says so.
 */
export function wholeRow<K extends LeadKind>(_kind: K, row: SharedLeadRow): LeadRows[K] {
  return row as LeadRows[K];
}

/** `db` through the shared-columns view (no cast: both tables have every shared column, typed alike). */
export function leadView(db: Kysely<Database>): Kysely<LeadDatabase> {
  return db;
}

/**
 * A lead's stored reply deadline. A row stored before migration 0020 has it written at start-up
 * (reply-by-backfill.ts): until then, the default hours' deadline.
 */
export function storedReplyBy(row: { createdAt: string; formName: string | null; replyBy: string | null }): string {
  return row.replyBy ?? replyByOf(row.createdAt, row.formName, defaultBusinessHours);
}

/**
 * A stored row as the API returns it: products parsed, the reply deadline worked out (replyByOf), the
 * derived columns (search text, CSV line, deadline order's key, person keys) left out.
 */
export function toLead<K extends LeadKind>(kind: K, row: LeadRows[K]): LeadOf[K];
export function toLead(kind: LeadKind, row: LeadRows[LeadKind]): LeadOf[LeadKind] {
  const {
    searchText: _searchText,
    exportCells: _exportCells,
    csvLine: _csvLine,
    deadlineKey: _deadlineKey,
    emailKey: _emailKey,
    phoneKey: _phoneKey,
    personId: _personId,
    previousLeadAt: _previousLeadAt,
    replyToken: _replyToken,
    wonValueCents,
    ...stored
  } = row;
  // A row from before migration 0017 has its channel written later (person-keys.ts): the same rule meanwhile.
  const channel = (stored.channel as LeadChannel | null) ?? channelOf(stored);
  const value = wonValueCents === null ? null : fromCents(wonValueCents);
  const lead = { ...stored, channel, replyBy: storedReplyBy(stored), value };
  if (kind === "contacts") {
    const contact = lead as typeof lead & Pick<LeadRows["contacts"], "products">;
    return { ...contact, products: JSON.parse(contact.products) as string[] } as ContactLead;
  }
  return lead as InquiryLead;
}

/**
 * The start-up writers' one loop (start-up-backfills.ts): up to `limit` leads of each kind whose `column` is
 * null, whole rows, handed to `write` a kind at a time; answers how many there were in all.
 */
export async function writeWhereMissing(
  db: Kysely<Database>,
  column: "deadlineKey" | "exportCells" | "replyBy",
  limit: number,
  write: <K extends LeadKind>(kind: K, leads: LeadRows[K][]) => Promise<void>,
): Promise<number> {
  let written = 0;
  for (const kind of leadKinds) {
    const rows = await leadView(db)
      .selectFrom(leadTables[kind])
      .selectAll()
      .where(column, "is", null)
      .limit(limit)
      .execute();
    if (rows.length === 0) continue;
    await write(
      kind,
      rows.map((row) => wholeRow(kind, row)),
    );
    written += rows.length;
  }
  return written;
}
