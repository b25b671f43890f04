import { useMutation } from "@tanstack/react-query";
import { Navigate } from "react-router";
import { adminLoginInput } from "../../../contract/admin.ts";
import { BrandMark } from "../../components/brand-mark.tsx";
import { Field, fieldA11y } from "../../components/forms/form-parts.tsx";
import { siteConfig } from "../../config/site.ts";
import { toast } from "../../hooks/use-toast.ts";
import { HttpError } from "../../lib/api-client.ts";
import { usePageTitle } from "../components/admin-shell.tsx";
import { apiErrorOf } from "../api/request.ts";
import { loginMutation, useSession } from "../session.ts";
import { useContractForm } from "../../components/forms/use-contract-form.ts";

const inputClass = "w-full rounded-md border border-slate-400 px-3 py-2 aria-invalid:border-red-700";

/** SPEC §2 "Admin login": checked by the contract's login schema; once signed in, on to the dashboard. */
export function AdminLogin() {
  usePageTitle("Admin Login");
  const session = useSession();
  const login = useMutation(loginMutation);
  const form = useContractForm(adminLoginInput, { username: "", password: "" });
  const { errors } = form.formState;

  // Already signed in, or just signed in (the status is set from the submitted e-mail): the dashboard.
  if (session.authenticated) return <Navigate to="/admin/submissions" replace />;

  const onSubmit = form.handleSubmit(
    (credentials) => {
      if (login.isPending) return;
      login.mutate(credentials, {
        onSuccess: () => toast({ title: "Success!", description: "Successfully logged in" }),
        onError: (error) => {
          // Past a sign-in limit the server says how long to wait; every other failure reads the same.
          const limited = error instanceof HttpError && error.status === 429;
          const description = limited ? (apiErrorOf(error)?.message ?? "Too many sign-in attempts. Please try again later.") : "Invalid email or password";
          toast({ variant: "destructive", title: "Login Failed", description });
        },
      });
    },
    () => toast({ variant: "destructive", title: "Validation Error", description: "Please enter both email and password." }),
  );

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
      </div>
    </main>
  );
}
