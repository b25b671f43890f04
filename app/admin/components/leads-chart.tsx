import type { AdminStats } from "../../../contract/admin-leads.ts";

// Leads per week over the last 12 weeks, one bar per kind: an inline SVG that screen readers get as
// one summarising label, with the numbers in a visually hidden table.

const WIDTH = 640;
const HEIGHT = 240;
const PLOT = { left: 36, right: 8, top: 12, bottom: 40 };
const BAR_GAP = 3;

function weekLabel(weekStart: string): string {
  const date = new Date(`${weekStart}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return weekStart;
  return date.toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone: "UTC" });
}

type Row = { weekStart: string; contacts: number; inquiries: number };

function rows(stats: AdminStats): Row[] {
  const inquiries = new Map(stats.inquiries.perWeek.map((week) => [week.weekStart, week.count]));
  const weeks = stats.contacts.perWeek.length > 0 ? stats.contacts.perWeek : stats.inquiries.perWeek.map((w) => ({ ...w, count: 0 }));
  const contacts = new Map(stats.contacts.perWeek.map((week) => [week.weekStart, week.count]));
  return weeks.map((week) => ({
    weekStart: week.weekStart,
    contacts: contacts.get(week.weekStart) ?? 0,
    inquiries: inquiries.get(week.weekStart) ?? 0,
  }));
}

function summary(data: Row[]): string {
  const describe = (name: string, pick: (row: Row) => number) => {
    const total = data.reduce((sum, row) => sum + pick(row), 0);
    if (total === 0) return `${name}: none`;
    const busiest = data.reduce((best, row) => (pick(row) > pick(best) ? row : best));
    return `${name}: ${total} in total, most (${pick(busiest)}) in the week of ${weekLabel(busiest.weekStart)}`;
  };
  return `Bar chart of leads per week over the last ${data.length} weeks. ${describe("Contact forms", (r) => r.contacts)}. ${describe(
    "Service inquiries",
    (r) => r.inquiries,
  )}.`;
}

export function LeadsChart({ stats }: { stats: AdminStats }) {
  const data = rows(stats);
  const max = Math.max(1, ...data.map((row) => Math.max(row.contacts, row.inquiries)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const group = plotWidth / Math.max(1, data.length);
  const barWidth = Math.max(2, (group - 4 * BAR_GAP) / 2);
  const y = (count: number) => PLOT.top + plotHeight - (count / max) * plotHeight;
  const baseline = PLOT.top + plotHeight;

  return (
    <figure>
      <svg role="img" aria-label={summary(data)} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-3xl">
        {[0, max].map((tick) => (
          <g key={tick}>
            <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-300" strokeWidth={1} />
            <text x={PLOT.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-slate-700 text-[11px]">
              {tick}
            </text>
          </g>
        ))}
        {data.map((row, i) => {
          const x = PLOT.left + i * group + BAR_GAP;
          return (
            <g key={row.weekStart}>
              <rect x={x} y={y(row.contacts)} width={barWidth} height={baseline - y(row.contacts)} className="fill-brand-700" />
              <rect
                x={x + barWidth + BAR_GAP}
                y={y(row.inquiries)}
                width={barWidth}
                height={baseline - y(row.inquiries)}
                className="fill-teal-700"
              />
              {i % 2 === 0 && (
                <text x={x + barWidth} y={HEIGHT - PLOT.bottom + 18} textAnchor="middle" className="fill-slate-700 text-[11px]">
                  {weekLabel(row.weekStart)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-slate-800">
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 bg-brand-700" /> Contact forms
        </span>
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 bg-teal-700" /> Service inquiries
        </span>
        <span className="text-slate-700">Weeks start on Monday (UTC); spam is not counted.</span>
      </figcaption>
      <table className="sr-only">
        <caption>Leads per week</caption>
        <thead>
          <tr>
            <th scope="col">Week starting</th>
            <th scope="col">Contact forms</th>
            <th scope="col">Service inquiries</th>
          </tr>
        </thead>
        <tbody>
          {data.map((row) => (
            <tr key={row.weekStart}>
              <th scope="row">{weekLabel(row.weekStart)}</th>
              <td>{row.contacts}</td>
              <td>{row.inquiries}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
