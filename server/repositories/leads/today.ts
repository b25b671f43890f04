import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { TODAY_LIST_MAX, leadKinds, type LeadKind, type LeadRow, type TodayQueue } from "../../../contract/admin-leads.ts";
import { fastReplyFormNames, replyWindowHours } from "../../../contract/form-names.ts";
import type { Database } from "../../db/schema.ts";
import { writeMissingDeadlineKeys } from "./deadline-keys.ts";
import { comparePositions, type LeadOrder, type LeadPosition } from "./lead-order.ts";
import { leadTables, leadView, toLead, wholeRow, type LeadExpressionBuilder } from "./lead-tables.ts";
import { endOfOwnerDay } from "./owner-day.ts";

// The dashboard's day (GET /api/admin/today, and the morning e-mail): the leads waiting for a reply past
// or near their deadline, and the follow-ups due by the end of the owner's day, both kinds together.
// Each list is one indexed walk per lead table, merged by (key, id), and an exact count.

const HOUR_MS = 3_600_000;
const DEADLINE: LeadOrder = { sort: "deadline", key: sql<string>`deadline_key`, direction: "asc" };
const FOLLOW_UP: LeadOrder = { sort: "oldest", key: sql<string>`follow_up_at`, direction: "asc" };

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
  const notShortForm = (eb: LeadExpressionBuilder) => eb.or([eb("formName", "is", null), eb("formName", "not in", [...fastReplyFormNames])]);
  return {
    all: (eb: LeadExpressionBuilder): Expression<SqlBool> => eb.and([eb("deadlineKey", "<=", longBound), eb.or([eb("deadlineKey", "<=", shortBound), notShortForm(eb)])]),
    parts: [
      (eb: LeadExpressionBuilder): Expression<SqlBool> => eb("deadlineKey", "<=", shortBound),
      (eb: LeadExpressionBuilder): Expression<SqlBool> => eb.and([eb("deadlineKey", ">", shortBound), eb("deadlineKey", "<=", longBound), notShortForm(eb)]),
    ],
  };
}

export async function todayQueue(db: Kysely<Database>, now: Date, ownerTimeZone: string): Promise<TodayQueue> {
  const leadDb = leadView(db);

  /** The first TODAY_LIST_MAX leads of both kinds in the order, merged. */
  async function first(order: LeadOrder, where: (eb: LeadExpressionBuilder) => Expression<SqlBool>): Promise<LeadRow[]> {
    const walks = await Promise.all(
      leadKinds.map(async (kind: LeadKind) => {
        const rows = await leadDb
          .selectFrom(leadTables[kind])
          .selectAll()
          .select(order.key.as("sortKey"))
          .where(where)
          .orderBy(order.key, order.direction)
          .orderBy("id", order.direction)
          .limit(TODAY_LIST_MAX)
          .execute();
        return rows.map(({ sortKey, ...row }) => ({ row: { ...toLead(kind, wholeRow(kind, row)), kind } as LeadRow, position: { key: sortKey, id: row.id } as LeadPosition }));
      }),
    );
    return walks
      .flat()
      .sort((a, b) => comparePositions(order, a.position, b.position))
      .slice(0, TODAY_LIST_MAX)
      .map((entry) => entry.row);
  }

  async function count(where: (eb: LeadExpressionBuilder) => Expression<SqlBool>): Promise<number> {
    const counts = await Promise.all(
      leadKinds.map((kind) => leadDb.selectFrom(leadTables[kind]).select((eb) => eb.fn.countAll<number>().as("n")).where(where).executeTakeFirstOrThrow()),
    );
    return counts.reduce((sum, row: { n: number | string }) => sum + Number(row.n), 0);
  }

  for (const kind of leadKinds) await writeMissingDeadlineKeys(db, kind);
  const needsReply = needsReplyRanges(now);
  const dueBefore = endOfOwnerDay(now, ownerTimeZone).toISOString();
  const followUpDue = (eb: LeadExpressionBuilder) => eb.and([eb("followUpAt", "<", dueBefore), eb("status", "!=", "spam")]);
  const [needsReplyItems, needsReplyCounts, followUpItems, followUpTotal] = await Promise.all([
    first(DEADLINE, needsReply.all),
    Promise.all(needsReply.parts.map(count)),
    first(FOLLOW_UP, followUpDue),
    count(followUpDue),
  ]);
  return {
    ownerTimeZone,
    now: now.toISOString(),
    needsReply: { items: needsReplyItems, total: needsReplyCounts.reduce((sum, n) => sum + n, 0) },
    followUps: { items: followUpItems, total: followUpTotal },
  };
}
