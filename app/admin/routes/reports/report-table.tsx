import type { ReactNode } from "react";
import { cn } from "../../../lib/utils.ts";

// The reports' one table (issue 24, issue 38): the sources and speed tables of /admin/reports and the
// text twins of its charts. A caption, a header row, a row head per row (th scope=row), figure cells
// right-aligned, and an optional total row in the footer, in a box that scrolls sideways on a narrow phone.

/** One column after the row heads: its header, its cell per row, and classes for both (say, "hidden sm:table-cell"). */
export type ReportColumn<R> = {
  label: string;
  cell: (row: R) => ReactNode;
  /** On the header and every cell: e.g. shown from a width on. */
  className?: string;
  /** Text columns read left-aligned; figures right-aligned (the default). */
  align?: "left" | "right";
};

export type ReportRow = { key: string; label: ReactNode };

/** "report": a section's table (visible caption, roomier cells); "chart": a chart's table (its figure names it). */
type Density = "report" | "chart";

const pad: Record<Density, string> = { report: "px-3 py-2", chart: "px-2 py-1" };

export function ReportTable<R extends ReportRow>({
  caption,
  first,
  columns,
  rows,
  total,
  density = "report",
  rowHeadClassName,
  className = "mt-4",
}: {
  caption: string;
  /** The row heads' column header ("Week of", "Channel"). */
  first: string;
  columns: ReportColumn<R>[];
  rows: R[];
  /** The footer's row (a Total), read by the same columns. */
  total?: R | undefined;
  density?: Density;
  rowHeadClassName?: string;
  /** The box's classes (its margin). */
  className?: string;
}) {
  const cellClass = (column: ReportColumn<R>) =>
    cn(pad[density], column.align === "left" ? "text-left" : "text-right tabular-nums", column.className);
  const cells = (row: R) =>
    columns.map((column) => (
      <td key={column.label} className={cellClass(column)}>
        {column.cell(row)}
      </td>
    ));
  return (
    // relative: the cells' screen-reader notes (sr-only, absolute) are clipped by this box, not laid out past
    // the page's edge (a sideways scroll at 390 px with a long campaign name); a narrow phone scrolls the
    // table, not the page.
    <div className={cn("relative overflow-x-auto", className)}>
      <table className={cn("w-full border-collapse", density === "report" ? "text-sm sm:text-base" : "text-sm")}>
        <caption className={density === "report" ? "mb-2 text-left font-semibold text-slate-900" : "sr-only"}>
          {caption}
        </caption>
        <thead className="border-b border-slate-300 text-slate-900">
          <tr>
            <th scope="col" className={cn(pad[density], "text-left font-semibold")}>
              {first}
            </th>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn(
                  pad[density],
                  "font-semibold",
                  column.align === "left" ? "text-left" : "text-right",
                  column.className,
                )}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-900">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={cn(pad[density], "text-left font-normal", rowHeadClassName)}>
                {row.label}
              </th>
              {cells(row)}
            </tr>
          ))}
        </tbody>
        {total && (
          <tfoot className="border-t-2 border-slate-300 font-semibold text-slate-900">
            <tr>
              <th scope="row" className={cn(pad[density], "text-left")}>
                {total.label}
              </th>
              {cells(total)}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
