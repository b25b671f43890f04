import type { Kysely, Selectable } from "kysely";
import type { ContactLead, InquiryLead, LeadKind } from "../../../contract/admin-leads.ts";
import { replyByOf } from "../../../contract/reply-window.ts";
import type { ContactSubmissionData } from "../../../contract/contact-submission.ts";
import type { ServiceInquiryData } from "../../../contract/service-inquiry.ts";
import type { ContactSubmissionsTable, Database, ServiceInquiriesTable } from "../../db/schema.ts";

// The one map from a kind of lead to its table, and the one mapper from a stored row to the API's lead.
// Every module of the lead repository goes through these two.

/** Table names as Kysely sees them (camelCase, CamelCasePlugin) and as raw SQL needs them. */
export const leadTables = { contacts: "contactSubmissions", inquiries: "serviceInquiries" } as const satisfies Record<LeadKind, keyof Database>;
export const leadSqlTables = { contacts: "contact_submissions", inquiries: "service_inquiries" } as const satisfies Record<LeadKind, string>;

export type LeadRows = { contacts: Selectable<ContactSubmissionsTable>; inquiries: Selectable<ServiceInquiriesTable> };
export type LeadOf = { contacts: ContactLead; inquiries: InquiryLead };
/** What a form sends, as the contract parses it. */
export type LeadInputOf = { contacts: ContactSubmissionData; inquiries: ServiceInquiryData };

/**
 * Both lead tables share the columns the inbox filters and sorts on, but Kysely cannot type a table
 * chosen at run time: the lead modules query through this untyped view and map rows with toLead.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyDb = Kysely<any>;
export function untyped(db: Kysely<Database>): AnyDb {
  return db as unknown as AnyDb;
}

/**
 * A stored row as the API returns it: products parsed, the reply deadline worked out (replyByOf), the
 * derived columns (search text, CSV line, deadline order's key) left out.
 */
export function toLead<K extends LeadKind>(kind: K, row: LeadRows[K]): LeadOf[K];
export function toLead(kind: LeadKind, row: LeadRows[LeadKind]): LeadOf[LeadKind] {
  const { searchText: _searchText, csvLine: _csvLine, deadlineKey: _deadlineKey, ...stored } = row;
  const lead = { ...stored, replyBy: replyByOf(stored.createdAt, stored.formName) };
  if (kind === "contacts") {
    const contact = lead as typeof lead & Pick<LeadRows["contacts"], "products">;
    return { ...contact, products: JSON.parse(contact.products) as string[] } as ContactLead;
  }
  return lead as InquiryLead;
}
