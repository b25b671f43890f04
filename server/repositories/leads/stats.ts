import type { Expression, Kysely, SqlBool } from "kysely";
import type { AdminStats, KindStats, LeadKind } from "../../../contract/admin-leads.ts";
import type { Database } from "../../db/schema.ts";
import { NOT_SPAM } from "./filters.ts";
import { leadTables, leadView, type LeadExpressionBuilder } from "./lead-tables.ts";

// The dashboard's figures: totals, unread, spam and leads per week, each one indexed count.

export const CHART_WEEKS = 12;

/** Monday 00:00 UTC of the week holding `date`. */
export function weekStart(date: Date): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

export async function leadStats(db: Kysely<Database>, now: Date): Promise<AdminStats> {
  const kindStats = async (kind: LeadKind): Promise<KindStats> => {
    const firstWeek = weekStart(now);
    firstWeek.setUTCDate(firstWeek.getUTCDate() - 7 * (CHART_WEEKS - 1));
    const weeks = Array.from({ length: CHART_WEEKS }, (_, i) => {
      const start = new Date(firstWeek);
      start.setUTCDate(start.getUTCDate() + 7 * i);
      return start.toISOString();
    });
    // Each count walks an index (the whole table's, the status one, the partial unread one).
    const countWhere = async (where?: (eb: LeadExpressionBuilder) => Expression<SqlBool>) => {
      let query = leadView(db)
        .selectFrom(leadTables[kind])
        .select((eb) => eb.fn.countAll<number>().as("count"));
      if (where) query = query.where(where);
      return Number((await query.executeTakeFirstOrThrow()).count);
    };
    const [all, spamCount, unreadCount] = await Promise.all([
      countWhere(),
      countWhere((eb) => eb("status", "=", "spam")),
      countWhere((eb) => eb.and([eb("readAt", "is", null), eb("status", "in", NOT_SPAM)])),
    ]);
    // One count per week of the chart, each a range of the (status, created_at) index.
    const perWeek = await Promise.all(
      weeks.map(async (weekStartIso, i) => {
        const end = weeks[i + 1] ?? new Date(Date.parse(weekStartIso) + 7 * 86_400_000).toISOString();
        const count = await countWhere((eb) =>
          eb.and([eb("status", "in", NOT_SPAM), eb("createdAt", ">=", weekStartIso), eb("createdAt", "<", end)]),
        );
        return { weekStart: weekStartIso.slice(0, 10), count };
      }),
    );
    return { total: all - spamCount, unread: unreadCount, spam: spamCount, perWeek };
  };
  const [contacts, inquiries] = await Promise.all([kindStats("contacts"), kindStats("inquiries")]);
  return { contacts, inquiries };
}
