import type { Kysely, Selectable } from "kysely";
import type { ContactSubmission, ContactSubmissionData } from "../../contract/contact-submission.ts";
import type { LeadStatus } from "../../contract/fields.ts";
import type { ContactSubmissionsTable, Database } from "../db/schema.ts";
import { leadCsvLine } from "./lead-csv.ts";
import { newLeadColumns } from "./new-lead.ts";
import { leadSearchText } from "./search-text.ts";

function toContactSubmission({ searchText: _searchText, csvLine: _csvLine, ...row }: Selectable<ContactSubmissionsTable>): ContactSubmission {
  return { ...row, products: JSON.parse(row.products) as string[], status: row.status as LeadStatus };
}

export function createContactSubmissionsRepository(db: Kysely<Database>) {
  return {
    async create(input: ContactSubmissionData, spam: { reason: string } | null = null): Promise<ContactSubmission> {
      const lead = {
        ...newLeadColumns(input, spam),
        products: JSON.stringify(input.products),
        meetingDate: input.meetingDate ?? null,
        meetingTime: input.meetingTime ?? null,
        timezone: input.timezone ?? null,
      };
      const row = await db
        .insertInto("contactSubmissions")
        .values({ ...lead, searchText: leadSearchText(input), csvLine: leadCsvLine("contacts", lead) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toContactSubmission(row);
    },

    async findById(id: string): Promise<ContactSubmission | undefined> {
      const row = await db.selectFrom("contactSubmissions").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toContactSubmission(row);
    },

    /** Newest first; ties on createdAt are broken by id so the order is stable. */
    async listNewest(limit?: number): Promise<ContactSubmission[]> {
      let query = db.selectFrom("contactSubmissions").selectAll().orderBy("createdAt", "desc").orderBy("id", "desc");
      if (limit !== undefined) query = query.limit(limit);
      return (await query.execute()).map(toContactSubmission);
    },

    async count(): Promise<number> {
      const { count } = await db
        .selectFrom("contactSubmissions")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}

export type ContactSubmissionsRepository = ReturnType<typeof createContactSubmissionsRepository>;
