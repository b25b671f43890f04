import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { AdminStatus } from "../../../contract/admin.ts";
import { toast } from "../../hooks/use-toast.ts";
import { adminStatusQueryKey, useAdminStatus } from "../../lib/admin-status.ts";
import { apiRequest, HttpError } from "../../lib/api-client.ts";
import { apiErrorOf } from "../../lib/api/admin-leads.ts";

export function meta() {
  return [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];
}

export default function AdminLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useAdminStatus();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  useEffect(() => {
    if (status.authenticated) void navigate("/admin/submissions", { replace: true });
  }, [status.authenticated, navigate]);

  const login = useMutation({
    mutationFn: async (credentials: { username: string; password: string }) =>
      (await (await apiRequest("POST", "/api/admin/login", credentials)).json()) as AdminStatus,
    onSuccess: (result) => {
      queryClient.setQueryData(adminStatusQueryKey, result);
      toast({ title: "Success!", description: "Successfully logged in" });
      void navigate("/admin/submissions");
    },
    onError: (error) => {
      // Past a sign-in limit the server says how long to wait; every other failure reads the same.
      const limited = error instanceof HttpError && error.status === 429;
      const description = limited ? (apiErrorOf(error)?.message ?? "Too many sign-in attempts. Please try again later.") : "Invalid email or password";
      toast({ variant: "destructive", title: "Login Failed", description });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({ variant: "destructive", title: "Validation Error", description: "Please enter both email and password." });
      return;
    }
    if (login.isPending) return;
    login.mutate({ username: email.trim(), password });
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-sm rounded-lg bg-white p-8 shadow">
        <h1 className="text-2xl font-bold text-slate-900">Admin Login</h1>
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          <div>
            <label htmlFor="admin-email" className="block text-sm font-medium text-slate-800">
              Email Address
            </label>
            <input
              id="admin-email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="admin-password" className="block text-sm font-medium text-slate-800">
              Password
            </label>
            <input
              id="admin-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
            />
          </div>
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
