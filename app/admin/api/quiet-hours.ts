import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { QuietHours } from "../../../contract/quiet-hours.ts";
import { getJson, sendJson } from "./request.ts";

// GET, PUT /api/admin/account/quiet-hours (issue 36, contract/quiet-hours.ts): the signed-in user's own.

const QUIET_HOURS_PATH = "/api/admin/account/quiet-hours";

export const quietHoursQuery = queryOptions({
  queryKey: [QUIET_HOURS_PATH],
  queryFn: () => getJson<QuietHours>(QUIET_HOURS_PATH),
});

export const quietHoursMutation = mutationOptions({
  mutationFn: (quiet: QuietHours) => sendJson<QuietHours>("PUT", QUIET_HOURS_PATH, quiet),
  onSuccess: (saved, _input, _result, { client }) => client.setQueryData([QUIET_HOURS_PATH], saved),
});
