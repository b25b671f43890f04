import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Field, fieldA11y } from "../../components/forms/form-parts.tsx";
import { Button } from "../../components/ui/button.tsx";
import { apiErrorOf } from "../api/request.ts";
import {
  confirmIdentity,
  confirmIdentityWithPasskey,
  isFreshProofRequired,
  passkeysSupported,
  twoFactorQuery,
} from "../api/two-factor.ts";

// Changes to how someone signs in need a proof of the last five minutes (issue 32): when the server answers
// fresh-proof-required, this dialog asks for the password (or a code from the app, or a passkey), and the
// change is tried again once it is confirmed. A browser left signed in cannot add a passkey on its own.

const inputClass = "w-full rounded-md border border-slate-400 px-3 py-2 aria-invalid:border-red-700";

type Mode = "password" | "code";

/**
 * The dialog and its trigger: call `askFor(error, again)` in a change's onError; when the error asks for a
 * fresh proof it opens the dialog, runs `again` once the person confirmed, and answers true.
 */
export function useFreshProof(): { askFor: (error: unknown, again: () => void) => boolean; dialog: ReactNode } {
  const [again, setAgain] = useState<(() => void) | null>(null);
  return {
    askFor(error, retry) {
      if (!isFreshProofRequired(error)) return false;
      setAgain(() => retry);
      return true;
    },
    dialog: (
      <ConfirmIdentityDialog
        open={again !== null}
        onClose={() => setAgain(null)}
        onConfirmed={() => {
          const retry = again;
          setAgain(null);
          retry?.();
        }}
      />
    ),
  };
}

/** A native modal <dialog> (focus trapped, Escape cancels); focus starts in the field. */
function ConfirmIdentityDialog({
  open,
  onClose,
  onConfirmed,
}: {
  open: boolean;
  onClose: () => void;
  onConfirmed: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const bodyId = useId();
  // The signed-in user's own factors: whether a code or a passkey can stand in for the password.
  const factors = useQuery({ ...twoFactorQuery, enabled: open });
  const [mode, setMode] = useState<Mode>("password");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setMode("password");
      setValue("");
      setError(undefined);
      dialog.showModal();
      inputRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const switchTo = (next: Mode) => {
    setMode(next);
    setValue("");
    setError(undefined);
    // The field is the same element with another label: keep the person's place in it.
    inputRef.current?.focus();
  };

  const settle = (promise: Promise<void>, fallback: string) => {
    setPending(true);
    promise.then(
      () => {
        setPending(false);
        onConfirmed();
      },
      (failure: unknown) => {
        setPending(false);
        const answer = apiErrorOf(failure);
        setError(answer?.errors?.[mode] ?? answer?.message ?? fallback);
        inputRef.current?.focus();
      },
    );
  };

  const fieldId = `confirm-identity-${mode}`;
  const hasApp = factors.data?.totp === true;
  const hasPasskey = (factors.data?.passkeys.length ?? 0) > 0 && passkeysSupported();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
      className="m-auto w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-xl font-bold">
        Confirm it is you
      </h2>
      <p id={bodyId} className="mt-3 text-slate-800">
        Changes to how you sign in need your password again{hasApp ? " (or a code from your authenticator app)" : ""},
        so that a browser left signed in cannot make them.
      </p>
      <form
        className="mt-4 space-y-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const typed = mode === "password" ? value : value.trim();
          if (!typed) {
            setError(mode === "password" ? "Please enter your password." : "Please enter the code.");
            inputRef.current?.focus();
            return;
          }
          settle(
            confirmIdentity(mode === "password" ? { password: typed } : { code: typed }),
            "Not confirmed. Please try again.",
          );
        }}
      >
        <Field
          id={fieldId}
          label={mode === "password" ? "Your password" : "Code from your app, or a recovery code"}
          error={error}
        >
          <input
            {...fieldA11y(fieldId, error)}
            ref={inputRef}
            type={mode === "password" ? "password" : "text"}
            autoComplete={mode === "password" ? "current-password" : "one-time-code"}
            inputMode={mode === "password" ? undefined : "text"}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className={inputClass}
          />
        </Field>
        {(hasApp || hasPasskey) && (
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {hasApp && (
              <button
                type="button"
                className="font-semibold text-brand-700 underline underline-offset-4"
                onClick={() => switchTo(mode === "password" ? "code" : "password")}
              >
                {mode === "password" ? "Use a code instead" : "Use your password instead"}
              </button>
            )}
            {hasPasskey && (
              <button
                type="button"
                className="font-semibold text-brand-700 underline underline-offset-4"
                disabled={pending}
                onClick={() =>
                  settle(
                    confirmIdentityWithPasskey(),
                    "The passkey did not confirm it. Try again, or use your password.",
                  )
                }
              >
                Use a passkey
              </button>
            )}
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-3 pt-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Checking..." : "Confirm"}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
