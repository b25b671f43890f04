import { z } from "zod";

// The Idempotency-Key request header of the form posts (IETF draft-ietf-httpapi-idempotency-key-header):
// a retry with the key of a stored lead answers that lead's receipt instead of storing it again.
// Our forms send a random UUID per filled-in form.

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

const message = `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 printable ASCII characters (our forms send a UUID)`;

/** The header's value; the draft's quoted form ("...", a structured-field string) is accepted too. */
export const idempotencyKey = z
  .string()
  .transform((value) => (/^"[^"\\]*"$/.test(value) ? value.slice(1, -1) : value))
  .pipe(z.string().regex(/^[\x20-\x7e]{1,255}$/, { error: message }));

/** Answer to a key sent again with other fields (422, as Stripe and the draft answer). */
export const IDEMPOTENCY_KEY_REUSED = `This ${IDEMPOTENCY_KEY_HEADER} was already used for a submission with other details. Send the same details to get its answer, or use a new key for a new submission.`;
