import { channelLabels, leadChannels, type LeadChannel } from "../../contract/lead-channels.ts";
import { NONE_FILTER } from "../../contract/lead-filters.ts";
import { BUSINESS_CURRENCY, fromCents } from "../../contract/money.ts";
import {
  MIN_VIEWS_FOR_RATE,
  type ConversionNote,
  type ReportDimension,
  type SourceFigures,
  type SourcesReport,
  type SourcesRow,
} from "../../contract/reports.ts";
import { emptyGroup, type LeadGroup } from "../repositories/leads/reports.ts";
import type { SpendCents } from "../repositories/spend-repository.ts";
import type { LeadsRepository } from "../repositories/leads/leads-repository.ts";
import type { PageViews } from "./page-views.ts";
import { weeksOf, type ResolvedPeriod } from "./periods.ts";

// The sources report: a period's leads and people by channel, campaign, landing page, form or week,
// against the period before, with the views of the pages they came from (conversion = leads ÷ views)
// where views say something: a landing page's own views, a form's pages' views, a week's views. A
// channel or campaign has no views of its own (the beacon carries no campaign), so no rate.
// Issue 38: each row's outcomes (qualified, won, won value, lead-to-client rate), its share of the spend
// entered (channels and campaigns; contract/spend.ts) and what follows from it; every row carries the lead
// list's query of its leads, so a figure opens exactly the leads it counts.

type ViewsByPath = Map<string, { views: number; entrances: number }>;

const weekLabel = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

function labelOf(by: ReportDimension, key: string | null): string {
  if (by === "channel") return channelLabels[key as LeadChannel] ?? key ?? "Direct";
  if (by === "week") return `Week of ${weekLabel.format(new Date(`${key}T00:00:00Z`))}`;
  if (key !== null) return key;
  return { campaign: "(no campaign)", landing: "(not recorded)", form: "(no form name)" }[by];
}

/** A rate of leads to views, only where the views say something (contract/reports.ts MIN_VIEWS_FOR_RATE). */
function conversion(
  leads: number,
  views: number | null,
): { conversionRate: number | null; conversionNote: ConversionNote | null } {
  if (views === null) return { conversionRate: null, conversionNote: null };
  if (views < MIN_VIEWS_FOR_RATE) return { conversionRate: null, conversionNote: "few-views" };
  const rate = leads / views;
  return { conversionRate: rate, conversionNote: rate > 1 ? "more-leads-than-views" : null };
}

/** a ÷ b, or null when either is missing or b is 0 ("—", never 0 or infinity). */
const ratio = (a: number | null, b: number | null): number | null =>
  a === null || b === null || b === 0 ? null : a / b;
/** Currency units rounded to cents. */
const money = (cents: number): number => fromCents(Math.round(cents));

