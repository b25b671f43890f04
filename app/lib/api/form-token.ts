import type { FormTokenAnswer } from "../../../contract/fields.ts";
import { apiRequest } from "../api-client.ts";

// GET /api/form-token: the signed issue time a form sends back with its lead (the server's spam guard
// measures the time to fill from it).

export async function fetchFormToken(): Promise<string> {
  const response = await apiRequest("GET", "/api/form-token");
  return ((await response.json()) as FormTokenAnswer).token;
}
