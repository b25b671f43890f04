import { channelLabels, leadChannels, type LeadChannel } from "../../contract/lead-channels.ts";
import type { ReportDimension, SourceFigures, SourcesReport, SourcesRow } from "../../contract/reports.ts";
import type { LeadGroup } from "../repositories/leads/reports.ts";
import type { LeadsRepository } from "../repositories/leads/leads-repository.ts";
import type { PageViews } from "./page-views.ts";
import { weeksOf, type ResolvedPeriod } from "./periods.ts";

// The sources report: a period's leads and people by channel, campaign, landing page, form or week,
// against the period before, with the views of the pages they came from (conversion = leads ÷ views)
// where views say something: a landing page's own views, a form's pages' views, a week's views. A
// channel or campaign has no views of its own (the beacon carries no campaign), so no rate.

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

function figures(group: LeadGroup | undefined, views: number | null): SourceFigures {
  const leads = group?.leads ?? 0;
  return { leads, people: group?.people ?? 0, views, conversionRate: views ? leads / views : null };
}

function sumViews(views: ViewsByPath, paths: Iterable<string | null>): number {
  let sum = 0;
  for (const path of new Set(paths)) if (path !== null) sum += views.get(path)?.views ?? 0;
  return sum;
}

export async function sourcesReport(
  leads: LeadsRepository,
  pageViews: PageViews,
  by: ReportDimension,
  period: ResolvedPeriod,
): Promise<SourcesReport> {
  const { range, previousRange, previousPeriod: previous } = period;
  const weeks = by === "week" ? weeksOf(period.from, period.to, period.timeZone) : [];
  // Weeks have no previous rows, but the totals have a previous period: grouped by channel (any grouping sums alike).
  const [current, before, views, viewsBefore] = await Promise.all([
    leads.reports.groups(by, range, weeks),
    leads.reports.groups(by === "week" ? "channel" : by, previousRange),
    pageViews.byPath(period.from, period.to),
    pageViews.byPath(previous.from, previous.to),
  ]);
  // People count at their first lead of the period (repositories/leads/reports.ts), so the groups add up.
  const sum = (groups: LeadGroup[]): LeadGroup =>
    groups.reduce((total, g) => ({ key: null, leads: total.leads + g.leads, people: total.people + g.people }), {
      key: null,
      leads: 0,
      people: 0,
    });
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
  const rows: SourcesRow[] = keys.map((key) => ({
    key,
    label: labelOf(by, key),
    current: figures(currentByKey.get(key), viewsOf(key, now)),
    previous: by === "week" ? null : figures(beforeByKey.get(key), viewsOf(key, then)),
  }));
  if (by !== "week")
    rows.sort(
      (a, b) =>
        b.current.leads - a.current.leads ||
        (b.previous?.leads ?? 0) - (a.previous?.leads ?? 0) ||
        a.label.localeCompare(b.label),
    );

  const { range: _range, previousRange: _previousRange, ...shown } = period;
  return {
    ...shown,
    by,
    rows,
    totals: { current: figures(sum(current), allViews(views)), previous: figures(sum(before), allViews(viewsBefore)) },
  };
}
