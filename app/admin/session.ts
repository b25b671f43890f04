import { mutationOptions, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { AdminLoginInput, AdminStatus } from "../../contract/admin.ts";
import type { SecondFactorStep } from "../../contract/two-factor.ts";
import { apiRequest, getQueryFn } from "../lib/api-client.ts";
import { isUnauthorized } from "./api/request.ts";

// The admin session (SPEC §2, §4, §6, §7): its status, login and logout, and the rule that a 401 from
// any admin call ends it. The signed-in layout (routes/admin-layout.tsx) reads the status and sends a
// signed-out visitor to the login page; nothing else guards.

export const signedOut: AdminStatus = { authenticated: false, username: null };

/** Five minutes, as SPEC §4 says; login, logout and a 401 update the cache directly. */
const STATUS_CACHE_MS = 5 * 60 * 1000;

export const sessionQuery = queryOptions({
  queryKey: ["/api/admin/status"],
  // A failed call counts as signed out (SPEC §8); the key is the URL (SPEC §7 default reads).
  queryFn: getQueryFn<AdminStatus>({ on401: "returnNull" }),
  staleTime: STATUS_CACHE_MS,
  gcTime: STATUS_CACHE_MS,
});

export function useSession(): AdminStatus & { isLoading: boolean } {
  const query = useQuery(sessionQuery);
  return { ...(query.data ?? signedOut), isLoading: query.isLoading };
}

/** Every cached admin answer except the status: they belong to one session. */
function forgetSessionData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0] });
}

/** A sign-in's answer: signed in (the status), or the second step to come (issue 23). */
export type SignInAnswer = AdminStatus | SecondFactorStep;

export function isSecondFactorStep(answer: SignInAnswer): answer is SecondFactorStep {
  return "secondFactor" in answer;
}

/** A session has begun (password, second step, passkey, invitation): its status, and nothing cached from before. */
export function startSession(client: QueryClient, status: AdminStatus) {
  forgetSessionData(client);
  client.setQueryData(sessionQuery.queryKey, status);
  void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
}

/**
 * POST /api/admin/login. A success is signed in as the submitted e-mail at once (SPEC §7), with the role the
 * answer names when it is the status; a user with a second factor gets the second step instead (issue 23),
 * and the status stays signed out until it is done. An answer that is not JSON still means signed in.
 */
export const loginMutation = mutationOptions({
  mutationFn: async (credentials: AdminLoginInput): Promise<SignInAnswer> => {
    const response = await apiRequest("POST", "/api/admin/login", credentials);
    const answer = (await response.json().catch(() => null)) as Partial<SignInAnswer> | null;
    if (answer && "secondFactor" in answer && answer.secondFactor) return answer as SecondFactorStep;
    return {
      authenticated: true,
      username: credentials.username,
      ...(answer && "user" in answer && answer.user ? { user: answer.user } : {}),
    };
  },
  onSuccess: (answer, _credentials, _result, { client }) => {
    if (!isSecondFactorStep(answer)) startSession(client, answer);
  },
});

/** POST /api/admin/login/second-factor: the app's code or a recovery code. */
export const secondFactorMutation = mutationOptions({
  mutationFn: async (code: string): Promise<AdminStatus> =>
    (await (await apiRequest("POST", "/api/admin/login/second-factor", { code })).json()) as AdminStatus,
  onSuccess: (status, _code, _result, { client }) => startSession(client, status),
});

/** The session is over: the status says so (the layout then goes to the login page). */
export function endSession(queryClient: QueryClient) {
  queryClient.setQueryData(sessionQuery.queryKey, signedOut);
}

/** POST /api/admin/logout: signed out here whatever the server answers, and the session's data forgotten. */
export const logoutMutation = mutationOptions({
  mutationFn: async () => {
    await apiRequest("POST", "/api/admin/logout");
  },
  onSettled: (_data, _error, _variables, _result, { client }) => {
    endSession(client);
    forgetSessionData(client);
  },
});

/**
 * A 401 from any admin read or change means the session ended elsewhere (expired, signed out, password
 * changed on another device): end it here too. Returns the unsubscribe function.
 */
export function endSessionOnUnauthorized(queryClient: QueryClient): () => void {
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "error" && isUnauthorized(event.action.error))
      endSession(queryClient);
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event?.type === "updated" && event.action.type === "error" && isUnauthorized(event.action.error))
      endSession(queryClient);
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}
