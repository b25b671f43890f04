import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * A value only the browser knows (its time zone, today's date): `serverValue` while prerendering and
 * hydrating, so the HTML built on another day in another zone never disagrees with the first client
 * render, then the browser's own value. `read` must return a primitive.
 */
export function useBrowserValue<T extends string | number | boolean | undefined>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}

/**
 * False in the prerendered HTML and until React has hydrated, then true. The lead forms use it to hand
 * validation from the browser's own checks (a plain POST works before and without scripts) to the island.
 */
export function useHydrated(): boolean {
  return useBrowserValue(() => true, false);
}
