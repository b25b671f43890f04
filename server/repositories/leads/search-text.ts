import type { Kysely } from "kysely";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { serviceTypeLabels, type ServiceType } from "../../../contract/lead-options.ts";
import type { Database } from "../../db/schema.ts";
import { leadTables, leadView } from "./lead-tables.ts";

// What the inbox search (`q`) matches, one lower-cased search_text per lead (decision 022: the database
// indexes it in a table of its own, kept in step by triggers): the name, e-mail, phone and company, an
// inquiry's message and service, and (issue 38) every note on the lead. Written when the lead is stored
// (write.ts) and again whenever its notes change (notes.ts); migration 0027 brought older rows up to date.

type SearchedLead = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company?: string | null;
  message?: string;
  serviceType?: string | null;
};

/** The search text of a lead and its notes' bodies (oldest first). */
export function leadSearchText(lead: SearchedLead, notes: readonly string[] = []): string {
  const parts = [`${lead.firstName} ${lead.lastName}`, lead.email, lead.phone, lead.company ?? ""];
  if (lead.message !== undefined) parts.push(lead.message);
  if (lead.serviceType) parts.push(serviceTypeLabels[lead.serviceType as ServiceType] ?? lead.serviceType);
  parts.push(...notes);
  return parts.join(" ").toLowerCase();
}

/** Writes the lead's search text again with its notes as they are now (in the caller's transaction). */
export async function refreshSearchText(db: Kysely<Database>, kind: LeadKind, leadId: string): Promise<void> {
  const lead = await leadView(db).selectFrom(leadTables[kind]).selectAll().where("id", "=", leadId).executeTakeFirst();
  if (!lead) return;
  const notes = await db
    .selectFrom("leadNotes")
    .select("body")
    .where("leadKind", "=", kind)
    .where("leadId", "=", leadId)
    .orderBy("createdAt", "asc")
    .execute();
  const text = leadSearchText(
    lead as SearchedLead,
    notes.map((note) => note.body),
  );
  await leadView(db).updateTable(leadTables[kind]).set({ searchText: text }).where("id", "=", leadId).execute();
}
