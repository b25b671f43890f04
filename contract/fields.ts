import { z } from "zod";

// Field rules shared by every payload. The spec leaves most bounds open; these are the ones the
// foundation issue fixed (see docs/decisions/002-payload-bounds.md).

/** A required string: trimmed, non-empty, at most `max` characters. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

/**
 * An optional string: absent, null and blank all mean "not given" (forms send "" for an empty
 * input), so the parsed value is either a trimmed non-empty string or undefined.
 */
export function optionalText<T extends z.ZodType<string | undefined>>(schema: T) {
  const blank = z
    .string()
    .regex(/^\s*$/)
    .transform(() => undefined);
  return z
    .union([z.null(), blank, schema])
    .optional()
    .transform((value) => (value === null ? undefined : value));
}

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, { error: "Email is required" })
  .max(254, { error: "Email must be at most 254 characters" })
  .pipe(z.email({ error: "Enter a valid email address" }));

export const phoneField = z
  .string({ error: "Phone is required" })
  .trim()
  .min(1, { error: "Phone is required" })
  .min(7, { error: "Phone must be at least 7 characters" })
  .max(30, { error: "Phone must be at most 30 characters" })
  .refine((value) => (value.match(/\d/g)?.length ?? 0) >= 7, {
    error: "Phone must contain at least 7 digits",
  });

/** Lead-source data is best effort: bad or oversized values are cut or dropped, never a reason to lose a lead. */
export function sourceText(max: number) {
  return z
    .string()
    .transform((value) => value.trim().slice(0, max) || undefined)
    .optional()
    .catch(undefined);
}

/** Optional tracking fields every form may send along with its payload. */
export const leadSourceFields = {
  pagePath: sourceText(2048),
  formName: sourceText(100),
  utmSource: sourceText(200),
  utmMedium: sourceText(200),
  utmCampaign: sourceText(200),
  utmTerm: sourceText(200),
  utmContent: sourceText(200),
  referrer: sourceText(2048),
};

/**
 * Spam signals every form sends. `website` is a honeypot: a field people never see or reach, which
 * form-filling bots fill in. `elapsedMs` is the time from the form's render to its submission. The
 * server stores a lead that trips either as spam (never rejects it) and answers as for any lead.
 */
export const spamSignalFields = {
  website: z.string().max(2048).optional().catch(undefined),
  elapsedMs: z.number().int().nonnegative().optional().catch(undefined),
};

/** Faster than any person fills in a form (browser autofill included). */
export const MIN_HUMAN_FILL_MS = 1500;

export type LeadSource = {
  pagePath: string | null;
  formName: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  referrer: string | null;
};

/** Where a lead stands in the owner's triage. Every new submission starts as "new". */
export const leadStatuses = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** What POST /api/contact and POST /api/service-inquiry answer (201): the same for every lead, spam included. */
export type SubmissionReceipt = { id: string; createdAt: string };
