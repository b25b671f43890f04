import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import {
  TODAY_LIST_MAX,
  leadKinds,
  type LeadKind,
  type LeadRow,
  type TodayQueue,
} from "../../../contract/admin-leads.ts";
import { fastReplyFormNames, replyWindowHours } from "../../../contract/form-names.ts";
import { answerNowSince, businessPeriodEndAfter, type BusinessHours } from "../../../contract/business-hours.ts";
import type { Database } from "../../db/schema.ts";
import { comparePositions, type LeadOrder, type LeadPosition } from "./lead-order.ts";
import { leadTables, leadView, toLead, wholeRow, type LeadExpressionBuilder } from "./lead-tables.ts";
import { endOfOwnerDay } from "./owner-day.ts";

// The dashboard's day (GET /api/admin/today, and the morning e-mail), both kinds together:
// - "Now" (issue 33): the leads still waiting for a first answer that arrived since the last business day
//   began, newest first (the `*_waiting_idx` walk); those that arrived before and are due by the end of the
//   current or next business period, earliest deadline first; and the count of the older overdue ones (a
//   line, never a wall of cards). The window comes from contract/business-hours.ts, worked out by the caller.
// - the leads waiting past or near their deadline (the morning e-mail's), and the follow-ups due by the
//   end of the owner's day.
// Each list is one indexed walk per lead table, merged by (key, id), and an exact count. A member's day
// (`mine`) keeps the leads assigned to them and the unassigned ones.

const HOUR_MS = 3_600_000;
const DEADLINE: LeadOrder = { sort: "deadline", key: sql<string>`deadline_key`, direction: "asc" };
const FOLLOW_UP: LeadOrder = { sort: "oldest", key: sql<string>`follow_up_at`, direction: "asc" };
const NEWEST_WAITING: LeadOrder = { sort: "newest", key: sql<string>`created_at`, direction: "desc" };

/** The deadline key of a waiting lead whose reply is due at `at` (contract deadlineKey). */
const waitingKey = (at: number) => `0|${new Date(at).toISOString()}`;

/**
 * The conditions of "needs a reply" (contract replyStateOf: overdue or due-soon, i.e. status new and a
 * deadline at most a quarter of its window away), on the deadline key, which is "0|<deadline>" exactly
 * while the status is new: the 4-hour forms' leads up to `now + 1 h`, the others' up to `now + 6 h`.
 * Two ranges of the (deadline_key, id) index: everything due by the short bound, and the slice between
 * the bounds without the 4-hour forms.
 */
function needsReplyRanges(now: Date) {
  const shortForm = fastReplyFormNames[0];
  const shortBound = waitingKey(now.getTime() + (replyWindowHours(shortForm) * HOUR_MS) / 4);
  const longBound = waitingKey(now.getTime() + (replyWindowHours(null) * HOUR_MS) / 4);
  const notShortForm = (eb: LeadExpressionBuilder) =>
    eb.or([eb("formName", "is", null), eb("formName", "not in", [...fastReplyFormNames])]);
  return {
    all: (eb: LeadExpressionBuilder): Expression<SqlBool> =>
      eb.and([eb("deadlineKey", "<=", longBound), eb.or([eb("deadlineKey", "<=", shortBound), notShortForm(eb)])]),
    parts: [
      (eb: LeadExpressionBuilder): Expression<SqlBool> => eb("deadlineKey", "<=", shortBound),
      (eb: LeadExpressionBuilder): Expression<SqlBool> =>
        eb.and([eb("deadlineKey", ">", shortBound), eb("deadlineKey", "<=", longBound), notShortForm(eb)]),
    ],
  };
}

/** What "Now" covers: arrivals since `since` on top; deadlines up to `dueBy` next (both from the business hours). */
export type NowWindow = { since: Date; dueBy: Date };

/** "Now"'s window at `now`: since the last business day opened; due by the end of the current or next business period. */
export function nowWindow(now: Date, hours: BusinessHours): NowWindow {
  return {
    since: new Date(answerNowSince(now.getTime(), hours)),
    dueBy: new Date(businessPeriodEndAfter(now.getTime(), hours)),
  };
}

