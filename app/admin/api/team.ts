import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type {
  InvitationInput,
  TeamInvitation,
  TeamInvitationsAnswer,
  TeamUser,
  TeamUsersAnswer,
  UserPatch,
} from "../../../contract/team.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { getJson, sendJson } from "./request.ts";

// The team (issue 23): GET /api/admin/users (everyone: names for assignment and filters); the owner's
// changes to users and invitations.

export const teamUsersQuery = queryOptions({
  queryKey: ["/api/admin/users"],
  queryFn: () => getJson<TeamUsersAnswer>("/api/admin/users"),
  staleTime: 60_000,
});

export const invitationsQuery = queryOptions({
  queryKey: ["/api/admin/invitations"],
  queryFn: () => getJson<TeamInvitationsAnswer>("/api/admin/invitations"),
});

export const updateUserMutation = mutationOptions({
  mutationFn: ({ id, patch }: { id: string; patch: UserPatch }) =>
    sendJson<TeamUser>("PATCH", `/api/admin/users/${id}`, patch),
});

export const deleteUserMutation = mutationOptions({
  mutationFn: async (id: string) => {
    await apiRequest("DELETE", `/api/admin/users/${id}`);
  },
});

export const endUserSessionsMutation = mutationOptions({
  mutationFn: async (id: string) =>
    (await (await apiRequest("DELETE", `/api/admin/users/${id}/sessions`)).json()) as { ended: number },
});

export const inviteMutation = mutationOptions({
  mutationFn: (input: InvitationInput) => sendJson<TeamInvitation>("POST", "/api/admin/invitations", input),
});

export const resendInvitationMutation = mutationOptions({
  mutationFn: (id: string) => sendJson<TeamInvitation>("POST", `/api/admin/invitations/${id}/resend`),
});

export const revokeInvitationMutation = mutationOptions({
  mutationFn: async (id: string) => {
    await apiRequest("DELETE", `/api/admin/invitations/${id}`);
  },
});
