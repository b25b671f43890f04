import { useSyncExternalStore, type ReactNode } from "react";
import type { ToastActionElement, ToastVariant } from "../components/ui/toast.tsx";

// A small store of toasts shared by every component (shadcn/ui's use-toast, trimmed). It lives at module
// level, so on an Astro page the form islands and the Toaster island share it (islands share modules):
// a toast raised before the Toaster hydrates is shown when it does.
// SPEC §9: one toast at a time; a dismissed toast is removed from memory 1,000,000 ms later
// (until then Radix can play its exit animation and screen readers finish reading it).

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ToastActionElement;
};

export type ToasterToast = ToastInput & { id: string; open: boolean };

type State = { toasts: ToasterToast[] };

let state: State = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setState(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setState({ toasts: state.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setState({ toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) });
}

/** Shows a toast, replacing the one on screen (TOAST_LIMIT). */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  setState({ toasts: [{ ...input, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT) });
  return { id, dismiss: () => dismissToast(id) };
}

/** The toasts in the store now (for tests and non-React code). */
export function currentToasts(): readonly ToasterToast[] {
  return state.toasts;
}

const emptyState: State = { toasts: [] };

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toasts on screen: none in the prerendered HTML, then the store's (useSyncExternalStore misses no update). */
export function useToast() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => emptyState,
  );
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
