import { useQuery } from "@tanstack/react-query";
import type { AdminStatus } from "../../contract/admin.ts";
import { getQueryFn } from "./api-client.ts";

export const adminStatusQueryKey = ["/api/admin/status"] as const;

/** Five minutes, as SPEC §4 says; login and logout update the cache directly. */
const ADMIN_STATUS_CACHE_MS = 5 * 60 * 1000;

/** The admin session status; a failed call counts as signed out (SPEC §8). */
export function useAdminStatus() {
  const query = useQuery<AdminStatus | null>({
    queryKey: adminStatusQueryKey,
    queryFn: getQueryFn<AdminStatus>({ on401: "returnNull" }),
    staleTime: ADMIN_STATUS_CACHE_MS,
    gcTime: ADMIN_STATUS_CACHE_MS,
  });
  const status: AdminStatus = query.data ?? { authenticated: false, username: null };
  return { ...status, isLoading: query.isLoading };
}
