import { useMutation } from "@tanstack/react-query";
import type { SubmissionReceipt } from "../../../contract/fields.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../../contract/idempotency-key.ts";
import { serviceInquiryInput, type ServiceInquiryInput } from "../../../contract/service-inquiry.ts";
import { reportConversion } from "../analytics.ts";
import { apiRequest, queryClient } from "../api-client.ts";
import { refreshLeadQueries } from "./admin-leads.ts";

// POST /api/service-inquiry, validated by the same schema as on the server.
export { serviceInquiryInput };
export type { ServiceInquiryInput };

/** One submission: the payload and the Idempotency-Key of this filled-in form (see lib/idempotency-keys.ts). */
export async function submitServiceInquiry({ payload, idempotencyKey }: { payload: ServiceInquiryInput; idempotencyKey: string }): Promise<SubmissionReceipt> {
  const response = await apiRequest("POST", "/api/service-inquiry", payload, { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });
  return (await response.json()) as SubmissionReceipt;
}

/** Sends a service inquiry; on success refreshes the admin's cached list and reports the conversion. */
export function useSubmitServiceInquiry() {
  // The module's client, not a provider's: a form is an island of its own (an Astro page has no React root around it).
  return useMutation(
    {
      mutationFn: submitServiceInquiry,
      onSuccess: () => {
        refreshLeadQueries(queryClient, "inquiries");
        reportConversion();
      },
    },
    queryClient,
  );
}
