import { sql, type Kysely, type RawBuilder } from "kysely";
import { leadKinds, type LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import type { RelatedLead, ReportDimension } from "../../../contract/reports.ts";
import type { Database } from "../../db/schema.ts";
import { epochMinutes, isPostgres } from "../../db/dialect.ts";
import { leadSqlTables, leadTables, leadView } from "./lead-tables.ts";

// What the reports (server/reports/) read from the lead tables: leads and people of a period by channel,
// campaign, landing page, form or week; the answer times of a period's leads; a person's other leads.
// Spam is never counted. Each is a statement per table over a range of its report index (migration 0017),
// which holds every column they read.

/** A range of arrival instants, [start, end). */
export type InstantRange = { start: string; end: string };

/** A group's leads and people; for forms, the pages its leads were sent from (a form's views are theirs). */
export type LeadGroup = { key: string | null; leads: number; people: number; pages?: (string | null)[] };
/**
 * Speed to lead's figures of a group of a period's leads: how many, how many answered, how many are due
 * (answered, or past their promise) and were answered within it, and the median and 90th percentile
 * (nearest rank) of the minutes to the first answer.
 */
export type AnswerFigures = { leads: number; answered: number; due: number; inTime: number; median: number | null; p90: number | null };
/** A period's figures: in all, per week (an index into the weeks asked for) and per assignee. */
export type AnswerGroups = { total: AnswerFigures; byWeek: Map<number, AnswerFigures>; byAssignee: Map<string | null, AnswerFigures> };

/** A group without leads. */
export const NO_LEADS: AnswerFigures = { leads: 0, answered: 0, due: 0, inTime: 0, median: null, p90: null };

/** The nearest-rank percentile of sorted values (p in 0..1). */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

type AnswerRow = { week: number; assigneeId: string | null; minutes: number | null; due: number; inTime: number };

/** The figures of rows (SQLite's way: the database gives each lead's numbers, the server sorts them). */
function figuresOf(rows: readonly AnswerRow[]): AnswerFigures {
  // A typed array sorts numbers without a comparator call per pair.
  const all = new Float64Array(rows.length);
  let answered = 0;
  let due = 0;
  let inTime = 0;
  for (const row of rows) {
    if (row.minutes !== null) all[answered++] = Math.max(0, row.minutes);
    due += row.due;
    inTime += row.inTime;
  }
  const minutes = all.subarray(0, answered).sort();
  return { leads: rows.length, answered, due, inTime, median: percentile(minutes, 0.5), p90: percentile(minutes, 0.9) };
}

/** The group's expression: weeks as the Monday (a date) of the owner's week each lead arrived in. */
function groupExpression(by: ReportDimension, weeks: readonly { key: string; start: string }[]): RawBuilder<string | null> {
  switch (by) {
    case "channel":
      return sql`channel`;
    case "campaign":
      return sql`utm_campaign`;
    case "landing":
      // The page the visit started on; a lead sent before it was recorded (or without a script) has its form's page.
      return sql`coalesce(landing_path, page_path)`;
    case "form":
      // Through coalesce, so SQLite's planner does not walk the form index (form_name, created_at…) for the
      // grouping's order, reading every lead of every form: the period's range of the report index is far less.
      return sql`coalesce(form_name, '')`;
    case "week": {
      // Latest week first: the first boundary a lead is at or after names its week.
      const cases = [...weeks].reverse().map((week) => sql`when created_at >= ${week.start} then ${week.key}`);
      return sql`case ${sql.join(cases, sql` `)} end`;
    }
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
  // The reports read many rows: without the camelCase plugin, whose per-row key mapping cost more than the query.
  const raw = db.withoutPlugins();
  return {
    /**
     * Leads and people per group of the range. A person counts once, in the group of their first lead of
     * the range (first touch: a lead whose person had no lead earlier in the range), so groups add up to
     * the total. One grouped statement per table, summed here.
     */
    async groups(by: ReportDimension, range: InstantRange, weeks: readonly { key: string; start: string }[] = []): Promise<LeadGroup[]> {
      const key = groupExpression(by, weeks);
      // Forms are grouped by their page too, in the same pass.
      const page = by === "form" ? sql`page_path` : sql`null`;
      const perTable = await Promise.all(
        leadKinds.map(
          async (kind) =>
            (
              await sql<{ k: string | null; p: string | null; leads: number | string; people: number | string }>`
                select ${key} as k, ${page} as p, count(*) as leads,
                  sum(case when previous_lead_at is null or previous_lead_at < ${range.start} then 1 else 0 end) as people
                from ${sql.table(leadSqlTables[kind])}
                where created_at >= ${range.start} and created_at < ${range.end} and status <> 'spam'
                group by 1, 2`.execute(raw)
            ).rows,
        ),
      );
      const groups = new Map<string | null, LeadGroup>();
      for (const row of perTable.flat()) {
        if (by === "form" && row.k === "") row.k = null;
        const group = groups.get(row.k) ?? { key: row.k, leads: 0, people: 0, ...(by === "form" ? { pages: [] } : {}) };
        group.leads += Number(row.leads);
        group.people += Number(row.people ?? 0);
        group.pages?.push(row.p);
        groups.set(row.k, group);
      }
      return [...groups.values()];
    },

    /** Speed to lead's figures of the range at `now`; `weeks`: the owner's weeks of the range, first first. */
    async answerGroups(range: InstantRange, weeks: readonly { start: string }[], now: Date): Promise<AnswerGroups> {
      // Each lead's promise is its stored reply-by time, counted in business hours (contract/business-hours.ts,
      // issue 33). Credit goes to who gave the first answer; a lead not answered yet to whoever holds it.
      const week = weeks.length <= 1 ? sql`0` : sql`(case ${sql.join([...weeks.entries()].slice(1).reverse().map(([i, w]) => sql`when created_at >= ${w.start} then ${sql.lit(i)}`), sql` `)} else 0 end)`;
      // Each timestamp read once, as minutes since 1970.
      const inner = sql`${week} as week, coalesce(answered_by, assignee_id) as assignee_id, ${epochMinutes(db, sql`reply_by`)} as deadline, ${epochMinutes(db, sql`created_at`)} as arrived, ${epochMinutes(db, sql`answered_at`)} as answered`;
      const nowMinutes = sql.lit(now.getTime() / 60_000);
      const leads = sql`(select week, assignee_id, answered - arrived as minutes,
          (case when answered is not null or ${nowMinutes} > deadline then 1 else 0 end) as due,
          (case when answered is not null and answered <= deadline then 1 else 0 end) as in_time
        from ${periodLeads(range, inner)} l) f`;

      if (isPostgres(db)) {
        // PostgreSQL sums the groups and picks the percentiles itself (percentile_disc is the nearest rank):
        // a few rows travel instead of one per lead.
        const { rows } = await sql<{ week: number | null; assigneeId: string | null; g: number } & Record<"leads" | "answered" | "due" | "inTime", number> & { median: number | null; p90: number | null }>`
          select week, assignee_id as "assigneeId", grouping(week, assignee_id) as g, cast(count(*) as integer) as leads,
            cast(count(minutes) as integer) as answered, cast(sum(due) as integer) as due, cast(sum(in_time) as integer) as "inTime",
            percentile_disc(0.5) within group (order by minutes) as median, percentile_disc(0.9) within group (order by minutes) as p90
          from ${leads} group by grouping sets ((week), (assignee_id), ())`.execute(raw);
        const groups: AnswerGroups = { total: NO_LEADS, byWeek: new Map(), byAssignee: new Map() };
        for (const { week: w, assigneeId, g, ...figures } of rows) {
          const clean = { ...figures, median: figures.median === null ? null : Math.max(0, figures.median), p90: figures.p90 === null ? null : Math.max(0, figures.p90) };
          if (g === 3) groups.total = clean;
          else if (g === 1) groups.byWeek.set(Number(w), clean);
          else groups.byAssignee.set(assigneeId, clean);
        }
        return groups;
      }
      const { rows } = await sql<AnswerRow>`select week, assignee_id as "assigneeId", minutes, due, in_time as "inTime" from ${leads}`.execute(raw);
      const byWeek = new Map<number, AnswerRow[]>();
      const byAssignee = new Map<string | null, AnswerRow[]>();
      for (const row of rows) {
        const inWeek = byWeek.get(row.week);
        if (inWeek) inWeek.push(row);
        else byWeek.set(row.week, [row]);
        const ofUser = byAssignee.get(row.assigneeId);
        if (ofUser) ofUser.push(row);
        else byAssignee.set(row.assigneeId, [row]);
      }
      const figuresBy = <K>(groups: Map<K, AnswerRow[]>) => new Map([...groups].map(([key, group]) => [key, figuresOf(group)]));
      return { total: figuresOf(rows), byWeek: figuresBy(byWeek), byAssignee: figuresBy(byAssignee) };
    },

    /** The other leads of the lead's person (same e-mail or phone: person-keys.ts), newest first; null: no such lead. */
    async related(kind: LeadKind, id: string): Promise<RelatedLead[] | null> {
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