/** When the newest lead of either kind arrived (the `created_at` index's last entry of each table); null: none. */
export async function newestArrival(db: Kysely<Database>): Promise<string | null> {
  const newest = await Promise.all(
    leadKinds.map((kind) =>
      leadView(db)
        .selectFrom(leadTables[kind])
        .select("createdAt")
        .orderBy("createdAt", "desc")
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  return newest.reduce<string | null>(
    (latest, row) => (row && (latest === null || row.createdAt > latest) ? row.createdAt : latest),
    null,
  );
}

export async function todayQueue(
  db: Kysely<Database>,
  now: Date,
  ownerTimeZone: string,
  window: NowWindow,
  mine?: string,
): Promise<TodayQueue> {
  const leadDb = leadView(db);
  type Where = (eb: LeadExpressionBuilder) => Expression<SqlBool>;
  /**
   * The conditions' parts to run: the whole team's day is one; a user's day is theirs and the unassigned
   * ones apart, each a range of the (assignee_id, …) indexes, where one "theirs or nobody's" condition would
   * read every row of the range to test it.
   */
  const parts = (where: Where): Where[] =>
    mine === undefined
      ? [where]
      : [
          (eb) => eb.and([where(eb), eb("assigneeId", "=", mine)]),
          (eb) => eb.and([where(eb), eb("assigneeId", "is", null)]),
        ];

  /** The first TODAY_LIST_MAX leads of both kinds in the order, merged. */
  async function first(order: LeadOrder, unscoped: Where): Promise<LeadRow[]> {
    const walks = await Promise.all(
      leadKinds.flatMap((kind: LeadKind) =>
        parts(unscoped).map(async (where) => {
          const rows = await leadDb
            .selectFrom(leadTables[kind])
            .selectAll()
            .select(order.key.as("sortKey"))
            .where(where)
            .orderBy(order.key, order.direction)
            .orderBy("id", order.direction)
            .limit(TODAY_LIST_MAX)
            .execute();
          return rows.map(({ sortKey, ...row }) => ({
            row: { ...toLead(kind, wholeRow(kind, row)), kind } as LeadRow,
            position: { key: sortKey, id: row.id } as LeadPosition,
          }));
        }),
      ),
    );
    return walks
      .flat()
      .sort((a, b) => comparePositions(order, a.position, b.position))
      .slice(0, TODAY_LIST_MAX)
      .map((entry) => entry.row);
  }

  async function count(unscoped: Where): Promise<number> {
    const counts = await Promise.all(
      leadKinds.flatMap((kind) =>
        parts(unscoped).map((where) =>
          leadDb
            .selectFrom(leadTables[kind])
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where(where)
            .executeTakeFirstOrThrow(),
        ),
      ),
    );
    return counts.reduce((sum, row: { n: number | string }) => sum + Number(row.n), 0);
  }

  const needsReply = needsReplyRanges(now);
  const dueBefore = endOfOwnerDay(now, ownerTimeZone).toISOString();
  const followUpDue = (eb: LeadExpressionBuilder) =>
    eb.and([eb("followUpAt", "<", dueBefore), eb("status", "!=", "spam")]);
  // "Now": status new is the waiting index's condition; its deadline key is "0|<replyBy>" exactly while new.
  const since = window.since.toISOString();
  const arrivedSince = (eb: LeadExpressionBuilder) =>
    eb.and([eb("status", "=", "new"), eb("createdAt", ">=", since), eb("createdAt", "<=", now.toISOString())]);
  const olderWaiting = (eb: LeadExpressionBuilder) => eb.and([eb("createdAt", "<", since), eb("status", "=", "new")]);
  const dueSoon = (eb: LeadExpressionBuilder) =>
    eb.and([
      olderWaiting(eb),
      eb("deadlineKey", ">=", waitingKey(now.getTime())),
      eb("deadlineKey", "<=", waitingKey(window.dueBy.getTime())),
    ]);
  // The older overdue leads, counted as every overdue lead (a range of the deadline index alone) less the
  // recent ones (a short walk of the waiting index): no row of the backlog is read.
  const pastDeadline = (eb: LeadExpressionBuilder) =>
    eb.and([eb("deadlineKey", ">=", "0|"), eb("deadlineKey", "<", waitingKey(now.getTime()))]);
  /**
   * The overdue leads among those since `since`: a short walk of the waiting index. A user's scope is one
   * condition no index serves (theirs or nobody's: coalesce), so the planner keeps to that walk rather than
   * reading the unassigned backlog through the assignee index.
   */
  async function countRecentPastDeadline(): Promise<number> {
    const where = (eb: LeadExpressionBuilder) => {
      const recent = eb.and([eb("status", "=", "new"), eb("createdAt", ">=", since), pastDeadline(eb)]);
      return mine === undefined ? recent : eb.and([recent, eb(eb.fn.coalesce("assigneeId", eb.val(mine)), "=", mine)]);
    };
    const counts = await Promise.all(
      leadKinds.map((kind) =>
        leadDb
          .selectFrom(leadTables[kind])
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where(where)
          .executeTakeFirstOrThrow(),
      ),
    );
    return counts.reduce((sum, row: { n: number | string }) => sum + Number(row.n), 0);
  }
  const [
    answerNowItems,
    dueSoonItems,
    allPastDeadline,
    needsReplyItems,
    needsReplyCounts,
    followUpItems,
    followUpTotal,
  ] = await Promise.all([
    first(NEWEST_WAITING, arrivedSince),
    first(DEADLINE, dueSoon),
    count(pastDeadline),
    first(DEADLINE, needsReply.all),
    Promise.all(needsReply.parts.map(count)),
    first(FOLLOW_UP, followUpDue),
    count(followUpDue),
  ]);
  // The recent overdue ones are in the answerNow list when it holds every recent lead (the usual case);
  // only a day with more arrivals than the list shows counts them in the database.
  const recentPast =
    answerNowItems.length < TODAY_LIST_MAX
      ? answerNowItems.filter((lead) => Date.parse(lead.replyBy) < now.getTime()).length
      : await countRecentPastDeadline();
  const overdueCount = allPastDeadline - recentPast;
  return {
    ownerTimeZone,
    now: now.toISOString(),
    window: { since, dueBy: window.dueBy.toISOString() },
    answerNow: answerNowItems,
    dueSoon: dueSoonItems,
    overdue: { count: overdueCount },
    needsReply: { items: needsReplyItems, total: needsReplyCounts.reduce((sum, n) => sum + n, 0) },
    followUps: { items: followUpItems, total: followUpTotal },
  };
}
