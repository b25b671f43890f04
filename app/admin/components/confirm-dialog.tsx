import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "../../components/ui/button.tsx";

/**
 * A native modal <dialog> (showModal: focus is trapped, Escape cancels, the page behind is inert).
 * Focus starts on Cancel so Enter never confirms by accident. `destructive` (the default) colours the
 * confirmation red; a change that can be undone passes false.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending,
  destructive = true,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
      className="m-auto w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      <div id={bodyId} className="mt-3 text-slate-800">
        {children}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button ref={cancelRef} type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" variant={destructive ? "destructive" : "default"} disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
