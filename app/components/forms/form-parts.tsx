import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { fetchFormToken } from "../../lib/api/form-token.ts";
import { createFormTokenSource, type FormTokenSource } from "../../lib/form-token.ts";
import { formActionPath, hiddenFormFields } from "../../../contract/public-forms.ts";
import { useHydrated } from "../../hooks/use-browser-value.ts";
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
            {" "}
            *
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
export function HoneypotField({
  formId,
  inputRef,
}: {
  formId: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`${formId}-website`}>Leave this field empty</label>
      <input
        ref={inputRef}
        id={`${formId}-website`}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** When client:lead-form noted the form in view or touched (data-shown-at), if it did and that is not in the future. */
function shownBeforeHydration(form: HTMLFormElement | null): number | null {
  const noted = Number(form?.dataset.shownAt);
  return Number.isFinite(noted) && noted > 0 && noted <= Date.now() ? noted : null;
}

/**
 * The spam signals of one form: the honeypot, the time since the form appeared, and the form token
 * the server issued when it appeared (lib/form-token.ts). signals() waits for the token (fetching it
 * once more if that failed) and never fails.
 */
export function useSpamSignals(formRef: React.RefObject<HTMLFormElement | null>) {
  const honeypotRef = useRef<HTMLInputElement | null>(null);
  const shownAt = useRef<number | null>(null);
  const tokens = useRef<FormTokenSource | null>(null);
  // Measured from the form's first appearance in the browser, not from the build's prerender: when
  // client:lead-form saw it come into view or be touched (before this island loaded), else now.
  useEffect(() => {
    shownAt.current = shownBeforeHydration(formRef.current) ?? Date.now();
    // The token client:lead-form fetched when the form scrolled into view, if it did: it dates from then.
    const prefilled = formRef.current?.elements.namedItem(hiddenFormFields.formToken);
    const source = createFormTokenSource(
      fetchFormToken,
      undefined,
      prefilled instanceof HTMLInputElement && prefilled.value ? prefilled.value : undefined,
    );
    tokens.current = source;
    void source.load();
    const renewWhenShown = () => {
      if (document.visibilityState === "visible") void source.renewIfOld();
    };
    document.addEventListener("visibilitychange", renewWhenShown);
    return () => document.removeEventListener("visibilitychange", renewWhenShown);
  }, [formRef]);
  const signals = useCallback(
    async () => ({
      website: honeypotRef.current?.value ?? "",
      elapsedMs: shownAt.current === null ? undefined : Math.max(0, Date.now() - shownAt.current),
      formToken: await tokens.current?.tokenForSubmit(),
    }),
    [],
  );
  // After a send: the form starts again, and its token (single-use) is replaced.
  const restart = useCallback(() => {
    shownAt.current = Date.now();
    void tokens.current?.replaceSpent();
  }, []);
  return { honeypotRef, signals, restart };
}

/** The Idempotency-Key of each submission of one form (lib/idempotency-keys.ts); forget() after a success. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const [keys] = useState(() => createIdempotencyKeys());
  return keys;
}

/**
 * The form's defaults, overlaid with whatever the visitor entered in the prerendered form before its
 * island took over (typed text, a chosen option, ticked chips, a date): react-hook-form would otherwise
 * write the defaults over them when it takes the fields. Read once, on the first client render, from the
 * form element's own FormData (`formElementId`); a list default (the chips) takes every value of its name.
 * Reset the form with explicit empty values after a send.
 */
export function useValuesEnteredBeforeHydration<Values extends Record<string, unknown>>(
  defaults: Values,
  formElementId: string,
): Values {
  const [values] = useState(() => {
    if (typeof document === "undefined") return defaults;
    const form = document.getElementById(formElementId);
    if (!(form instanceof HTMLFormElement)) return defaults;
    const entered = new FormData(form);
    const values: Record<string, unknown> = { ...defaults };
    for (const [name, empty] of Object.entries(defaults)) {
      if (Array.isArray(empty)) {
        const all = entered.getAll(name).filter((value) => typeof value === "string");
        if (all.length > 0) values[name] = all;
      } else {
        const value = entered.get(name);
        if (typeof value === "string" && value !== "") values[name] = value;
      }
    }
    return values as Values;
  });
  return values;
}

/**
 * The hidden fields of a plain HTML post (contract/public-forms.ts hiddenFormFields): the form token and the
 * Idempotency-Key, filled by client:lead-form (app/client-directives/lead-form.ts) when the form scrolls into
 * view, empty without JavaScript (the server then asks the visitor to confirm). React leaves their values alone.
 */
export function PlainPostFields() {
  return (
    <>
      <input type="hidden" name={hiddenFormFields.formToken} defaultValue="" />
      <input type="hidden" name={hiddenFormFields.idempotencyKey} defaultValue="" />
    </>
  );
}

/**
 * When the island mounts, which client:lead-form does on the visitor's first use of the form: starts
 * loading what validation and sending need (`warmUp`), and sends the Send the directive held while the
 * island was loading (it marks the form data-held-submit="held") through the island's own path, so the
 * visitor sees what they would have seen. Marked "sent" first, so the directive's plain-post fallback
 * stands down.
 */
export function useIslandWakeUp(formRef: React.RefObject<HTMLFormElement | null>, warmUp: () => Promise<unknown>) {
  useEffect(() => {
    warmUp().catch(() => undefined);
    const form = formRef.current;
    if (form?.dataset.heldSubmit !== "held") return;
    form.dataset.heldSubmit = "sent";
    form.requestSubmit();
  }, [formRef, warmUp]);
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

/**
 * What makes every lead form a real HTML form (issue 18, docs/decisions/029): it posts to our server
 * (POST /forms/<formName>) without any script, hides while its thank-you panel shows, and warms up its rules
 * on the first focus. Without JavaScript the browser's own checks run; with it, the island's (client:lead-form
 * sets noValidate before hydration, this after).
 */
export function usePlainFormProps({
  formId,
  formName,
  hidden,
  loadRules,
}: {
  formId: string;
  formName: string;
  hidden: boolean;
  loadRules: () => Promise<unknown>;
}) {
  const hydrated = useHydrated();
  return {
    id: `${formId}-form`,
    method: "post",
    action: formActionPath(formName),
    hidden,
    onFocusCapture: () => void loadRules().catch(() => undefined),
    noValidate: hydrated,
    // Marks the island's take-over (its spam timer has started then): what a test waits for before it
    // moves the page's clock on; the directive's noValidate comes earlier.
    "data-island": hydrated ? "ready" : undefined,
  } as const;
}
