import { useEffect, useRef } from "react";
import { BULK_LIMIT } from "../../../../contract/lead-triage.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/utils.ts";
import type { InboxFilters, ListKind } from "../../inbox-filters.ts";
import { focusRing } from "../admin-classes.ts";
import { BulkBar, leadsText, type BulkSelection } from "../bulk-bar.tsx";
import { formatCount } from "../lead-format.ts";

// The bar above a list's rows: "Select all on this page", then every match (up to BULK_LIMIT), what is
// selected and the bulk actions (bulk-bar.tsx).

export function SelectionBar({
  kind,
  filters,
  selection,
  selectedCount,
  pageCount,
  total,
  capped,
  onSelectPage,
  onSelectAllMatching,
  onClear,
}: {
  kind: ListKind;
  filters: InboxFilters;
  selection: BulkSelection | null;
  /** The selected leads among those shown. */
  selectedCount: number;
  /** The leads shown (the loaded pages). */
  pageCount: number;
  total: number;
  capped: boolean;
  onSelectPage: (on: boolean) => void;
  onSelectAllMatching: () => void;
  onClear: () => void;
}) {
  const selectAllRef = useRef<HTMLInputElement>(null);
  const allMatching = selection !== null && "allMatching" in selection;
  const pageAllSelected = pageCount > 0 && selectedCount === pageCount;
  const canSelectAllMatching = pageAllSelected && !allMatching && total > pageCount && total <= BULK_LIMIT && !capped;

  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = selectedCount > 0 && !pageAllSelected;
  });

  return (
    // With a selection the bar stays at the top of the window while the list scrolls (a phone's long stack of cards).
    <div
      className={cn(
        "mt-4 flex min-h-10 flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2",
        selection && "sticky top-0 z-10 shadow-sm",
      )}
    >
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 md:min-h-0">
        <input
          ref={selectAllRef}
          type="checkbox"
          checked={pageAllSelected}
          onChange={(event) => onSelectPage(event.target.checked)}
          className={cn("h-5 w-5 accent-brand-700 md:h-4 md:w-4", focusRing)}
        />
        Select all on this page
      </label>
      {selection && (
        <p className="text-sm text-slate-800" aria-live="polite">
          {allMatching ? `All ${leadsText(total)} matching are selected.` : `${formatCount(selectedCount)} selected.`}
        </p>
      )}
      {canSelectAllMatching && (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          className="h-auto px-1 text-brand-700 underline underline-offset-4"
          onClick={onSelectAllMatching}
        >
          Select all {leadsText(total)} matching
        </Button>
      )}
      {pageAllSelected && !allMatching && total > pageCount && !canSelectAllMatching && (
        <p className="text-sm text-slate-700">
          At most {formatCount(BULK_LIMIT)} leads change at once: narrow the filters to select every match.
        </p>
      )}
      {selection && (
        <>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="h-auto px-1 text-brand-700 underline underline-offset-4"
            onClick={onClear}
          >
            Clear selection
          </Button>
          <BulkBar kind={kind} filters={filters} selection={selection} onDone={onClear} />
        </>
      )}
    </div>
  );
}
