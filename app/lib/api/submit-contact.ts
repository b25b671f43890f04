import { useMutation } from "@tanstack/react-query";
import { contactSubmissionInput, type ContactSubmissionInput } from "../../../contract/contact-submission.ts";
import type { SubmissionReceipt } from "../../../contract/fields.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../../contract/idempotency-key.ts";
import { reportConversion } from "../analytics.ts";
import { apiRequest, queryClient } from "../api-client.ts";
import { refreshLeadQueries } from "./admin-leads.ts";

// POST /api/contact: the schema the forms validate with is the one the server validates with.
export { contactSubmissionInput };
export type { ContactSubmissionInput };

/** One submission: the payload and the Idempotency-Key of this filled-in form (see lib/idempotency-keys.ts). */
export async function submitContact({ payload, idempotencyKey }: { payload: ContactSubmissionInput; idempotencyKey: string }): Promise<SubmissionReceipt> {
  const response = await apiRequest("POST", "/api/contact", payload, { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });
  return (await response.json()) as SubmissionReceipt;
}

/** Sends a contact submission; on success refreshes the admin's cached list and reports the conversion. */
export function useSubmitContact() {
  // The module's client, not a provider's: a form is an island of its own (an Astro page has no React root around it).
  return useMutation(
    {
      mutationFn: submitContact,
      onSuccess: () => {
        refreshLeadQueries(queryClient, "contacts");
        reportConversion();
      },
    },
    queryClient,
  );
}
