import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { leadKinds, type LeadKind } from "../../../contract/admin-leads.ts";
import { NONE_FILTER, type LeadFilters } from "../../../contract/lead-filters.ts";
import { outcomeStatuses } from "../../../contract/lead-outcomes.ts";
import { rangeOf, resolvePeriod } from "../../reports/periods.ts";
import { leadStatuses } from "../../../contract/fields.ts";
import { containsPattern, searchTextContains } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { leadSqlTables, leadView, type LeadExpressionBuilder } from "./lead-tables.ts";
import { endOfOwnerDay, type OwnerDay } from "./owner-day.ts";

// The inbox's filters as one WHERE clause, shared by the list, its count, the bulk action and the export.

export const NOT_SPAM = leadStatuses.filter((status) => status !== "spam");

/**
 * The filters with "today" and the days fixed: followUp=due becomes the end of the owner's day by the
 * repository's clock (`followUpBefore`); from and to become the instants of those whole days in the owner's
 * time zone (`receivedFrom`, `receivedBefore`), as the reports count a period (reports/periods.ts rangeOf),
 * so a report's figure and the list of the same days agree (issue 38); a named period (this month…) becomes
 * its days today, as the reports work it out, so a saved view of "this month" rolls over. The keys are
 * required, so a filter cannot reach a query unresolved.
 */
export type ScopedFilters = LeadFilters & {
  followUpBefore: string | undefined;
  receivedFrom: string | undefined;
  receivedBefore: string | undefined;
};

export function scopeFilters(filters: LeadFilters, day: OwnerDay): ScopedFilters {
  const zone = day.ownerTimeZone;
  const named = filters.period ? resolvePeriod({ period: filters.period }, day.clock(), zone).range : undefined;
  return {
    ...filters,
    followUpBefore: filters.followUp === "due" ? endOfOwnerDay(day.clock(), zone).toISOString() : undefined,
    receivedFrom: named?.start ?? (filters.from ? rangeOf(filters.from, filters.from, zone).start : undefined),
    receivedBefore: named?.end ?? (filters.to ? rangeOf(filters.to, filters.to, zone).end : undefined),
  };
}

/** The list's landing page: the page the visit started on, else the form's page (the sources report's rule). */
const landingPathOf = sql<string | null>`coalesce(landing_path, page_path)`;

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
  // Dates are whole days in the owner's time zone (scopeFilters).
  if (f.receivedFrom) conditions.push(eb("createdAt", ">=", f.receivedFrom));
  if (f.receivedBefore) conditions.push(eb("createdAt", "<", f.receivedBefore));
  // Name, e-mail, phone, company (and message).
  if (search) conditions.push(search);
  if (f.product && kind === "contacts")
    conditions.push(sql<SqlBool>`products like ${containsPattern(JSON.stringify(f.product))} escape '\\'`);
  // A column of one table only, so named in SQL (the view types the shared ones).
  if (f.serviceType && kind === "inquiries") conditions.push(sql<SqlBool>`service_type = ${f.serviceType}`);
  if (f.form) conditions.push(f.form === NONE_FILTER ? eb("formName", "is", null) : eb("formName", "=", f.form));
  if (f.utmSource) conditions.push(eb("utmSource", "=", f.utmSource));
  // Issue 38: the sources report's groups, by its expressions (repositories/leads/reports.ts), each through
  // its own (…, created_at, id) index of migration 0027; "(none)" is the report's row without one.
  if (f.channel) conditions.push(eb("channel", "=", f.channel));
  if (f.campaign)
    conditions.push(f.campaign === NONE_FILTER ? eb("utmCampaign", "is", null) : eb("utmCampaign", "=", f.campaign));
  if (f.landingPath)
    conditions.push(
      f.landingPath === NONE_FILTER
        ? sql<SqlBool>`${landingPathOf} is null`
        : sql<SqlBool>`${landingPathOf} = ${f.landingPath}`,
    );
  if (f.outcome) conditions.push(eb("status", "in", outcomeStatuses[f.outcome]));
  if (f.unread !== undefined) conditions.push(f.unread ? eb("readAt", "is", null) : eb("readAt", "is not", null));
  // Due today or overdue, in the owner's day (through the follow-up index of migration 0014).
  if (f.followUpBefore !== undefined) conditions.push(eb("followUpAt", "<", f.followUpBefore));
  // Whose leads (issue 23; "me" was replaced by the signed-in user's id in the route: assigneeFilter).
  // Unassigned is often half the leads or all of them, not one user's share as SQLite's statistics suppose:
  // said so, its counts walk the partial index of migration 0029 (PostgreSQL: likelihood is the identity).
  if (f.assignee === "none") conditions.push(sql<SqlBool>`likelihood(assignee_id is null, 0.5)`);
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
