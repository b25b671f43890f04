import type { Kysely, Selectable } from "kysely";
import type { LeadStatus } from "../../contract/fields.ts";
import type { Budget, ServiceInquiry, ServiceInquiryData, ServiceType } from "../../contract/service-inquiry.ts";
import type { Database, ServiceInquiriesTable } from "../db/schema.ts";
import { leadCsvLine } from "./lead-csv.ts";
import { newLeadColumns } from "./new-lead.ts";
import { leadSearchText } from "./search-text.ts";

function toServiceInquiry({ searchText: _searchText, csvLine: _csvLine, ...row }: Selectable<ServiceInquiriesTable>): ServiceInquiry {
  return {
    ...row,
    serviceType: row.serviceType as ServiceType,
    budget: row.budget as Budget | null,
    status: row.status as LeadStatus,
  };
}

export function createServiceInquiriesRepository(db: Kysely<Database>) {
  return {
    async create(input: ServiceInquiryData, spam: { reason: string } | null = null): Promise<ServiceInquiry> {
      const lead = {
        ...newLeadColumns(input, spam),
        serviceType: input.serviceType,
        budget: input.budget ?? null,
        message: input.message,
      };
      const row = await db
        .insertInto("serviceInquiries")
        .values({ ...lead, searchText: leadSearchText(input), csvLine: leadCsvLine("inquiries", lead) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toServiceInquiry(row);
    },

    async findById(id: string): Promise<ServiceInquiry | undefined> {
      const row = await db.selectFrom("serviceInquiries").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toServiceInquiry(row);
    },

    /** Newest first; ties on createdAt are broken by id so the order is stable. */
    async listNewest(limit?: number): Promise<ServiceInquiry[]> {
      let query = db.selectFrom("serviceInquiries").selectAll().orderBy("createdAt", "desc").orderBy("id", "desc");
      if (limit !== undefined) query = query.limit(limit);
      return (await query.execute()).map(toServiceInquiry);
    },

    async count(): Promise<number> {
      const { count } = await db
        .selectFrom("serviceInquiries")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}

export type ServiceInquiriesRepository = ReturnType<typeof createServiceInquiriesRepository>;
