import { Columns3 } from "lucide-react";
import { useId, useState } from "react";
import { cn } from "../../../lib/utils.ts";
import { focusRing } from "../admin-classes.ts";
import { filterButtonClass } from "../inbox-filter-bar.tsx";

// The lists' optional columns (issue 38): channel, assignee and value, each shown when the user chooses it.
// The choice is remembered in this browser (localStorage), for every list.

export const optionalColumns = ["channel", "assignee", "value"] as const;
export type OptionalColumn = (typeof optionalColumns)[number];
export const optionalColumnLabels: Record<OptionalColumn, string> = {
  channel: "Channel",
  assignee: "Assigned to",
  value: "Value",
};

const STORAGE_KEY = "admin.lead-list.columns";

/** The columns chosen before, from localStorage (none when it is unreadable). */
export function readOptionalColumns(stored: string | null): ReadonlySet<OptionalColumn> {
  try {
    const parsed: unknown = JSON.parse(stored ?? "[]");
    return new Set(
      Array.isArray(parsed)
        ? parsed.filter((column): column is OptionalColumn => optionalColumns.includes(column as OptionalColumn))
        : [],
    );
  } catch {
    return new Set();
  }
}

function stored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The chosen columns and a way to change them (written to localStorage as they change). */
export function useOptionalColumns() {
  const [columns, setColumns] = useState(() => readOptionalColumns(stored()));
  const toggle = (column: OptionalColumn, on: boolean) => {
    const next = new Set(columns);
    if (on) next.add(column);
    else next.delete(column);
    setColumns(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(optionalColumns.filter((c) => next.has(c))));
    } catch {
      // Private modes may refuse storage: the choice then lasts as long as the page.
    }
  };
  return { columns, toggle };
}

export function ColumnsChooser({
  columns,
  onToggle,
}: {
  columns: ReadonlySet<OptionalColumn>;
  onToggle: (column: OptionalColumn, on: boolean) => void;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((now) => !now)}
        className={filterButtonClass}
      >
        <Columns3 className="h-4 w-4" aria-hidden="true" />
        Columns
      </button>
      <fieldset
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-20 mt-1 w-52 rounded-md border border-slate-200 bg-white p-3 shadow-md"
      >
        <legend className="sr-only">Show these columns</legend>
        <p aria-hidden="true" className="text-sm font-semibold text-slate-900">
          Show these columns
        </p>
        {optionalColumns.map((column) => (
          <label key={column} className="mt-1 flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={columns.has(column)}
              onChange={(event) => onToggle(column, event.target.checked)}
              className={cn("h-5 w-5 accent-brand-700", focusRing)}
            />
            {optionalColumnLabels[column]}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
