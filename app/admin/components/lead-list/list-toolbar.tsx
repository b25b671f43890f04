import { useId } from "react";
import type { LeadSort } from "../../../../contract/lead-filters.ts";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/utils.ts";
import { exportUrl } from "../../api/lead-export.ts";
import { defaultSortOf, type InboxFilters, type ListKind } from "../../inbox-filters.ts";
import { selectClass } from "../admin-classes.ts";
import { formatCount } from "../lead-format.ts";
import { useIsOwner } from "../owner-only.tsx";
import { ColumnsChooser, type OptionalColumn } from "./optional-columns.tsx";

// Above a list of leads: how many match (the list's name for the screen reader), the "Sort by" menu with a
// word on the deadline order, the optional columns, and the owner's CSV export of the list as filtered
// (every list, All leads included: issue 38).

/** The orders, by their names in the "Sort by" menu; the list's own default says so. */
const sortLabels: Record<LeadSort, string> = {
  deadline: "Reply deadline",
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name (A to Z)",
};

export function ListToolbar({
  kind,
  filters,
  captionId,
  total,
  capped,
  onSort,
  columns,
  onToggleColumn,
}: {
  kind: ListKind;
  filters: InboxFilters;
  /** The count's id: the list's section is labelled by it. */
  captionId: string;
  /** How many leads match; `capped`: at least that many (a capped count). */
  total: number;
  capped: boolean;
  onSort: (sort: LeadSort) => void;
  columns: ReadonlySet<OptionalColumn>;
  onToggleColumn: (column: OptionalColumn, on: boolean) => void;
}) {
  const sortId = useId();
  const sortHintId = useId();
  const owner = useIsOwner();
  const combined = kind === "all";
  const defaultSort = defaultSortOf(kind);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={captionId} className="text-lg font-semibold text-slate-900" aria-live="polite">
          {formatCount(total, capped)} {total === 1 && !capped ? "lead" : "leads"}
        </p>
        <div className="flex flex-wrap items-center gap-2 sm:gap-3">
          <div className="flex items-center gap-2">
            <label htmlFor={sortId} className="text-sm font-medium text-slate-800">
              Sort by
            </label>
            <select
              id={sortId}
              value={filters.sort}
              onChange={(event) => onSort(event.target.value as LeadSort)}
              aria-describedby={filters.sort === "deadline" ? sortHintId : undefined}
              className={cn(selectClass, "max-w-48 sm:max-w-none")}
            >
              {(combined
                ? (["deadline", "newest", "oldest", "name"] as const)
                : (["newest", "oldest", "name", "deadline"] as const)
              ).map((sort) => (
                <option key={sort} value={sort}>
                  {sortLabels[sort]}
                  {sort === defaultSort ? " (default)" : ""}
                </option>
              ))}
            </select>
          </div>
          <ColumnsChooser columns={columns} onToggle={onToggleColumn} />
          {owner && (
            <a
              href={exportUrl(kind, filters)}
              download
              className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
            >
              Export CSV
            </a>
          )}
        </div>
      </div>
      {filters.sort === "deadline" && (
        // Its screen reader's description everywhere; on a phone not shown, so the list starts above the fold.
        <p id={sortHintId} className="sr-only text-sm text-slate-700 sm:not-sr-only sm:mt-2">
          Leads waiting for a reply come first, the most overdue at the top; answered leads follow, newest first.
        </p>
      )}
    </>
  );
}
