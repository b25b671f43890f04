import { useMutation, useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import type { RevisionSummary } from "../../../../contract/content.ts";
import { toast } from "../../../hooks/use-toast.ts";
import { apiErrorOf } from "../../api/request.ts";
import { smallButtonClass } from "../../components/admin-classes.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { formatDateTime } from "../../components/lead-format.ts";

// A content document's revisions (issue 37): every save, publish and restore, newest first, which is the draft
// and which is live, and Restore (after a confirmation) making an old one the new draft. The articles add
// Compare (revisions-panel.tsx); the pages' copy and the site's settings use it as it is.

type Revisions = { revisions: RevisionSummary[] };

export function HistoryPanel<T, Key extends QueryKey>({
  heading,
  query,
  revision,
  publishedRevision,
  restore,
  onRestored,
  confirmText,
  actions,
  children,
}: {
  heading: string;
  query: UseQueryOptions<Revisions, Error, Revisions, Key>;
  /** The draft's revision and the live one, marked in the list. */
  revision: number;
  publishedRevision: number | null;
  restore: (revision: number) => Promise<T>;
  onRestored: (restored: T) => void;
  /** What a restore does, in the confirmation. */
  confirmText: ReactNode;
  /** More buttons beside Restore (the articles' Compare). */
  actions?: (summary: RevisionSummary) => ReactNode;
  children?: ReactNode;
}) {
  const titleId = useId();
  const revisions = useQuery(query);
  const [restoring, setRestoring] = useState<RevisionSummary | null>(null);
  const restoreMutation = useMutation({
    mutationFn: restore,
    onSuccess: (restored, number) => {
      setRestoring(null);
      toast({ title: "Revision restored", description: `Revision ${number} is the draft now.` });
      onRestored(restored);
    },
    onError: (error) => {
      setRestoring(null);
      toast({
        variant: "destructive",
        title: "Not restored",
        description: apiErrorOf(error)?.message ?? "Please try again.",
      });
    },
  });
  const list = revisions.data?.revisions ?? [];
  return (
    <section aria-labelledby={titleId} className="mt-10 border-t border-slate-200 pt-6">
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        {heading}
      </h2>
      {revisions.isLoading ? (
        <p role="status" className="mt-2 text-slate-700">
          Loading...
        </p>
      ) : revisions.isError ? (
        <p className="mt-2 text-red-800">The revisions could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-slate-800">No changes saved yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-200" aria-label="Revisions, newest first">
          {list.map((summary) => (
            <li key={summary.revision} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <p className="text-sm text-slate-900">
                <span className="font-semibold">Revision {summary.revision}</span> · {summary.action} ·{" "}
                {formatDateTime(summary.at)}
                {summary.by && <> · {summary.by.name}</>}
                {summary.revision === revision && <span className="text-slate-700"> (the draft)</span>}
                {summary.revision === publishedRevision && <span className="text-slate-700"> (live)</span>}
              </p>
              {summary.revision !== revision && (
                <span className="flex gap-2">
                  {actions?.(summary)}
                  <button
                    type="button"
                    className={smallButtonClass}
                    aria-label={`Restore revision ${summary.revision}`}
                    onClick={() => setRestoring(summary)}
                  >
                    Restore
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {children}
      <ConfirmDialog
        open={restoring !== null}
        title={`Restore revision ${restoring?.revision ?? ""}?`}
        confirmLabel="Restore"
        pending={restoreMutation.isPending}
        onConfirm={() => restoring && restoreMutation.mutate(restoring.revision)}
        onClose={() => setRestoring(null)}
      >
        {confirmText}
      </ConfirmDialog>
    </section>
  );
}
