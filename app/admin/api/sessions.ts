import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { AdminSessionsAnswer } from "../../../contract/team.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { getJson } from "./request.ts";

// Your own sessions (issue 23): where you are signed in, and ending them.

export const sessionsQuery = queryOptions({
  queryKey: ["/api/admin/sessions"],
  queryFn: () => getJson<AdminSessionsAnswer>("/api/admin/sessions"),
});

export const endSessionMutation = mutationOptions({
  mutationFn: async (id: string) => {
    await apiRequest("DELETE", `/api/admin/sessions/${id}`);
  },
});

export const endOtherSessionsMutation = mutationOptions({
  mutationFn: async () => (await (await apiRequest("DELETE", "/api/admin/sessions")).json()) as { ended: number },
});
