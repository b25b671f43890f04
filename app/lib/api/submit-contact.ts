import type { ContactSubmissionInput } from "../../../contract/contact-submission.ts";
import type { SubmissionReceipt } from "../../../contract/fields.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../../contract/idempotency-key.ts";
import { apiRequest } from "../api-client.ts";

// POST /api/contact: the schema the forms validate with is the one the server validates with.
export type { ContactSubmissionInput };

/** One submission: the payload and the Idempotency-Key of this filled-in form (see lib/idempotency-keys.ts). */
export async function submitContact({
  payload,
  idempotencyKey,
}: {
  payload: ContactSubmissionInput;
  idempotencyKey: string;
}): Promise<SubmissionReceipt> {
  const response = await apiRequest("POST", "/api/contact", payload, { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });
  return (await response.json()) as SubmissionReceipt;
}
