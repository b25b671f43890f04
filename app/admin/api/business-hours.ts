import { queryOptions } from "@tanstack/react-query";
import { defaultBusinessHours, type BusinessHours, type BusinessHoursInput } from "../../../contract/business-hours.ts";
import { getJson, sendJson } from "./request.ts";

// GET, PUT /api/admin/settings/business-hours (issue 33, contract/business-hours.ts): the hours every
// deadline and follow-up shortcut counts in. Until they answer, the spec's default stands in.

export const BUSINESS_HOURS_PATH = "/api/admin/settings/business-hours";

export const businessHoursQuery = queryOptions({
  queryKey: [BUSINESS_HOURS_PATH],
  queryFn: () => getJson<BusinessHours>(BUSINESS_HOURS_PATH),
  placeholderData: defaultBusinessHours,
  staleTime: 5 * 60_000,
});

export function saveBusinessHours(hours: BusinessHoursInput): Promise<BusinessHours> {
  return sendJson<BusinessHours>("PUT", BUSINESS_HOURS_PATH, hours);
}
