import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef } from "react";
import { Button } from "../../components/ui/button.tsx";

// The lead page's keyboard shortcuts (issue 13, point 6): j/k next/previous lead, e done (Contacted,
// then the next lead of the list: issue 20, point 4), r reply by e-mail, ? this list. Single keys, as in Gmail or Help Scout, so they are ignored while the
// owner types in a field, holds a modifier, or has a dialog or menu open.

export const leadShortcuts = [
  { key: "j", does: "Next lead in this view" },
  { key: "k", does: "Previous lead in this view" },
  { key: "e", does: "Done: mark a New lead as Contacted, then open the next lead" },
  { key: "r", does: "Reply (opens the reply panel)" },
  { key: "?", does: "Show these shortcuts" },
] as const;

type Handlers = { next: () => void; previous: () => void; done: () => void; reply: () => void; help: () => void };

/** Whether a key press belongs to something else: typing, a modifier chord, an open dialog or menu. */
export function isForSomethingElse(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (target) {
    if (target instanceof HTMLElement && target.isContentEditable) return true;
    if (target.closest("input, textarea, select, [role='listbox'], [role='menu'], [role='combobox']")) return true;
  }
  return (
    document.querySelector("dialog[open], [role='dialog'], [role='alertdialog'], [role='menu'], [role='listbox']") !==
    null
  );
}

export function useLeadShortcuts(handlers: Handlers) {
  // The latest handlers, without re-adding the listener on every render.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isForSomethingElse(event)) return;
      const action = ({ j: "next", k: "previous", e: "done", r: "reply", "?": "help" } as const)[event.key];
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** The list of shortcuts, a modal dialog (Escape or Close closes it, focus returns to where it was). */
export function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // Opened by a key or a button (no Dialog.Trigger): the focus goes back to whatever had it.
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnTo.current?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">
            On a lead’s page, when no field has the focus.
          </Dialog.Description>
          <dl className="mt-4 space-y-2">
            {leadShortcuts.map((shortcut) => (
              <div key={shortcut.key} className="flex items-baseline gap-3">
                <dt className="w-8 shrink-0">
                  <kbd className="rounded border border-slate-400 bg-slate-50 px-2 py-0.5 font-mono text-sm">
                    {shortcut.key}
                  </kbd>
                </dt>
                <dd>{shortcut.does}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 flex justify-end">
            <Dialog.Close asChild>
              <Button type="button" variant="secondary">
                Close
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
