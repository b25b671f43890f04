import { Link } from "react-router";
import {
  conversionNoteTexts,
  reportDimensionLabels,
  type ConversionNote,
  type SourceFigures,
  type SourcesReport,
} from "../../../../contract/reports.ts";
import { formatAmount } from "../../../../contract/money.ts";
import { leadFormLabel } from "../../../config/lead-form-names.ts";
import { cn } from "../../../lib/utils.ts";
import { linkClass } from "../../components/admin-classes.ts";
import { formatCount } from "../../components/lead-format.ts";
import { formatChange, formatRate } from "../../components/report-format.ts";
import { useIsOwner } from "../../components/owner-only.tsx";
import { leadsHref, periodQuery, type LeadsLink } from "./report-links.ts";

// The sources report as two tables by the chosen grouping (issue 24, issue 38): where leads come from
// (leads, people, views and the conversion rate, against the period before) and what they bring (qualified,
// won, won value, lead-to-client rate and, by channel or campaign, spend, cost per lead, cost per client and
// return on spend). Every count of leads is a link to exactly those leads in All leads. Rates are honest: a
// conversion rate only with 30 views or more ("—" and the counts otherwise), a rate above 100 % only with
// its note. Money without spend is "—", never $0.

const cellClass = "px-3 py-2 text-right tabular-nums";
const headClass = "px-3 py-2 text-right font-semibold";
/** A missing figure: no spend entered, too few views, nothing to divide by. */
const NONE = "—";

const noteMarks: Record<ConversionNote, string> = { "few-views": "*", "more-leads-than-views": "†" };

function Change({ current, previous }: { current: number; previous: number }) {
  const text = formatChange(current, previous);
  return (
    <span
      className={cn(
        "ml-1 text-xs font-semibold",
        current > previous ? "text-green-800" : current < previous ? "text-red-800" : "text-slate-600",
      )}
    >
      ({text})
    </span>
  );
}

/** A count that opens its leads (a zero opens nothing). */
function LeadsCount({ count, listQuery, link }: { count: number; listQuery: string; link?: LeadsLink }) {
  if (count === 0) return <>0</>;
  return (
    <Link to={leadsHref(listQuery, link)} className={linkClass}>
      {formatCount(count)}
    </Link>
  );
}

/** The conversion rate, or "—"; with its note's mark when it has one. */
function Conversion({ figures }: { figures: SourceFigures }) {
  const note = figures.conversionNote;
  const text = figures.conversionRate === null ? NONE : formatRate(figures.conversionRate);
  if (!note) return <>{text}</>;
  return (
    <span title={conversionNoteTexts[note]}>
      {text}
      <span aria-hidden="true">{noteMarks[note]}</span>
      <span className="sr-only"> ({conversionNoteTexts[note]})</span>
    </span>
  );
}

const money = (amount: number | null) => (amount === null ? NONE : formatAmount(amount));
const times = (ratio: number | null) => (ratio === null ? NONE : `${ratio.toFixed(ratio < 10 ? 1 : 0)}×`);

type Row = { key: string; label: string; current: SourceFigures; previous: SourceFigures | null; listQuery: string };

function rowsOf(report: SourcesReport): Row[] {
  return report.rows.map((row) => ({
    key: row.key ?? "none",
    label: (report.by === "form" && leadFormLabel(row.key)) || row.label,
    current: row.current,
    previous: row.previous,
    listQuery: row.listQuery,
  }));
}

export function SourcesTables({ report }: { report: SourcesReport }) {
  if (report.rows.length === 0)
    return <p className="mt-4 text-slate-800">No leads in this period or the one before.</p>;
  const rows = rowsOf(report);
  const total: Row = {
    key: "total",
    label: "Total",
    current: report.totals.current,
    previous: report.totals.previous,
    listQuery: periodQuery(report),
  };
  return (
    <>
      <LeadsTable report={report} rows={rows} total={total} />
      <OutcomesTable report={report} rows={rows} total={total} />
    </>
  );
}

