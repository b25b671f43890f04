import type { LeadSource, spamSignalFields } from "../../../contract/fields.ts";
import { reportConversion } from "../../lib/analytics.ts";
import { useIdempotencyKeys, useSingleFlight, useSpamSignals } from "./form-parts.tsx";
import { notifySubmitFailed, notifySubmitted } from "./form-toasts.tsx";

// Sending a valid lead, the same for every public form: one submission at a time, the lead's source and
// spam signals added, one Idempotency-Key per filled-in form (a retry after a lost answer stores the
// lead once), the spec's toasts, and the conversion report after a success (SPEC §4, §7). Straight
// through the API client: a public page carries no TanStack Query.

/** The lead's own fields: what the form entered, without the source and spam signals this hook adds. */
type LeadFields<Payload> = Omit<Payload, keyof LeadSource | keyof typeof spamSignalFields>;

export function useLeadSubmission<Payload extends object>({
  formName,
  formRef,
  send,
}: {
  /** The form element: its hidden fields may already hold a form token (client:lead-form). */
  formRef: React.RefObject<HTMLFormElement | null>;
  /** Stored with the lead, so the owner sees which form it came from. */
  formName: string;
  /** The endpoint's request function (lib/api/submit-*.ts). */
  send: (request: { payload: Payload; idempotencyKey: string }) => Promise<unknown>;
}) {
  const { run, pending } = useSingleFlight();
  const spam = useSpamSignals(formRef);
  const idempotencyKeys = useIdempotencyKeys();

  /** Sends the lead; on success `onSent` (reset the form), then the next lead gets a new key and timer. */
  const submit = (lead: LeadFields<Payload>, texts: { success: string; failure: string; onSent: () => void }) =>
    run(async () => {
      let payload: Payload;
      try {
        // Loaded with the schemas (lead-form-rules.ts): the source's cleaning rules are zod's.
        const { leadSourceFor } = await import("../../lib/lead-source.ts");
        payload = { ...lead, ...leadSourceFor(formName), ...(await spam.signals()) } as Payload;
      } catch {
        notifySubmitFailed(texts.failure);
        return;
      }
      try {
        // The key follows the values, not the spam signals (a retry measures its own time).
        await send({ payload, idempotencyKey: idempotencyKeys.keyFor(payload) });
      } catch {
        notifySubmitFailed(texts.failure);
        return;
      }
      try {
        reportConversion();
      } catch {
        // The ads account's snippet is not ours: a fault in it must not spoil a stored lead.
      }
      notifySubmitted(texts.success);
      texts.onSent();
      spam.restart();
      idempotencyKeys.forget();
    });

  return { submit, pending, honeypotRef: spam.honeypotRef };
}
