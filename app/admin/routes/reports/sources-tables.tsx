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
import { ReportTable, type ReportColumn } from "./report-table.tsx";

// The sources report as two tables by the chosen grouping (issue 24, issue 38): where leads come from
// (leads, people, views and the conversion rate, against the period before) and what they bring (qualified,
// won, won value, lead-to-client rate and, by channel or campaign, spend, cost per lead, cost per client and
// return on spend). Every count of leads is a link to exactly those leads in All leads. Rates are honest: a
// conversion rate only with 30 views or more ("—" and the counts otherwise), a rate above 100 % only with
// its note. Money without spend is "—", never $0.

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

/** A row head may be a long campaign or page: it wraps on a phone. */
const rowHeadClass = "max-w-[10rem] break-words sm:max-w-none";

function Table({
  caption,
  first,
  columns,
  rows,
  total,
}: {
  caption: string;
  first: string;
  columns: (ReportColumn<Row> | false)[];
  rows: Row[];
  total: Row;
}) {
  return (
    <ReportTable
      caption={caption}
      first={first}
      columns={columns.filter((column) => column !== false)}
      rows={rows}
      total={total}
      rowHeadClassName={rowHeadClass}
    />
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
        columns={[
          {
            label: "Leads",
            cell: (row) => (
              <>
                <LeadsCount count={row.current.leads} listQuery={row.listQuery} />
                {row.previous && withPrevious && <Change current={row.current.leads} previous={row.previous.leads} />}
              </>
            ),
          },
          { label: "People", cell: (row) => formatCount(row.current.people) },
          hasViews && {
            label: "Views",
            className: "hidden sm:table-cell",
            cell: (row) => (row.current.views === null ? NONE : formatCount(row.current.views)),
          },
          hasViews && { label: "Conversion", cell: (row) => <Conversion figures={row.current} /> },
          withPrevious && {
            label: "Leads before",
            className: "hidden md:table-cell",
            cell: (row) =>
              row.previous ? (
                <LeadsCount
                  count={row.previous.leads}
                  listQuery={row.listQuery}
                  link={{ period: report.previousPeriod }}
                />
              ) : (
                NONE
              ),
          },
        ]}
        rows={rows}
        total={total}
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
        columns={[
          {
            label: "Qualified",
            cell: (row) => (
              <LeadsCount count={row.current.qualified} listQuery={row.listQuery} link={{ outcome: "qualified" }} />
            ),
          },
          {
            label: "Won",
            cell: (row) => <LeadsCount count={row.current.won} listQuery={row.listQuery} link={{ outcome: "won" }} />,
          },
          { label: "Won value", cell: (row) => money(row.current.wonValue) },
          {
            label: "Lead to client",
            cell: (row) => (row.current.clientRate === null ? NONE : formatRate(row.current.clientRate)),
          },
          withSpend && { label: "Spend", cell: (row) => money(row.current.spend) },
          withSpend && { label: "Cost per lead", cell: (row) => money(row.current.costPerLead) },
          withSpend && { label: "Cost per client", cell: (row) => money(row.current.costPerClient) },
          withSpend && { label: "Return on spend", cell: (row) => times(row.current.returnOnSpend) },
        ]}
        rows={rows}
        total={total}
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
