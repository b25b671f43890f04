import { spamSignalNames as spamSignalList } from "../../contract/lead-options.ts";

// The Idempotency-Key of a form's submissions: one random key per filled-in form, so a retry of the
// same values (after a failure whose answer never came) cannot store the lead twice. Keys are kept by
// the values they were sent with: editing a field after a failure gets a new key (the server would
// refuse the old key with other values), editing it back finds the old one again. After a success
// the form resets and every key is forgotten: the next submission is a new lead.

const spamSignalNames = new Set<string>(spamSignalList);

/** The lead's values, without the spam signals (a retry measures its own time and may carry a newer token). */
function valuesOf(payload: object): string {
  const fields = Object.entries(payload)
    .filter(([name, value]) => !spamSignalNames.has(name) && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(fields);
}

export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()) {
  const keys = new Map<string, string>();
  return {
    /** The key for a submission of these values: the same as last time for the same values. */
    keyFor(payload: object): string {
      const values = valuesOf(payload);
      let key = keys.get(values);
      if (key === undefined) {
        key = newKey();
        keys.set(values, key);
      }
      return key;
    },
    /** After a success: whatever is sent next is a new lead. */
    forget(): void {
      keys.clear();
    },
  };
}

export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>;
