import { mutationOptions } from "@tanstack/react-query";
import type { AdminStatus } from "../../../contract/admin.ts";
import type { InvitationAccept, InvitationLookup, PasswordResetLookup } from "../../../contract/team.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { getJson, sendJson } from "./request.ts";

// The pages behind the team's e-mailed links (issue 23), used without a session: an invitation, and a
// password reset (asking for one, and using it).

export const invitationLookup = (token: string) => ({
  queryKey: ["/api/admin/invitations", token],
  queryFn: () => getJson<InvitationLookup>(`/api/admin/invitations/${encodeURIComponent(token)}`),
  retry: false,
});

export const acceptInvitationMutation = mutationOptions({
  mutationFn: ({ token, input }: { token: string; input: InvitationAccept }) => sendJson<AdminStatus>("POST", `/api/admin/invitations/${encodeURIComponent(token)}/accept`, input),
});

export const requestPasswordResetMutation = mutationOptions({
  mutationFn: (email: string) => sendJson<{ message: string }>("POST", "/api/admin/password-reset", { email }),
});

export const passwordResetLookup = (token: string) => ({
  queryKey: ["/api/admin/password-reset", token],
  queryFn: () => getJson<PasswordResetLookup>(`/api/admin/password-reset/${encodeURIComponent(token)}`),
  retry: false,
});

export const completePasswordResetMutation = mutationOptions({
  mutationFn: async ({ token, password }: { token: string; password: string }) => {
    await apiRequest("POST", `/api/admin/password-reset/${encodeURIComponent(token)}`, { password });
  },
});
