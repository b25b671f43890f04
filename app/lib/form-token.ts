// The form token a form holds from its appearance to its submission (the server's spam guard reads the
// time to fill from it, see server/lib/form-tokens.ts). Fetched when the form appears; fetched again
// at submit time when that failed (a person whose network hiccuped is not a bot; if it fails again the
// lead goes without and is kept as a suspect the owner can rescue); and renewed when the page comes
// back into view with a token near its end (the server honors a token for 24 hours). A token carries one
// lead (the server counts a second lead on it as spam), so a form that sent fetches a new one.

/** Renew a token this old when the page is shown again: well inside the server's 24 hours. */
export const FORM_TOKEN_RENEW_AFTER_MS = 12 * 60 * 60 * 1000;

/**
 * `initial`: a token the page already holds (client:lead-form fetched it when the form scrolled into view);
 * it is treated as fetched now, so it is renewed no sooner than a fetched one.
 */
export function createFormTokenSource(
  fetchToken: () => Promise<string>,
  now: () => number = Date.now,
  initial?: string,
) {
  let held: { token: string; fetchedAt: number } | null = initial ? { token: initial, fetchedAt: now() } : null;
  let loading: Promise<void> | null = null;

  function load(): Promise<void> {
    loading ??= fetchToken()
      .then((token) => {
        held = { token, fetchedAt: now() };
      })
      // No token is a spam signal, never an error the visitor sees: submitting still works.
      .catch(() => undefined)
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    /** When the form appears (nothing to do when it came with a token). */
    load: (): Promise<void> => (held ? Promise.resolve() : load()),
    /** When the page is shown again: a token past FORM_TOKEN_RENEW_AFTER_MS is replaced. */
    renewIfOld(): Promise<void> {
      if (held && now() - held.fetchedAt < FORM_TOKEN_RENEW_AFTER_MS) return Promise.resolve();
      return load();
    },
    /** After a lead was stored: the token is spent, a fresh one is fetched for the next request. */
    replaceSpent(): Promise<void> {
      held = null;
      return load();
    },
    /** At submit: the token held, else one more try to fetch it; undefined when that fails too. */
    async tokenForSubmit(): Promise<string | undefined> {
      if (loading) await loading;
      if (!held) await load();
      return held?.token;
    },
  };
}

export type FormTokenSource = ReturnType<typeof createFormTokenSource>;
