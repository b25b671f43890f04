import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, Navigate } from "react-router";
import type { SecondFactorMethod } from "../../../contract/two-factor.ts";
import { adminLoginInput } from "../../../contract/admin.ts";
import { BrandMark } from "../../components/brand-mark.tsx";
import { Field, fieldA11y } from "../../components/forms/form-parts.tsx";
import { siteConfig } from "../../config/site.ts";
import { toast } from "../../hooks/use-toast.ts";
import { HttpError } from "../../lib/api-client.ts";
import { usePageTitle } from "../components/admin-shell.tsx";
import { apiErrorOf } from "../api/request.ts";
import { passkeysSupported, signInWithPasskey } from "../api/two-factor.ts";
import { focusRing } from "../components/admin-classes.ts";
import { isSecondFactorStep, loginMutation, secondFactorMutation, startSession, useSession } from "../session.ts";
import { useContractForm } from "../../components/forms/use-contract-form.ts";

const inputClass = "w-full rounded-md border border-slate-400 px-3 py-2 aria-invalid:border-red-700";

/** SPEC §2 "Admin login": checked by the contract's login schema; once signed in, on to the dashboard. */
export function AdminLogin() {
  usePageTitle("Admin Login");
  const session = useSession();
  const login = useMutation(loginMutation);
  const form = useContractForm(adminLoginInput, { username: "", password: "" });
  const { errors } = form.formState;
  const [secondStep, setSecondStep] = useState<SecondFactorMethod[] | null>(null);

  // Already signed in, or just signed in (the status is set from the submitted e-mail): the dashboard.
  if (session.authenticated) return <Navigate to="/admin/submissions" replace />;

  const onSubmit = form.handleSubmit(
    (credentials) => {
      if (login.isPending) return;
      login.mutate(credentials, {
        onSuccess: (answer) => {
          // A second factor (issue 23): the next step asks for it; the session begins after it.
          if (isSecondFactorStep(answer)) setSecondStep(answer.secondFactor.methods);
          else toast({ title: "Success!", description: "Successfully logged in" });
        },
        onError: (error) => {
          // Past a sign-in limit the server says how long to wait; every other failure reads the same.
          const limited = error instanceof HttpError && error.status === 429;
          const description = limited
            ? (apiErrorOf(error)?.message ?? "Too many sign-in attempts. Please try again later.")
            : "Invalid email or password";
          toast({ variant: "destructive", title: "Login Failed", description });
        },
      });
    },
    () =>
      toast({
        variant: "destructive",
        title: "Validation Error",
        description: "Please enter both email and password.",
      }),
  );

  if (secondStep) return <SecondStep methods={secondStep} onRestart={() => setSecondStep(null)} />;

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow sm:p-8">
        {/* The brand, as on the public site's header: this is the agency's own admin, not a generic one. */}
        <p className="flex items-center gap-2">
          <BrandMark size={40} />
          <span className="text-lg font-extrabold text-brand-900">{siteConfig.companyName}</span>
        </p>
        <h1 className="mt-6 text-2xl font-bold text-slate-900">Admin Login</h1>
        <form className="mt-6 space-y-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <Field id="admin-email" label="Email Address" error={errors.username?.message}>
            <input
              {...fieldA11y("admin-email", errors.username?.message)}
              {...form.register("username")}
              type="email"
              autoComplete="username"
              required
              className={inputClass}
            />
          </Field>
          <Field id="admin-password" label="Password" error={errors.password?.message}>
            <input
              {...fieldA11y("admin-password", errors.password?.message)}
              {...form.register("password")}
              type="password"
              autoComplete="current-password"
              required
              className={inputClass}
            />
          </Field>
          <button
            type="submit"
            disabled={login.isPending}
            className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
          >
            {login.isPending ? "Signing in..." : "Sign In"}
          </button>
        </form>
        <p className="mt-4 text-sm">
          <Link
            to="/admin/forgot-password"
            className={`font-semibold text-brand-700 underline underline-offset-4 ${focusRing}`}
          >
            Forgot your password?
          </Link>
        </p>
        <PasskeySignIn label="Use a passkey instead" />
      </div>
    </main>
  );
}

/** Signs in with a passkey of this device, shown only where the browser has WebAuthn. */
function PasskeySignIn({ label }: { label: string }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;
  const onClick = async () => {
    setBusy(true);
    try {
      startSession(client, await signInWithPasskey());
      toast({ title: "Success!", description: "Successfully logged in" });
    } catch (error) {
      // The person closed the browser's dialog, or the key is not one of this site's accounts.
      const message = apiErrorOf(error)?.message ?? "No passkey was used. Try again, or sign in with your password.";
      toast({ variant: "destructive", title: "Login Failed", description: message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={busy}
      className={`mt-4 w-full rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60 ${focusRing}`}
    >
      {busy ? "Waiting for the passkey..." : label}
    </button>
  );
}

/** The sign-in's second step (issue 23): the authenticator app's code, a recovery code, or a passkey. */
function SecondStep({ methods, onRestart }: { methods: SecondFactorMethod[]; onRestart: () => void }) {
  usePageTitle("Two-step sign-in");
  const verify = useMutation(secondFactorMutation);
  const [useRecovery, setUseRecovery] = useState(!methods.includes("totp"));
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const hasCodes = methods.includes("totp");
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError("Please enter the code.");
      return;
    }
    verify.mutate(code, {
      onSuccess: () => toast({ title: "Success!", description: "Successfully logged in" }),
      onError: (failure) => {
        const answer = apiErrorOf(failure);
        const message = answer?.message ?? "That code is not right.";
        // Too many wrong codes: the page says when the next try is allowed, in this browser's time.
        const at = answer?.retryAt
          ? new Date(answer.retryAt).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })
          : null;
        setError(at ? message.replace(/\.$/, `, at ${at}.`) : message);
        if (failure instanceof HttpError && failure.status === 401 && /took too long/.test(message)) onRestart();
      },
    });
  };
  const fieldId = "second-factor-code";
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Two-step sign-in</h1>
        {hasCodes && (
          <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
            <p className="text-slate-800">
              {useRecovery
                ? "Enter one of the recovery codes you saved when you set up the app."
                : "Enter the 6-digit code your authenticator app shows."}
            </p>
            <Field id={fieldId} label={useRecovery ? "Recovery code" : "Code"} error={error ?? undefined}>
              <input
                {...fieldA11y(fieldId, error ?? undefined)}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code"
                inputMode={useRecovery ? "text" : "numeric"}
                autoFocus
                className={inputClass}
              />
            </Field>
            <button
              type="submit"
              disabled={verify.isPending}
              className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              {verify.isPending ? "Checking..." : "Verify"}
            </button>
            <button
              type="button"
              onClick={() => {
                setUseRecovery(!useRecovery);
                setCode("");
                setError(null);
              }}
              className={`text-sm font-semibold text-brand-700 underline underline-offset-4 ${focusRing}`}
            >
              {useRecovery ? "Use the app's code instead" : "Use a recovery code"}
            </button>
          </form>
        )}
        {methods.includes("passkey") && <PasskeySignIn label="Use a passkey" />}
        <p className="mt-4 text-sm">
          <button
            type="button"
            onClick={onRestart}
            className={`font-semibold text-slate-800 underline underline-offset-4 ${focusRing}`}
          >
            Start again
          </button>
        </p>
      </div>
    </main>
  );
}