function Table({
  caption,
  first,
  heads,
  rows,
  total,
  cells,
}: {
  caption: string;
  first: string;
  heads: { label: string; className?: string }[];
  rows: Row[];
  total: Row;
  cells: (row: Row) => React.ReactNode;
}) {
  return (
    // relative: the cells' screen-reader notes (sr-only, absolute) are clipped by this box, not laid out past
    // the page's edge (a sideways scroll at 390 px with a long campaign name).
    <div className="relative mt-4 overflow-x-auto">
      <table className="w-full border-collapse text-sm sm:text-base">
        <caption className="mb-2 text-left font-semibold text-slate-900">{caption}</caption>
        <thead className="border-b border-slate-300 text-slate-900">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {first}
            </th>
            {heads.map((head) => (
              <th key={head.label} scope="col" className={cn(headClass, head.className)}>
                {head.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-900">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="max-w-[10rem] break-words px-3 py-2 text-left font-normal sm:max-w-none">
                {row.label}
              </th>
              {cells(row)}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold text-slate-900">
          <tr>
            <th scope="row" className="px-3 py-2 text-left">
              {total.label}
            </th>
            {cells(total)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function LeadsTable({ report, rows, total }: { report: SourcesReport; rows: Row[]; total: Row }) {
  const hasViews = [...rows, total].some((row) => row.current.views !== null);
  const withPrevious = report.by !== "week";
  const notes = new Set(
    [...rows, total].map((row) => row.current.conversionNote).filter((note): note is ConversionNote => note !== null),
  );
  return (
    <>
      <Table
        caption={`Leads by ${reportDimensionLabels[report.by].toLowerCase()}, ${report.from} to ${report.to}`}
        first={reportDimensionLabels[report.by]}
        heads={[
          { label: "Leads" },
          { label: "People" },
          ...(hasViews ? [{ label: "Views", className: "hidden sm:table-cell" }, { label: "Conversion" }] : []),
          ...(withPrevious ? [{ label: "Leads before", className: "hidden md:table-cell" }] : []),
        ]}
        rows={rows}
        total={total}
        cells={(row) => (
          <>
            <td className={cellClass}>
              <LeadsCount count={row.current.leads} listQuery={row.listQuery} />
              {row.previous && withPrevious && <Change current={row.current.leads} previous={row.previous.leads} />}
            </td>
            <td className={cellClass}>{formatCount(row.current.people)}</td>
            {hasViews && (
              <td className={cn(cellClass, "hidden sm:table-cell")}>
                {row.current.views === null ? NONE : formatCount(row.current.views)}
              </td>
            )}
            {hasViews && (
              <td className={cellClass}>
                <Conversion figures={row.current} />
              </td>
            )}
            {withPrevious && (
              <td className={cn(cellClass, "hidden md:table-cell")}>
                {row.previous ? (
                  <LeadsCount
                    count={row.previous.leads}
                    listQuery={row.listQuery}
                    link={{ period: report.previousPeriod }}
                  />
                ) : (
                  NONE
                )}
              </td>
            )}
          </>
        )}
      />
      {notes.size > 0 && (
        <ul className="mt-2 text-sm text-slate-700">
          {[...notes].map((note) => (
            <li key={note}>
              <span aria-hidden="true">{noteMarks[note]} </span>
              {conversionNoteTexts[note]}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function OutcomesTable({ report, rows, total }: { report: SourcesReport; rows: Row[]; total: Row }) {
  // Spend is entered per channel or campaign: the other groupings have none to show.
  const withSpend = report.by === "channel" || report.by === "campaign";
  const owner = useIsOwner();
  return (
    <>
      <Table
        caption={`Clients and money by ${reportDimensionLabels[report.by].toLowerCase()}, ${report.from} to ${report.to}`}
        first={reportDimensionLabels[report.by]}
        heads={[
          { label: "Qualified" },
          { label: "Won" },
          { label: "Won value" },
          { label: "Lead to client" },
          ...(withSpend
            ? [
                { label: "Spend" },
                { label: "Cost per lead" },
                { label: "Cost per client" },
                { label: "Return on spend" },
              ]
            : []),
        ]}
        rows={rows}
        total={total}
        cells={(row) => (
          <>
            <td className={cellClass}>
              <LeadsCount count={row.current.qualified} listQuery={row.listQuery} link={{ outcome: "qualified" }} />
            </td>
            <td className={cellClass}>
              <LeadsCount count={row.current.won} listQuery={row.listQuery} link={{ outcome: "won" }} />
            </td>
            <td className={cellClass}>{money(row.current.wonValue)}</td>
            <td className={cellClass}>{row.current.clientRate === null ? NONE : formatRate(row.current.clientRate)}</td>
            {withSpend && (
              <>
                <td className={cellClass}>{money(row.current.spend)}</td>
                <td className={cellClass}>{money(row.current.costPerLead)}</td>
                <td className={cellClass}>{money(row.current.costPerClient)}</td>
                <td className={cellClass}>{times(row.current.returnOnSpend)}</td>
              </>
            )}
          </>
        )}
      />
      <p className="mt-2 max-w-3xl text-sm text-slate-700">
        Qualified counts the won leads too; won value adds up the values given when leads were marked Won.
        {withSpend ? (
          <>
            {" "}
            Cost and return need the month&apos;s spend: “—” where none was entered. Return on spend is won value ÷
            spend.{" "}
            <Link to="/admin/reports/spend" className={linkClass}>
              {owner ? "Enter what each channel cost" : "What each channel cost"}
            </Link>
          </>
        ) : (
          " Spend is entered per channel or campaign: group by one of them to see cost per lead and per client."
        )}
      </p>
    </>
  );
}
