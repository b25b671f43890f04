import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { leadKinds, type LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadFilters } from "../../../contract/lead-filters.ts";
import { leadStatuses } from "../../../contract/fields.ts";
import { containsPattern, searchTextContains } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { leadSqlTables, leadView, type LeadExpressionBuilder } from "./lead-tables.ts";
import { endOfOwnerDay, type OwnerDay } from "./owner-day.ts";

// The inbox's filters as one WHERE clause, shared by the list, its count, the bulk action and the export.

export const NOT_SPAM = leadStatuses.filter((status) => status !== "spam");

function startOfDay(date: string) {
  return `${date}T00:00:00.000Z`;
}
function startOfNextDay(date: string) {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/**
 * The filters with "today" fixed: followUp=due becomes the end of the owner's day by the repository's
 * clock (`followUpBefore`). The key is required, so a filter cannot reach a query unresolved.
 */
export type ScopedFilters = LeadFilters & { followUpBefore: string | undefined };

export function scopeFilters(filters: LeadFilters, day: OwnerDay): ScopedFilters {
  return {
    ...filters,
    followUpBefore:
      filters.followUp === "due" ? endOfOwnerDay(day.clock(), day.ownerTimeZone).toISOString() : undefined,
  };
}

/** The search condition of a filter's `q` (through the trigram index, server/db/dialect.ts), or undefined. */
export function leadSearch(
  db: Kysely<Database>,
  kind: LeadKind,
  filters: LeadFilters,
): Promise<Expression<SqlBool> | undefined> {
  return filters.q ? searchTextContains(leadView(db), leadSqlTables[kind], filters.q) : Promise.resolve(undefined);
}

/**
 * The WHERE clause of a filter. `forCount` phrases "not spam" as a list of statuses, which lets counts
 * walk the status index; pages keep "!= spam" so they walk the newest-first index and stop early.
 */
export function leadFilter(
  eb: LeadExpressionBuilder,
  kind: LeadKind,
  f: ScopedFilters,
  search: Expression<SqlBool> | undefined,
  forCount = false,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (f.view === "inbox") conditions.push(forCount ? eb("status", "in", NOT_SPAM) : eb("status", "!=", "spam"));
  if (f.view === "spam") conditions.push(eb("status", "=", "spam"));
  if (f.status) conditions.push(eb("status", "=", f.status));
  // Dates are whole days in UTC.
  if (f.from) conditions.push(eb("createdAt", ">=", startOfDay(f.from)));
  if (f.to) conditions.push(eb("createdAt", "<", startOfNextDay(f.to)));
  // Name, e-mail, phone, company (and message).
  if (search) conditions.push(search);
  if (f.product && kind === "contacts")
    conditions.push(sql<SqlBool>`products like ${containsPattern(JSON.stringify(f.product))} escape '\\'`);
  // A column of one table only, so named in SQL (the view types the shared ones).
  if (f.serviceType && kind === "inquiries") conditions.push(sql<SqlBool>`service_type = ${f.serviceType}`);
  if (f.form) conditions.push(eb("formName", "=", f.form));
  if (f.utmSource) conditions.push(eb("utmSource", "=", f.utmSource));
  if (f.unread !== undefined) conditions.push(f.unread ? eb("readAt", "is", null) : eb("readAt", "is not", null));
  // Due today or overdue, in the owner's day (through the follow-up index of migration 0014).
  if (f.followUpBefore !== undefined) conditions.push(eb("followUpAt", "<", f.followUpBefore));
  // Whose leads (issue 23; "me" was replaced by the signed-in user's id in the route: assigneeFilter).
  if (f.assignee === "none") conditions.push(eb("assigneeId", "is", null));
  else if (f.assignee !== undefined && f.assignee !== "me") conditions.push(eb("assigneeId", "=", f.assignee));
  if (f.group === "person") conditions.push(newestOfItsPerson(kind));
  return eb.and(conditions);
}

/**
 * One row per person (issue 24, person-keys.ts): a lead no other lead of its person (of either kind, not
 * spam) came after, through the (person_id, created_at, id) index. A lead without a person yet is its own.
 */
function newestOfItsPerson(kind: LeadKind): Expression<SqlBool> {
  const self = sql.table(leadSqlTables[kind]);
  const none = leadKinds.map(
    (
      other,
    ) => sql`not exists (select 1 from ${sql.table(leadSqlTables[other])} newer where newer.person_id = ${self}.person_id and newer.status <> 'spam'
      and (newer.created_at > ${self}.created_at or (newer.created_at = ${self}.created_at and newer.id > ${self}.id)))`,
  );
  return sql<SqlBool>`(${sql.join(none, sql` and `)})`;
}
