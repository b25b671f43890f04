import { mutationOptions } from "@tanstack/react-query";
import type { AdminStatus } from "../../../contract/admin.ts";
import type { OwnNameInput } from "../../../contract/team.ts";
import { sessionQuery } from "../session.ts";
import { sendJson } from "./request.ts";

// PUT /api/admin/account/name (issue 33): the signed-in user's own name. The session's status carries it
// (the Welcome line, the frame), so the cached status takes the new name at once.

export const ownNameMutation = mutationOptions({
  mutationFn: (input: OwnNameInput) => sendJson<{ name: string }>("PUT", "/api/admin/account/name", input),
  onSuccess: ({ name }, _input, _result, { client }) => {
    client.setQueryData<AdminStatus>(sessionQuery.queryKey, (status) =>
      status?.user ? { ...status, user: { ...status.user, name } } : status,
    );
    // Team lists and activity name the user too.
    void client.invalidateQueries({ queryKey: ["/api/admin/users"] });
  },
});
