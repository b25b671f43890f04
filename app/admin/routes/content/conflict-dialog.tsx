import { useEffect, useId, useRef } from "react";
import type { Post, PostFields } from "../../../../contract/content.ts";
import { Button } from "../../../components/ui/button.tsx";
import { formatDateTime } from "../../components/lead-format.ts";

// A save that started from an older revision (409, issue 37): someone else saved in between. Both versions side
// by side; "Keep theirs" drops this edit and loads theirs, "Overwrite with mine" saves this edit over theirs.

const rows: { key: "title" | "description" | "body"; label: string }[] = [
  { key: "title", label: "Title" },
  { key: "description", label: "Description" },
  { key: "body", label: "Body" },
];

export function ConflictDialog({
  conflict,
  pending,
  onKeepTheirs,
  onOverwrite,
  onClose,
}: {
  conflict: { current: Post; yours: PostFields } | null;
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
        Someone else changed this article
      </h2>
      {conflict && (
        <>
          <p className="mt-2 text-slate-800">
            {conflict.current.updatedBy ?? "Someone"} saved it {formatDateTime(conflict.current.updatedAt)}, after you
            opened it. Choose which version to keep.
          </p>
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            {(["theirs", "yours"] as const).map((side) => {
              const fields = side === "theirs" ? conflict.current : conflict.yours;
              return (
                <section key={side} aria-label={side === "theirs" ? "Their version" : "Your version"}>
                  <h3 className="font-semibold">{side === "theirs" ? "Their version (saved)" : "Your version"}</h3>
                  <dl className="mt-2 space-y-2 text-sm">
                    {rows.map((row) => (
                      <div key={row.key}>
                        <dt className="font-semibold text-slate-800">{row.label}</dt>
                        <dd className="max-h-48 overflow-y-auto rounded border border-slate-200 bg-slate-50 p-2 break-words whitespace-pre-wrap">
                          {fields[row.key]}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </section>
              );
            })}
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
