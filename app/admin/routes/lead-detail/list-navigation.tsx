import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { LeadKind, LeadRef } from "../../../../contract/admin-leads.ts";
import { cn } from "../../../lib/utils.ts";
import { neighboursQuery, type Neighbours } from "../../api/lead-neighbours.ts";
import { focusRing, linkClass } from "../../components/admin-classes.ts";
import type { ListSource } from "./list-source.ts";

// The top of a lead's page: Back to the list it was opened from, Previous/Next lead in that list's order
// (also j/k, and where `e` goes on), and the keyboard shortcuts' help.

/** The pages of the previous and next lead (null: none, or not known yet). */
export type NeighbourPaths = { previous: string | null; next: string | null };

/**
 * Previous and next lead in the order of the list the lead was opened from (refs from the server).
 * `whenKnown` waits for the server's answer: a key pressed while it loads (a slow connection, or j
 * pressed again at once on the next lead) acts on it instead of being lost. It resolves null when the
 * page has gone meanwhile, and no neighbours when the answer failed.
 */
export function useNeighbours(kind: LeadKind, id: string, source: ListSource) {
  const queryClient = useQueryClient();
  const query = neighboursQuery(source.list, { kind, id }, source.filters);
  const neighbours = useQuery(query);
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  const path = (ref: LeadRef | null | undefined) =>
    ref ? `/admin/leads/${ref.kind}/${ref.id}${source.leadSearch}` : null;
  const pathsOf = (found: Neighbours | undefined): NeighbourPaths => ({
    previous: path(found?.previous),
    next: path(found?.next),
  });
  const whenKnown = async (): Promise<NeighbourPaths | null> => {
    if (neighbours.data) return pathsOf(neighbours.data);
    const found = await queryClient.ensureQueryData(query).catch(() => undefined);
    return shown.current ? pathsOf(found) : null;
  };
  return { ...pathsOf(neighbours.data), whenKnown };
}

const pagerClass = "inline-flex h-10 items-center rounded-md border px-3 text-sm font-semibold";

function Pager({ to, label, shortcut }: { to: string | null; label: string; shortcut: string }) {
  if (!to) {
    return (
      <span aria-disabled="true" className={cn(pagerClass, "border-slate-200 text-slate-600")}>
        {label}
      </span>
    );
  }
  return (
    <Link
      to={to}
      aria-keyshortcuts={shortcut}
      className={cn(pagerClass, "border-slate-400 bg-white text-slate-900 hover:bg-slate-100", focusRing)}
    >
      {label}
    </Link>
  );
}

export function ListNavigation({
  source,
  neighbours,
  onHelp,
}: {
  source: ListSource;
  neighbours: NeighbourPaths;
  onHelp: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p>
        <Link to={source.listPath} className={cn(linkClass, "text-sm")}>
          {source.backLabel}
        </Link>
      </p>
      <nav aria-label="Leads in this view" className="flex flex-wrap items-center gap-2">
        <Pager to={neighbours.previous} label="Previous lead" shortcut="k" />
        <Pager to={neighbours.next} label="Next lead" shortcut="j" />
        {/* Not on a phone, which has no keys to press (the ? key still opens the list). */}
        <button
          type="button"
          aria-keyshortcuts="Shift+?"
          onClick={onHelp}
          className={cn(
            pagerClass,
            "hidden border-transparent text-brand-700 underline-offset-4 hover:underline sm:inline-flex",
            focusRing,
          )}
        >
          Keyboard shortcuts
        </button>
      </nav>
    </div>
  );
}
