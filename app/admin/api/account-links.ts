import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { AdminStatus } from "../../../contract/admin.ts";
import type {
  InvitationAccept,
  InvitationLookup,
  PasswordResetComplete,
  PasswordResetLookup,
} from "../../../contract/team.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { sendJson } from "./request.ts";

// The pages behind the team's e-mailed links (issue 23), used without a session: an invitation, and a
// password reset (asking for one, and using it). The link's token is sent in POST bodies only, never in a
// URL (issue 32): the servers, proxies and logs on the way see no secret.

/**
 * What the page shows for its link. Asked once: each ask counts against the per-address limit. The token in
 * the key stays in this page's memory (the cache is never stored nor sent).
 */
export const invitationLookup = (token: string) =>
  queryOptions({
    queryKey: ["/api/admin/invitations/lookup", token],
    queryFn: () => sendJson<InvitationLookup>("POST", "/api/admin/invitations/lookup", { token }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export const acceptInvitationMutation = mutationOptions({
  mutationFn: (input: InvitationAccept) => sendJson<AdminStatus>("POST", "/api/admin/invitations/accept", input),
});

export const requestPasswordResetMutation = mutationOptions({
  mutationFn: (email: string) => sendJson<{ message: string }>("POST", "/api/admin/password-reset", { email }),
});

export const passwordResetLookup = (token: string) =>
  queryOptions({
    queryKey: ["/api/admin/password-reset/lookup", token],
    queryFn: () => sendJson<PasswordResetLookup>("POST", "/api/admin/password-reset/lookup", { token }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export const completePasswordResetMutation = mutationOptions({
  mutationFn: async (input: PasswordResetComplete) => {
    await apiRequest("POST", "/api/admin/password-reset/complete", input);
  },
});
