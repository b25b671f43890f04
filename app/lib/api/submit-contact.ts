import { useMutation, useQueryClient } from "@tanstack/react-query";
import { contactSubmissionInput, type ContactSubmissionInput } from "../../../contract/contact-submission.ts";
import type { SubmissionReceipt } from "../../../contract/fields.ts";
import { reportConversion } from "../analytics.ts";
import { apiRequest } from "../api-client.ts";

// POST /api/contact: the schema the forms validate with is the one the server validates with.
export { contactSubmissionInput };
export type { ContactSubmissionInput };

export const contactSubmissionsQueryKey = ["/api/contact-submissions"] as const;

export async function submitContact(payload: ContactSubmissionInput): Promise<SubmissionReceipt> {
  const response = await apiRequest("POST", "/api/contact", payload);
  return (await response.json()) as SubmissionReceipt;
}

/** Sends a contact submission; on success refreshes the admin's cached list and reports the conversion. */
export function useSubmitContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitContact,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contactSubmissionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/stats"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/leads", "contacts"] });
      reportConversion();
    },
  });
}
