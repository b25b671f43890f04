import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { adminStatusQueryKey, useAdminStatus } from "../../lib/admin-status.ts";
import { HttpError } from "../../lib/api-client.ts";

/** The admin session; a signed-out visitor is sent to the login page (SPEC §2, §6). */
export function useAdminGuard() {
  const navigate = useNavigate();
  const status = useAdminStatus();
  useEffect(() => {
    if (!status.isLoading && !status.authenticated) void navigate("/admin/login", { replace: true });
  }, [status.isLoading, status.authenticated, navigate]);
  return status;
}

/** When an admin call answers 401 the session has ended (expired, or signed out elsewhere): go to the login page. */
export function useSignOutOnUnauthorized(...errors: unknown[]) {
  const queryClient = useQueryClient();
  const unauthorized = errors.some((error) => error instanceof HttpError && error.status === 401);
  useEffect(() => {
    if (unauthorized) queryClient.setQueryData(adminStatusQueryKey, { authenticated: false, username: null });
  }, [unauthorized, queryClient]);
}
