import { useEffect, useId, useRef } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { formatDateTime } from "../../components/lead-format.ts";

// A save that started from an older revision (409, issue 37): someone else saved in between. Both versions side
// by side; "Keep theirs" drops this edit and loads theirs, "Overwrite with mine" saves this edit over theirs.
// The article shows its title, description and body; a page's copy the texts the two versions disagree on.

/** Both sides of a stale save: who saved theirs and when, and the texts to compare. */
export type ConflictView = {
  savedBy: string | null;
  savedAt: string | null;
  rows: { label: string; theirs: string; yours: string }[];
};

export function ConflictDialog({
  subject,
  conflict,
  pending,
  onKeepTheirs,
  onOverwrite,
  onClose,
}: {
  /** "this article", "this page". */
  subject: string;
  conflict: ConflictView | null;
  pending: boolean;
  onKeepTheirs: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const open = conflict !== null;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      keepRef.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[90vh] w-full max-w-4xl overflow-y-auto rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-xl font-bold">
        Someone else changed {subject}
      </h2>
      {conflict && (
        <>
          <p className="mt-2 text-slate-800">
            {conflict.savedBy ?? "Someone"} saved it{conflict.savedAt && ` ${formatDateTime(conflict.savedAt)}`}, after
            you opened it. Choose which version to keep.
          </p>
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            {(["theirs", "yours"] as const).map((side) => (
              <section key={side} aria-label={side === "theirs" ? "Their version" : "Your version"}>
                <h3 className="font-semibold">{side === "theirs" ? "Their version (saved)" : "Your version"}</h3>
                <dl className="mt-2 space-y-2 text-sm">
                  {conflict.rows.map((row) => (
                    <div key={row.label}>
                      <dt className="font-semibold text-slate-800">{row.label}</dt>
                      <dd className="max-h-48 overflow-y-auto rounded border border-slate-200 bg-slate-50 p-2 break-words whitespace-pre-wrap">
                        {row[side]}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
        </>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button ref={keepRef} type="button" variant="secondary" disabled={pending} onClick={onKeepTheirs}>
          Keep theirs
        </Button>
        <Button type="button" variant="destructive" disabled={pending} onClick={onOverwrite}>
          {pending ? "Saving..." : "Overwrite with mine"}
        </Button>
      </div>
    </dialog>
  );
}
