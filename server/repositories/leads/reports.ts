import { sql, type Kysely, type RawBuilder } from "kysely";
import { leadKinds, type LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { outcomeStatuses } from "../../../contract/lead-outcomes.ts";
import type { RelatedLead, ReportDimension } from "../../../contract/reports.ts";
import type { Database } from "../../db/schema.ts";
import { commaList, isPostgres, millisecondsBetween } from "../../db/dialect.ts";
import { leadSqlTables, leadTables, leadView } from "./lead-tables.ts";

// What the reports (server/reports/) read from the lead tables: leads and people of a period by channel,
// campaign, landing page, form or week; the answer times of a period's leads; a person's other leads.
// Spam is never counted. Each is a statement per table (by week on SQLite, per week and table) over a range of
// an index that holds every column it reads: the report index (migrations 0017, 0027), on SQLite the
// dimension's index in the grouping's order (0030, decision 052), speed to lead's own (0020).

/** A range of arrival instants, [start, end). */
export type InstantRange = { start: string; end: string };

/**
 * A group's leads and people; their outcomes (contract/lead-outcomes.ts: qualified counts qualified and won)
 * and the won leads' value in cents (`valued`: how many won leads have one); for forms, the pages its leads
 * were sent from (a form's views are theirs); for weeks, the leads and won leads per channel.
 */
export type LeadGroup = {
  key: string | null;
  leads: number;
  people: number;
  qualified: number;
  won: number;
  wonValueCents: number;
  valued: number;
  pages?: (string | null)[];
  byChannel?: Map<string | null, { leads: number; won: number }>;
};

/** An empty group of `key`. */
export function emptyGroup(key: string | null): LeadGroup {
  return { key, leads: 0, people: 0, qualified: 0, won: 0, wonValueCents: 0, valued: 0 };
}
/**
 * Speed to lead's figures of a group of a period's leads: how many, how many answered, how many are due
 * (answered, or past their promise) and were answered within it, and the median and 90th percentile
 * (nearest rank) of the minutes to the first answer.
 */
export type AnswerFigures = {
  leads: number;
  answered: number;
  due: number;
  inTime: number;
  median: number | null;
  p90: number | null;
};
/** A period's figures: in all, per week (an index into the weeks asked for) and per assignee. */
export type AnswerGroups = {
  total: AnswerFigures;
  byWeek: Map<number, AnswerFigures>;
  byAssignee: Map<string | null, AnswerFigures>;
};

/** A group without leads. */
export const NO_LEADS: AnswerFigures = { leads: 0, answered: 0, due: 0, inTime: 0, median: null, p90: null };

/** The nearest-rank percentile of sorted values (p in 0..1). */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** A week's leads credited to one user: their counts and the minutes to each answered one's first answer. */
type AnswerCell = {
  week: number;
  assigneeId: string | null;
  leads: number;
  due: number;
  inTime: number;
  minutes: number[];
};

/** The figures of cells (the database gives the leads' numbers, the server sums and ranks them). */
function figuresOf(cells: readonly AnswerCell[]): AnswerFigures {
  let leads = 0;
  let answered = 0;
  let due = 0;
  let inTime = 0;
  for (const cell of cells) {
    leads += cell.leads;
    answered += cell.minutes.length;
    due += cell.due;
    inTime += cell.inTime;
  }
  // A typed array sorts numbers without a comparator call per pair.
  const minutes = new Float64Array(answered);
  let at = 0;
  for (const cell of cells) for (const value of cell.minutes) minutes[at++] = Math.max(0, value);
  minutes.sort();
  return { leads, answered, due, inTime, median: percentile(minutes, 0.5), p90: percentile(minutes, 0.9) };
}

/**
 * The week each lead arrived in, as an index into the owner's `weeks` of the period (first first, the first
 * starting at the period's start): the latest week whose start it is at or after. The one week expression of
 * the reports: the sources by week (whose keys are the weeks' Mondays) and speed to lead's weeks.
 */
function weekIndex(weeks: readonly { start: string }[]): RawBuilder<number> {
  // A binary search in nested cases: a lead is compared with a handful of week starts, not with every later
  // week's (13 for 90 days, 52 for a year), which was a tenth of speed to lead's query. The answer lies in
  // low..high, and low is the first week or one whose start the lead is known to be at or after.
  const search = (low: number, high: number): RawBuilder<number> => {
    if (low === high) return sql<number>`${sql.lit(low)}`;
    const middle = Math.ceil((low + high) / 2);
    return sql<number>`(case when created_at >= ${weeks[middle]!.start} then ${search(middle, high)} else ${search(low, middle - 1)} end)`;
  };
  return weeks.length <= 1 ? sql<number>`0` : search(0, weeks.length - 1);
}

/** The group's expression; weeks: an index into `weeks` (weekIndex), which `groups` turns into the week's key. */
function groupExpression(
  by: ReportDimension,
  weeks: readonly { start: string }[],
  pg: boolean,
): RawBuilder<string | number | null> {
  switch (by) {
    // SQLite: the key of the dimension's report index (migration 0030: key, status, then what is summed), so it
    // walks each key and status's range of the period in the grouping's order, with no sort. PostgreSQL: `|| ''`
    // (null stays null), so it hashes the period's range of the report index instead of walking its (not
    // covering) channel or campaign index for the order.
    case "channel":
      return pg ? sql`channel || ''` : sql`channel`;
    case "campaign":
      return pg ? sql`utm_campaign || ''` : sql`utm_campaign`;
    case "landing":
      // The page the visit started on; a lead sent before it was recorded (or without a script) has its form's page.
      return pg ? sql`coalesce(landing_path, page_path) || ''` : sql`coalesce(landing_path, page_path)`;
    case "form":
      // A form without a name is one row, "" or null (groups() merges them).
      return pg ? sql`coalesce(form_name, '')` : sql`form_name`;
    case "week":
      return weekIndex(weeks);
  }
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
    async groups(
      by: ReportDimension,
      range: InstantRange,
      weeks: readonly { key: string; start: string }[] = [],
    ): Promise<LeadGroup[]> {
      const pg = isPostgres(db);
      // Forms are grouped by their page too, weeks by their channel too, in the same pass; every group by
      // status, which the rows below turn into outcomes (contract/lead-outcomes.ts).
      const page = by === "form" ? sql`page_path` : sql`null`;
      // Only the columns that vary: a constant in the group by made SQLite sort the rows it could walk in order.
      const groupBy = by === "form" ? sql`1, 2, 4` : by === "week" ? sql`1, 3, 4` : sql`1, 4`;
      // The statements' ranges: the period, or on SQLite a statement per week, each grouped by channel and status
      // in the order of the channel's report index (migration 0030), where one statement for the period sorted
      // its rows by week (a third of the time; PostgreSQL hashes, in one statement).
      const slices =
        by === "week" && !pg
          ? weeks.map((week, i) => ({
              key: sql`${sql.lit(i)}`,
              channel: sql`channel`,
              groupBy: sql`3, 4`,
              start: i === 0 ? range.start : week.start,
              end: weeks[i + 1]?.start ?? range.end,
            }))
          : [
              {
                key: groupExpression(by, weeks, pg),
                channel: by === "week" ? sql`channel || ''` : sql`null`,
                groupBy,
                ...range,
              },
            ];
      const perTable = await Promise.all(
        slices.flatMap((slice) =>
          leadKinds.map(
            async (kind) =>
              (
                await sql<{
                  k: string | number | null;
                  p: string | null;
                  c: string | null;
                  status: LeadStatus;
                  leads: number | string;
                  people: number | string;
                  value: number | string | null;
                  valued: number | string;
                }>`
                  select ${slice.key} as k, ${page} as p, ${slice.channel} as c, status, count(*) as leads,
                    sum(case when previous_lead_at is null or previous_lead_at < ${range.start} then 1 else 0 end) as people,
                    sum(won_value_cents) as value, count(won_value_cents) as valued
                  from ${sql.table(leadSqlTables[kind])}
                  where created_at >= ${slice.start} and created_at < ${slice.end} and status <> 'spam'
                  group by ${slice.groupBy}`.execute(raw)
              ).rows,
          ),
        ),
      );
      const qualifiedStatuses = new Set<string>(outcomeStatuses.qualified);
      const groups = new Map<string | null, LeadGroup>();
      for (const row of perTable.flat()) {
        const k =
          by === "week"
            ? (weeks[Number(row.k)]?.key ?? null)
            : by === "form" && row.k === ""
              ? null
              : (row.k as string | null);
        const group = groups.get(k) ?? {
          ...emptyGroup(k),
          ...(by === "form" ? { pages: [] } : {}),
          ...(by === "week" ? { byChannel: new Map() } : {}),
        };
        const leads = Number(row.leads);
        const won = row.status === "won" ? leads : 0;
        group.leads += leads;
        group.people += Number(row.people ?? 0);
        if (qualifiedStatuses.has(row.status)) group.qualified += leads;
        group.won += won;
        // A value counts only while its lead is won (lead-changes.ts clears it when the status changes).
        if (row.status === "won") {
          group.wonValueCents += Number(row.value ?? 0);
          group.valued += Number(row.valued ?? 0);
        }
        if (group.pages && !group.pages.includes(row.p)) group.pages.push(row.p);
        if (group.byChannel) {
          const ofChannel = group.byChannel.get(row.c) ?? { leads: 0, won: 0 };
          ofChannel.leads += leads;
          ofChannel.won += won;
          group.byChannel.set(row.c, ofChannel);
        }
        groups.set(k, group);
      }
      return [...groups.values()];
    },

    /**
     * Speed to lead's figures of the range at `now`; `weeks`: the owner's weeks of the range, first first (none:
     * one group). `byAssignee: false` (a previous period's total): every lead in one user's group, unread.
     */
    async answerGroups(
      range: InstantRange,
      weeks: readonly { start: string }[],
      now: Date,
      { byAssignee = true }: { byAssignee?: boolean } = {},
    ): Promise<AnswerGroups> {
      // Each lead's promise is its stored reply-by time, counted in business hours (contract/business-hours.ts,
      // issue 33). Credit goes to who gave the first answer; a lead not answered yet to whoever holds it.
      // The promise is compared as the timestamps are stored (on SQLite ISO 8601 text in UTC, which sorts as
      // time, as the period's own bounds do): only an answered lead's time to answer is computed, in whole
      // milliseconds. The database sums each week and user's leads and lists their answers' milliseconds as
      // text (a 90-day period's 45,000 rows cost more to hand over, on either database, than to group); they
      // are ranked here, once (figuresOf), so PostgreSQL and SQLite cannot disagree on a median.
      const assignee = byAssignee ? sql`coalesce(answered_by, assignee_id)` : sql`null`;
      const columns = sql`${weekIndex(weeks)} as week, ${assignee} as "assigneeId",
          ${millisecondsBetween(db, sql`created_at`, sql`answered_at`)} as ms,
          (case when answered_at is not null or reply_by < ${now.toISOString()} then 1 else 0 end) as due,
          (case when answered_at <= reply_by then 1 else 0 end) as "inTime"`;
      // A statement per table, each over its speed index (migration 0020). Grouped only by what varies: SQLite
      // sorts the rows for any group by, even of a constant, and a previous period's total needs none (a third
      // less time).
      const week = weeks.length > 1 ? sql`week` : null;
      const assigneeId = byAssignee ? sql`"assigneeId"` : null;
      const varying = [week, assigneeId].filter((column) => column !== null);
      const groupBy = varying.length === 0 ? sql`` : sql`group by ${sql.join(varying)}`;
      const perTable = await Promise.all(
        leadKinds.map(
          async (kind) =>
            (
              await sql<{
                week: number | string;
                assigneeId: string | null;
                leads: number | string;
                due: number | string;
                inTime: number | string;
                ms: string | null;
              }>`
                select ${week ?? sql`0`} as week, ${assigneeId ?? sql`null`} as "assigneeId", count(*) as leads, sum(due) as due, sum("inTime") as "inTime",
                  ${commaList(db, sql`ms`)} as ms
                from (select ${columns} from ${sql.table(leadSqlTables[kind])}
                  where created_at >= ${range.start} and created_at < ${range.end} and status <> 'spam') l
                ${groupBy}`.execute(raw)
            ).rows,
        ),
      );
      const cells: AnswerCell[] = perTable.flat().map((row) => ({
        week: Number(row.week),
        assigneeId: row.assigneeId,
        leads: Number(row.leads),
        due: Number(row.due),
        inTime: Number(row.inTime),
        minutes: row.ms === null ? [] : row.ms.split(",").map((ms) => Number(ms) / 60_000),
      }));
      const figuresBy = <K>(key: (cell: AnswerCell) => K) => {
        const groups = new Map<K, AnswerCell[]>();
        for (const cell of cells) {
          const group = groups.get(key(cell));
          if (group) group.push(cell);
          else groups.set(key(cell), [cell]);
        }
        return new Map([...groups].map(([k, group]) => [k, figuresOf(group)]));
      };
      return {
        total: figuresOf(cells),
        byWeek: figuresBy((cell) => cell.week),
        byAssignee: figuresBy((cell) => cell.assigneeId),
      };
    },

    /** The other leads of the lead's person (same e-mail or phone: person-keys.ts), newest first; null: no such lead. */
    async related(kind: LeadKind, id: string): Promise<RelatedLead[] | null> {
      const lead = await leadView(db)
        .selectFrom(leadTables[kind])
        .select("personId")
        .where("id", "=", id)
        .executeTakeFirst();
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
