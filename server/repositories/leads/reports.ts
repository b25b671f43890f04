import { sql, type Kysely, type RawBuilder } from "kysely";
import { leadKinds, type LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import type { RelatedLead, ReportDimension } from "../../../contract/reports.ts";
import type { Database } from "../../db/schema.ts";
import { leadSqlTables, leadTables, leadView } from "./lead-tables.ts";
import { writeMissingPersonKeys } from "./person-keys.ts";

// What the reports (server/reports/) read from the lead tables: leads and people of a period by channel,
// campaign, landing page, form or week; the answer times of a period's leads; a person's other leads.
// Spam is never counted. Each is one statement over both tables, a range of the created_at index.

/** A range of arrival instants, [start, end). */
export type InstantRange = { start: string; end: string };

export type LeadGroup = { key: string | null; leads: number; people: number };

/** The group's expression: weeks as the Monday (a date) of the owner's week each lead arrived in. */
function groupExpression(by: ReportDimension | "all", weeks: readonly { key: string; start: string }[]): RawBuilder<string | null> {
  switch (by) {
    case "channel":
      return sql`channel`;
    case "campaign":
      return sql`utm_campaign`;
    case "landing":
      // The page the visit started on; a lead sent before it was recorded (or without a script) has its form's page.
      return sql`coalesce(landing_path, page_path)`;
    case "form":
      return sql`form_name`;
    case "week": {
      // Latest week first: the first boundary a lead is at or after names its week.
      const cases = [...weeks].reverse().map((week) => sql`when created_at >= ${week.start} then ${week.key}`);
      return sql`case ${sql.join(cases, sql` `)} end`;
    }
    case "all":
      return sql`'all'`;
  }
}

/** Both lead tables' rows of the range (not spam) as one derived table with `columns`. */
function periodLeads(range: InstantRange, columns: RawBuilder<unknown>) {
  const parts = leadKinds.map(
    (kind) => sql`select ${columns} from ${sql.table(leadSqlTables[kind])} where created_at >= ${range.start} and created_at < ${range.end} and status <> 'spam'`,
  );
  return sql`(${sql.join(parts, sql` union all `)})`;
}

export function createLeadReports(db: Kysely<Database>) {
  return {
    /** Leads and people (distinct persons) of the range, per group. */
    async groups(by: ReportDimension | "all", range: InstantRange, weeks: readonly { key: string; start: string }[] = []): Promise<LeadGroup[]> {
      await writeMissingPersonKeys(db);
      const key = groupExpression(by, weeks);
      const { rows } = await sql<{ key: string | null; leads: number | string; people: number | string }>`
        select k as key, count(*) as leads, count(distinct person_id) as people
        from ${periodLeads(range, sql`${key} as k, person_id`)} l group by k`.execute(db);
      return rows.map((row) => ({ key: row.key, leads: Number(row.leads), people: Number(row.people) }));
    },

    /** The pages each form's leads of the range were sent from: a form's views are its pages' views. */
    async formPages(range: InstantRange): Promise<{ formName: string | null; pagePath: string | null }[]> {
      const { rows } = await sql<{ formName: string | null; pagePath: string | null }>`
        select distinct form_name, page_path from ${periodLeads(range, sql`form_name, page_path`)} l`.execute(db);
      return rows;
    },

    /** The range's leads with what speed to lead needs. */
    async answerTimes(range: InstantRange): Promise<{ createdAt: string; answeredAt: string | null; formName: string | null; assigneeId: string | null }[]> {
      const { rows } = await sql<{ createdAt: string; answeredAt: string | null; formName: string | null; assigneeId: string | null }>`
        select created_at, answered_at, form_name, assignee_id from ${periodLeads(range, sql`created_at, answered_at, form_name, assignee_id`)} l`.execute(db);
      return rows;
    },

    /** The other leads of the lead's person (same e-mail or phone: person-keys.ts), newest first; null: no such lead. */
    async related(kind: LeadKind, id: string): Promise<RelatedLead[] | null> {
      await writeMissingPersonKeys(db);
      const lead = await leadView(db).selectFrom(leadTables[kind]).select("personId").where("id", "=", id).executeTakeFirst();
      if (!lead) return null;
      if (!lead.personId) return [];
      const personId = lead.personId;
      const lists = await Promise.all(
        leadKinds.map(async (other) =>
          (
            await leadView(db)
              .selectFrom(leadTables[other])
              .select(["id", "firstName", "lastName", "formName", "createdAt", "status"])
              .where("personId", "=", personId)
              .where("id", "!=", id)
              .orderBy("createdAt", "desc")
              .limit(RELATED_LIMIT)
              .execute()
          ).map((row) => ({ ...row, kind: other, status: row.status as LeadStatus })),
        ),
      );
      return lists
        .flat()
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .slice(0, RELATED_LIMIT);
    },
  };
}

/** The most related leads a lead page lists. */
export const RELATED_LIMIT = 50;
