import { mutationOptions } from "@tanstack/react-query";
import type { PasswordChange } from "../../../contract/admin.ts";
import { apiRequest } from "../../lib/api-client.ts";

// POST /api/admin/password: the current session stays, every other one of the account ends.

export const changePasswordMutation = mutationOptions({
  mutationFn: async (change: PasswordChange) => {
    await apiRequest("POST", "/api/admin/password", change);
  },
});
