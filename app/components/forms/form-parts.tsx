import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { fetchFormToken } from "../../lib/api/form-token.ts";
import { createFormTokenSource, type FormTokenSource } from "../../lib/form-token.ts";
import { createIdempotencyKeys, type IdempotencyKeys } from "../../lib/idempotency-keys.ts";
import { cn } from "../../lib/utils.ts";
import { Label } from "../ui/label.tsx";

// Pieces every form shares: labeled fields with their error; and for the lead forms (use-lead-submission.ts)
// the honeypot, the spam timer and form token, the Idempotency-Key of each submission, and a guard
// against double submission.

/** The id and ARIA attributes that tie a control to its error message. */
export function fieldA11y(id: string, error?: string) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  } as const;
}

export function Field({
  id,
  label,
  error,
  required,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("space-y-1", className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}*
          </span>
        )}
      </Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from screen readers)
 * that form-filling bots complete. Read with honeypotValue() at submit.
 */
export function HoneypotField({ formId, inputRef }: { formId: string; inputRef: React.RefObject<HTMLInputElement | null> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`${formId}-website`}>Leave this field empty</label>
      <input ref={inputRef} id={`${formId}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/**
 * The spam signals of one form: the honeypot, the time since the form appeared, and the form token
 * the server issued when it appeared (lib/form-token.ts). signals() waits for the token (fetching it
 * once more if that failed) and never fails.
 */
export function useSpamSignals() {
  const honeypotRef = useRef<HTMLInputElement | null>(null);
  const shownAt = useRef<number | null>(null);
  const tokens = useRef<FormTokenSource | null>(null);
  // Measured from the form's first appearance in the browser (hydration), not from the build's prerender.
  useEffect(() => {
    shownAt.current = Date.now();
    const source = createFormTokenSource(fetchFormToken);
    tokens.current = source;
    void source.load();
    const renewWhenShown = () => {
      if (document.visibilityState === "visible") void source.renewIfOld();
    };
    document.addEventListener("visibilitychange", renewWhenShown);
    return () => document.removeEventListener("visibilitychange", renewWhenShown);
  }, []);
  const signals = useCallback(
    async () => ({
      website: honeypotRef.current?.value ?? "",
      elapsedMs: shownAt.current === null ? undefined : Math.max(0, Date.now() - shownAt.current),
      formToken: await tokens.current?.tokenForSubmit(),
    }),
    [],
  );
  const restart = useCallback(() => {
    shownAt.current = Date.now();
  }, []);
  return { honeypotRef, signals, restart };
}

/** The Idempotency-Key of each submission of one form (lib/idempotency-keys.ts); forget() after a success. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const [keys] = useState(() => createIdempotencyKeys());
  return keys;
}

/**
 * The form's defaults, plus whatever the visitor typed into the prerendered inputs before the island
 * hydrated (a form lower on the page hydrates when it scrolls into view): react-hook-form would
 * otherwise write the defaults over it when it takes the inputs. Read once, on the first client render;
 * `elementIds` names the text inputs by field. Reset the form with explicit empty values after a send.
 */
export function useDefaultsWithTypedValues<Values extends Record<string, unknown>>(
  defaults: Values,
  elementIds: Partial<Record<keyof Values, string>>,
): Values {
  const [values] = useState(() => {
    if (typeof document === "undefined") return defaults;
    const typed: Record<string, unknown> = { ...defaults };
    for (const [name, id] of Object.entries(elementIds)) {
      const element = id ? document.getElementById(id) : null;
      if ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.value) typed[name] = element.value;
    }
    return typed as Values;
  });
  return values;
}

/** Runs one submission at a time: a double click or a second Enter while sending does nothing. */
export function useSingleFlight() {
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await task();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);
  return { run, pending };
}