function figures(group: LeadGroup | undefined, views: number | null, spendCents: number | null): SourceFigures {
  const g = group ?? emptyGroup(null);
  const wonValue = g.valued > 0 ? money(g.wonValueCents) : null;
  const spend = spendCents === null ? null : money(spendCents);
  return {
    leads: g.leads,
    people: g.people,
    views,
    ...conversion(g.leads, views),
    qualified: g.qualified,
    won: g.won,
    wonValue,
    clientRate: ratio(g.won, g.leads),
    spend,
    costPerLead: ratio(spend, g.leads),
    costPerClient: ratio(spend, g.won),
    returnOnSpend: ratio(wonValue, spend),
  };
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * The period's share of each spend line, in cents: a month's amount spread evenly over its days, so
 * from..to carries (its days in the month ÷ the month's days) of it. Answers the lines that meet the period.
 */
function spendShares(lines: readonly SpendCents[], from: string, to: string): (SpendCents & { share: number })[] {
  const first = dayNumber(from);
  const last = dayNumber(to);
  return lines.flatMap((line) => {
    const [year, month] = line.month.split("-").map(Number) as [number, number];
    const monthFirst = Date.UTC(year, month - 1, 1) / DAY_MS;
    const monthLast = Date.UTC(year, month, 0) / DAY_MS;
    const days = Math.min(last, monthLast) - Math.max(first, monthFirst) + 1;
    return days > 0 ? [{ ...line, share: (line.cents * days) / (monthLast - monthFirst + 1) }] : [];
  });
}

/** The spend of a row (null: none entered for it); rows by landing page, form or week have none. */
function spendOf(
  by: ReportDimension,
  key: string | null,
  shares: readonly (SpendCents & { share: number })[],
): number | null {
  const matching =
    by === "channel"
      ? shares.filter((line) => line.channel === key)
      : by === "campaign" && key !== null
        ? shares.filter((line) => line.campaign === key)
        : [];
  return matching.length === 0 ? null : matching.reduce((sum, line) => sum + line.share, 0);
}
const totalSpend = (shares: readonly { share: number }[]): number | null =>
  shares.length === 0 ? null : shares.reduce((sum, line) => sum + line.share, 0);

/** The lead list's query of a row's leads (contract/reports.ts SourcesRow.listQuery). */
function listQueryOf(
  by: ReportDimension,
  key: string | null,
  from: string,
  to: string,
  weekDays?: [string, string],
): string {
  const [first, last] = weekDays ?? [from, to];
  const params = new URLSearchParams({ view: "inbox", from: first, to: last });
  if (by === "channel" && key !== null) params.set("channel", key);
  if (by === "campaign") params.set("campaign", key ?? NONE_FILTER);
  if (by === "landing") params.set("landingPath", key ?? NONE_FILTER);
  if (by === "form") params.set("form", key ?? NONE_FILTER);
  return params.toString();
}

function sumViews(views: ViewsByPath, paths: Iterable<string | null>): number {
  let sum = 0;
  for (const path of new Set(paths)) if (path !== null) sum += views.get(path)?.views ?? 0;
  return sum;
}

export async function sourcesReport(
  leads: LeadsRepository,
  pageViews: PageViews,
  spend: { months(fromMonth: string, toMonth: string): Promise<SpendCents[]> },
  by: ReportDimension,
  period: ResolvedPeriod,
): Promise<SourcesReport> {
  const { range, previousRange, previousPeriod: previous } = period;
  const weeks = by === "week" ? weeksOf(period.from, period.to, period.timeZone) : [];
  // Weeks have no previous rows, but the totals have a previous period: grouped by channel (any grouping sums alike).
  const [current, before, views, viewsBefore, spendLines] = await Promise.all([
    leads.reports.groups(by, range, weeks),
    leads.reports.groups(by === "week" ? "channel" : by, previousRange),
    pageViews.byPath(period.from, period.to),
    pageViews.byPath(previous.from, previous.to),
    spend.months(previous.from.slice(0, 7), period.to.slice(0, 7)),
  ]);
  const spendNow = spendShares(spendLines, period.from, period.to);
  const spendThen = spendShares(spendLines, previous.from, previous.to);
  // People count at their first lead of the period (repositories/leads/reports.ts), so the groups add up.
  const sum = (groups: LeadGroup[]): LeadGroup =>
    groups.reduce(
      (total, g) => ({
        ...total,
        leads: total.leads + g.leads,
        people: total.people + g.people,
        qualified: total.qualified + g.qualified,
        won: total.won + g.won,
        wonValueCents: total.wonValueCents + g.wonValueCents,
        valued: total.valued + g.valued,
      }),
      emptyGroup(null),
    );
  const allViews = (byPath: ViewsByPath) => [...byPath.values()].reduce((sum, { views }) => sum + views, 0);

  // The views each row's key stands for, in the period and the one before (null: none that mean anything).
  type Side = { byPath: ViewsByPath; groups: LeadGroup[] };
  const now: Side = { byPath: views, groups: current };
  const then: Side = { byPath: viewsBefore, groups: before };
  let viewsOf: (key: string | null, side: Side) => number | null = () => null;
  if (by === "landing") viewsOf = (key, side) => (key === null ? null : (side.byPath.get(key)?.views ?? 0));
  if (by === "form")
    viewsOf = (key, side) =>
      key === null ? null : sumViews(side.byPath, side.groups.find((group) => group.key === key)?.pages ?? []);
  if (by === "week") {
    const byDay = await pageViews.byDay(period.from, period.to);
    const weekViews = new Map(
      weeks.map((week) => [
        week.key,
        [...byDay].filter(([day]) => day >= week.days[0] && day <= week.days[1]).reduce((sum, [, n]) => sum + n, 0),
      ]),
    );
    viewsOf = (key) => (key === null ? null : (weekViews.get(key) ?? 0));
  }

  const keyOf = (group: LeadGroup) => group.key;
  const currentByKey = new Map(current.map((group) => [keyOf(group), group]));
  const beforeByKey = new Map(by === "week" ? [] : before.map((group) => [keyOf(group), group]));
  // Every channel is listed, and every week of the period; other keys when they had leads in either period.
  const keys: (string | null)[] =
    by === "channel"
      ? [...leadChannels]
      : by === "week"
        ? weeks.map((week) => week.key)
        : [...new Set([...currentByKey.keys(), ...beforeByKey.keys()])];
  const weekDays = new Map(weeks.map((week) => [week.key, week.days]));
  const rows: SourcesRow[] = keys.map((key) => {
    const group = currentByKey.get(key);
    const row: SourcesRow = {
      key,
      label: labelOf(by, key),
      current: figures(group, viewsOf(key, now), spendOf(by, key, spendNow)),
      previous: by === "week" ? null : figures(beforeByKey.get(key), viewsOf(key, then), spendOf(by, key, spendThen)),
      listQuery: listQueryOf(by, key, period.from, period.to, key === null ? undefined : weekDays.get(key)),
    };
    if (by === "week")
      row.byChannel = leadChannels.map((channel) => ({
        channel,
        leads: group?.byChannel?.get(channel)?.leads ?? 0,
        won: group?.byChannel?.get(channel)?.won ?? 0,
      }));
    return row;
  });
  if (by !== "week")
    rows.sort(
      (a, b) =>
        b.current.leads - a.current.leads ||
        (b.previous?.leads ?? 0) - (a.previous?.leads ?? 0) ||
        a.label.localeCompare(b.label),
    );

  const { range: _range, previousRange: _previousRange, ...shown } = period;
  const totals = {
    current: figures(sum(current), allViews(views), totalSpend(spendNow)),
    previous: figures(sum(before), allViews(viewsBefore), totalSpend(spendThen)),
  };
  const { leads: leadCount, qualified, won } = totals.current;
  return {
    ...shown,
    by,
    currency: BUSINESS_CURRENCY,
    rows,
    totals,
    funnel: { views: totals.current.views ?? 0, leads: leadCount, qualified, won },
  };
}
