import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { AdminStatus } from "../../../contract/admin.ts";
import { adminStatusQueryKey, useAdminStatus } from "../../lib/admin-status.ts";
import { apiRequest } from "../../lib/api-client.ts";

export function meta() {
  return [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];
}

type Notice = { title: string; description: string; tone: "error" | "success" };

export default function AdminLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useAdminStatus();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  // Shown inline until the toast system arrives with the forms.
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (status.authenticated) void navigate("/admin/submissions", { replace: true });
  }, [status.authenticated, navigate]);

  const login = useMutation({
    mutationFn: async (credentials: { username: string; password: string }) =>
      (await (await apiRequest("POST", "/api/admin/login", credentials)).json()) as AdminStatus,
    onSuccess: (result) => {
      queryClient.setQueryData(adminStatusQueryKey, result);
      setNotice({ title: "Success!", description: "Successfully logged in", tone: "success" });
      void navigate("/admin/submissions");
    },
    onError: () => setNotice({ title: "Login Failed", description: "Invalid email or password", tone: "error" }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setNotice({ title: "Validation Error", description: "Please enter both email and password.", tone: "error" });
      return;
    }
    if (login.isPending) return;
    setNotice(null);
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
        <div role="status" aria-live="polite" className="mt-4 min-h-12">
          {notice && (
            <div className={notice.tone === "error" ? "text-red-700" : "text-green-800"}>
              <p className="font-semibold">{notice.title}</p>
              <p>{notice.description}</p>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
