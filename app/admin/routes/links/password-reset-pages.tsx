import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { passwordResetComplete, passwordResetRequest } from "../../../../contract/team.ts";
import { Field, fieldA11y } from "../../../components/forms/form-parts.tsx";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import {
  completePasswordResetMutation,
  passwordResetLookup,
  requestPasswordResetMutation,
} from "../../api/account-links.ts";
import { apiErrorOf } from "../../api/request.ts";
import { Loading, usePageTitle } from "../../components/admin-shell.tsx";
import { linkClass } from "../../components/admin-classes.ts";
import { LinkPageFrame } from "./link-page-frame.tsx";
import { useLinkToken } from "./link-token.ts";

// A forgotten password (issue 23): /admin/forgot-password asks for a link (the answer is the same whether the
// address has an account), /admin/reset-password#<token> sets the new password (every session ends; then sign
// in) and, when the account has passkeys, offers to remove them (issue 32).

const inputClass = "w-full rounded-md border border-slate-400 px-3 py-2 aria-invalid:border-red-700";
const minLength = passwordResetComplete.shape.password.minLength ?? 12;

export function ForgotPasswordPage() {
  usePageTitle("Forgot your password? | Admin");
  const ask = useMutation(requestPasswordResetMutation);
  const [sent, setSent] = useState<string | null>(null);
  const form = useContractForm(passwordResetRequest, { email: "" });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ email }) =>
    ask.mutate(email, {
      onSuccess: ({ message }) => setSent(message),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Not sent",
          description: apiErrorOf(error)?.message ?? "Please try again.",
        }),
    }),
  );
  return (
    <LinkPageFrame title="Forgot your password?">
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <>
          <p>Enter the e-mail address you sign in with. We will send a link to set a new password.</p>
          <form className="space-y-4" onSubmit={(event) => void onSubmit(event)} noValidate>
            <Field id="forgot-email" label="Email Address" error={errors.email?.message}>
              <input
                {...fieldA11y("forgot-email", errors.email?.message)}
                {...form.register("email")}
                type="email"
                autoComplete="username"
                className={inputClass}
              />
            </Field>
            <Button type="submit" className="w-full" disabled={ask.isPending}>
              {ask.isPending ? "Sending..." : "Send the link"}
            </Button>
          </form>
        </>
      )}
      <p>
        <Link to="/admin/login" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </LinkPageFrame>
  );
}

const resetForm = passwordResetComplete
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, {
    error: "The passwords do not match",
    path: ["confirmPassword"],
  });

const deadEnds = {
  used: { title: "This link has been used", text: "Each link works once. Ask for a new one if you still need it." },
  expired: { title: "This link has expired", text: "Links work for one hour. Ask for a new one." },
  unknown: { title: "This link is not valid", text: "Check that the whole link was copied, or ask for a new one." },
  missing: {
    title: "Open the link from your e-mail",
    text: "This page needs the whole link from the e-mail. Open it again from there, or ask for a new one.",
  },
} as const;

export function ResetPasswordPage() {
  usePageTitle("Set a new password | Admin");
  const token = useLinkToken();
  // A second link opened in this tab starts afresh.
  return <ResetPassword key={token} token={token} />;
}

function ResetPassword({ token }: { token: string }) {
  const lookup = useQuery({ ...passwordResetLookup(token), enabled: token !== "" });
  const reset = useMutation(completePasswordResetMutation);
  const [done, setDone] = useState(false);
  const form = useContractForm(resetForm, { password: "", confirmPassword: "", removePasskeys: false });
  const { errors } = form.formState;
  if (lookup.isLoading) return <Loading />;
  if (done) {
    return (
      <LinkPageFrame title="Your password is set">
        <p role="status">Every session of your account was signed out. Sign in with the new password.</p>
        <p>
          <Link to="/admin/login" className={linkClass}>
            Sign in
          </Link>
        </p>
      </LinkPageFrame>
    );
  }
  const state = token === "" ? "missing" : (lookup.data?.state ?? "unknown");
  if (state !== "pending") {
    const end = deadEnds[state];
    return (
      <LinkPageFrame title={end.title}>
        <p>{end.text}</p>
        <p>
          <Link to="/admin/forgot-password" className={linkClass}>
            Ask for a new link
          </Link>
        </p>
      </LinkPageFrame>
    );
  }
  const hasPasskeys = lookup.data?.state === "pending" && lookup.data.hasPasskeys;
  const onSubmit = form.handleSubmit(({ password, removePasskeys }) =>
    reset.mutate(
      { token, password, ...(hasPasskeys ? { removePasskeys: removePasskeys === true } : {}) },
      {
        onSuccess: () => setDone(true),
        onError: (error) => {
          // The server's reason for the password goes under it (too easy to guess); anything else is a toast.
          const body = apiErrorOf(error);
          const message = body?.errors?.password;
          if (message) form.setError("password", { message }, { shouldFocus: true });
          else
            toast({ variant: "destructive", title: "Not changed", description: body?.message ?? "Please try again." });
        },
      },
    ),
  );
  return (
    <LinkPageFrame title="Set a new password">
      <form className="space-y-4" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field
          id="reset-password"
          label={`New password (at least ${minLength} characters)`}
          error={errors.password?.message}
        >
          <input
            {...fieldA11y("reset-password", errors.password?.message)}
            {...form.register("password")}
            type="password"
            autoComplete="new-password"
            className={inputClass}
          />
        </Field>
        <Field id="reset-confirm" label="Repeat the new password" error={errors.confirmPassword?.message}>
          <input
            {...fieldA11y("reset-confirm", errors.confirmPassword?.message)}
            {...form.register("confirmPassword")}
            type="password"
            autoComplete="new-password"
            className={inputClass}
          />
        </Field>
        {hasPasskeys && (
          <div className="flex items-start gap-3">
            <input
              id="reset-passkeys"
              type="checkbox"
              {...form.register("removePasskeys")}
              aria-describedby="reset-passkeys-hint"
              className="mt-1 h-5 w-5 accent-brand-700"
            />
            <div>
              <label htmlFor="reset-passkeys" className="font-medium text-slate-900">
                Also remove my passkeys
              </label>
              <p id="reset-passkeys-hint" className="text-sm text-slate-700">
                A passkey keeps signing in after a reset: remove them if you think someone else added one.
              </p>
            </div>
          </div>
        )}
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? "Saving..." : "Set the new password"}
        </Button>
      </form>
    </LinkPageFrame>
  );
}
