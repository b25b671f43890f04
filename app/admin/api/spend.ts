import { queryOptions } from "@tanstack/react-query";
import type { SpendLineInput, SpendSettings } from "../../../contract/spend.ts";
import { getJson, sendJson } from "./request.ts";

// GET, PUT /api/admin/settings/spend (issue 38, contract/spend.ts): what each channel or campaign cost per
// month. PUT (owners) replaces the whole set: send every line that should remain.

export const SPEND_PATH = "/api/admin/settings/spend";

export const spendQuery = queryOptions({
  queryKey: [SPEND_PATH],
  queryFn: () => getJson<SpendSettings>(SPEND_PATH),
});

export function saveSpend(lines: SpendLineInput[]): Promise<SpendSettings> {
  return sendJson<SpendSettings>("PUT", SPEND_PATH, lines);
}
