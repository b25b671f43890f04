import { ArrowDown, ArrowUp } from "lucide-react";
import type { LeadSort } from "../../../../contract/lead-filters.ts";
import { cn } from "../../../lib/utils.ts";
import { defaultSortOf, type InboxFilters } from "../../inbox-filters.ts";
import { focusRing } from "../admin-classes.ts";
import type { ListColumns } from "./lead-row.tsx";
import { optionalColumnLabels, optionalColumns } from "./optional-columns.tsx";

// The list's column headings (from md on; a phone's cards have none). Name, Received and Reply by sort
// the list when clicked, and say which order is in use (aria-sort).

function SortHeader({
  label,
  active,
  direction,
  onClick,
  className,
}: {
  label: string;
  active: boolean;
  direction: "ascending" | "descending";
  onClick: () => void;
  className?: string;
}) {
  const Arrow = direction === "ascending" ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? direction : undefined} className={cn("px-3 py-2", className)}>
      <button
        type="button"
        onClick={onClick}
        className={cn("inline-flex items-center gap-1 rounded-sm font-semibold hover:text-brand-900", focusRing)}
      >
        {label}
        <Arrow className={cn("h-4 w-4", active ? "opacity-100" : "opacity-0")} aria-hidden="true" />
      </button>
    </th>
  );
}

export function LeadTableHead({
  columns,
  filters,
  onSort,
}: {
  columns: ListColumns;
  filters: InboxFilters;
  onSort: (sort: LeadSort) => void;
}) {
  const { kind, combined, inquiries, spamView, optional } = columns;
  const defaultSort = defaultSortOf(kind);
  return (
    <thead className="hidden border-b border-slate-300 text-slate-800 md:table-header-group">
      <tr>
        <th scope="col" className="w-10 px-3 py-2">
          <span className="sr-only">Selected</span>
        </th>
        <SortHeader
          label="Name"
          active={filters.sort === "name"}
          direction="ascending"
          onClick={() => onSort(filters.sort === "name" ? defaultSort : "name")}
        />
        {combined && (
          <th scope="col" className="px-3 py-2">
            Kind
          </th>
        )}
        <th scope="col" className="px-3 py-2">
          {combined ? "Asked for" : inquiries ? "Service" : "Products"}
        </th>
        {inquiries && (
          <th scope="col" className="px-3 py-2">
            Message
          </th>
        )}
        <th scope="col" className="px-3 py-2">
          Phone
        </th>
        <th scope="col" className="px-3 py-2">
          Source
        </th>
        <SortHeader
          label="Received"
          active={filters.sort === "newest" || filters.sort === "oldest"}
          direction={filters.sort === "oldest" ? "ascending" : "descending"}
          onClick={() => onSort(filters.sort === "newest" ? "oldest" : "newest")}
        />
        {!spamView && (
          <SortHeader
            label="Reply by"
            active={filters.sort === "deadline"}
            direction="ascending"
            onClick={() => onSort("deadline")}
          />
        )}
        {optionalColumns
          .filter((column) => optional.has(column))
          .map((column) => (
            <th key={column} scope="col" className={cn("px-3 py-2", column === "value" && "text-right")}>
              {optionalColumnLabels[column]}
            </th>
          ))}
        <th scope="col" className="px-3 py-2">
          Status
        </th>
        {spamView && (
          <th scope="col" className="px-3 py-2">
            Spam reason
          </th>
        )}
        {spamView && (
          <th scope="col" className="px-3 py-2">
            <span className="sr-only">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
