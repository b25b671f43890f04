import type { SubmissionReceipt } from "../../../contract/fields.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../../contract/idempotency-key.ts";
import type { ServiceInquiryInput } from "../../../contract/service-inquiry.ts";
import { apiRequest } from "../api-client.ts";

// POST /api/service-inquiry, validated by the same schema as on the server.
export type { ServiceInquiryInput };

/** One submission: the payload and the Idempotency-Key of this filled-in form (see lib/idempotency-keys.ts). */
export async function submitServiceInquiry({
  payload,
  idempotencyKey,
}: {
  payload: ServiceInquiryInput;
  idempotencyKey: string;
}): Promise<SubmissionReceipt> {
  const response = await apiRequest("POST", "/api/service-inquiry", payload, {
    [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
  });
  return (await response.json()) as SubmissionReceipt;
}
