import { z } from "zod";
import type { spamSignalNames } from "./lead-options.ts";
import { fieldMessages } from "./field-messages.ts";
import { clickIdParams } from "./lead-channels.ts";
import { cleanSourceText, leadSourceLimits, trimText, withoutDisguisingCharacters } from "./text.ts";

// Field rules shared by every payload. The spec leaves most bounds open; these are the ones the
// foundation issue fixed (see docs/decisions/002-payloads-and-errors.md).

// Clean text: the one owner of what text may reach the database (docs/decisions/014-clean-text.md).
// PostgreSQL refuses NUL outright and SQLite stores it, so the contract decides for both:
// - text a person types (names, company, message, notes, login, inbox filters, products) has its edges
//   trimmed (whitespace and zero-width characters), loses the characters that disguise text (bidirectional
//   overrides and isolates, tag characters; U+2028/2029 become a line break or a space), is NFC-normalised (one spelling per name, so search
//   matches on both databases) and is REFUSED with "Remove the unsupported characters from your <field>."
//   when it holds a control character (C0, DEL, C1; line breaks and tabs allowed in multi-line fields)
//   or a lone UTF-16 surrogate;
// - lead-source text is CLEANED instead: never a reason to lose a lead;
// - passwords are kept exactly as typed (they must match their hash) but may not hold NUL or lone surrogates.

const SINGLE_LINE_NOT_ALLOWED = /[\p{Cc}\p{Cs}]/u;
const MULTI_LINE_NOT_ALLOWED = /[^\P{Cc}\t\n\r]|\p{Cs}/u;
/** True when a person-entered value holds a character no field accepts (see above). */
export function hasForbiddenCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? MULTI_LINE_NOT_ALLOWED : SINGLE_LINE_NOT_ALLOWED).test(value);
}

/**
 * Text a person typed, trimmed and NFC-normalised, refused when it holds control characters or lone
 * surrogates. `field` names it inside a sentence ("first name"); callers add their bounds (`.min`,
 * `.max`) with messages from contract/field-messages.ts.
 */
export function cleanText(field: string, options: { multiline?: boolean; typeError?: string } = {}) {
  return z
    .string(options.typeError ? { error: options.typeError } : undefined)
    .overwrite((value) => trimText(withoutDisguisingCharacters(value, options)))
    .overwrite((value) => value.normalize("NFC"))
    .refine((value) => !hasForbiddenCharacters(value, options), {
      error: fieldMessages.notAllowed(field),
    });
}

/** A required string: clean text, non-empty, at most `max` characters. */
export function requiredText(field: string, max: number, options: { multiline?: boolean } = {}) {
  return cleanText(field, { ...options, typeError: fieldMessages.required(field) })
    .min(1, { error: fieldMessages.required(field) })
    .max(max, { error: fieldMessages.tooLong(field, max) });
}

/**
 * An optional string: absent, null and blank (whitespace and zero-width characters only) all mean
 * "not given" (forms send "" for an empty input), so the parsed value is either the schema's output
 * or undefined.
 */
export function optionalText<T extends z.ZodType<string | undefined>>(schema: T) {
  const blank = z
    .string()
    .refine((value) => trimText(value) === "")
    .transform(() => undefined);
  return z
    .union([z.null(), blank, schema])
    .optional()
    .transform((value) => (value === null ? undefined : value));
}

/**
 * A password exactly as typed: no trimming or normalising, since it must match its hash. NUL and lone
 * surrogates are refused: a NUL cannot be typed or passed by every client, and a lone surrogate would
 * hash the same as U+FFFD. The value is never echoed or logged.
 */
export function passwordText(field: string) {
  return z
    .string({ error: fieldMessages.required(field) })
    .refine((value) => !value.includes("\u0000") && !/\p{Cs}/u.test(value), {
      error: fieldMessages.notAllowed(field),
    });
}

export const emailField = cleanText("email address", { typeError: fieldMessages.required("email address") })
  .min(1, { error: fieldMessages.required("email address") })
  .max(254, { error: fieldMessages.tooLong("email address", 254) })
  .pipe(z.email({ error: fieldMessages.invalidEmail }));

/** Digits, spaces, + ( ) - . and an extension at the end ("ext. 12", "x12", "#12"); the digits are counted apart. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]*(?:\s*(?:ext(?:ension)?\.?|x|#)\s*\d+)?$/i;
const PHONE_DIGITS = { min: 7, max: 20 } as const;
const digitCount = (value: string) => value.match(/\d/g)?.length ?? 0;

export const phoneField = cleanText("phone number", { typeError: fieldMessages.required("phone number") })
  .min(1, { error: fieldMessages.required("phone number") })
  .refine((value) => value === "" || PHONE_CHARACTERS.test(value), { error: fieldMessages.phoneCharacters })
  .min(PHONE_DIGITS.min, { error: fieldMessages.phoneTooShort })
  .max(30, { error: fieldMessages.tooLong("phone number", 30) })
  .refine((value) => value === "" || digitCount(value) >= PHONE_DIGITS.min, { error: fieldMessages.phoneTooShort })
  .refine((value) => digitCount(value) <= PHONE_DIGITS.max, { error: fieldMessages.phoneTooLong });

/** Lead-source data is best effort: bad or oversized values are cleaned, cut or dropped, never a reason to lose a lead. */
export function sourceText(max: number) {
  return z
    .string()
    .transform((value) => cleanSourceText(value, max))
    .optional()
    .catch(undefined);
}

/** Optional tracking fields every form may send along with its payload. */
export const leadSourceFields = {
  pagePath: sourceText(leadSourceLimits.pagePath),
  formName: sourceText(leadSourceLimits.formName),
  utmSource: sourceText(leadSourceLimits.utmSource),
  utmMedium: sourceText(leadSourceLimits.utmMedium),
  utmCampaign: sourceText(leadSourceLimits.utmCampaign),
  utmTerm: sourceText(leadSourceLimits.utmTerm),
  utmContent: sourceText(leadSourceLimits.utmContent),
  referrer: sourceText(leadSourceLimits.referrer),
  landingPath: sourceText(leadSourceLimits.landingPath),
  /** The click-id parameter the landing page's address carried (its name: "gclid"), never its value. */
  clickId: z.enum(clickIdParams).optional().catch(undefined),
};

/**
 * Spam signals every form sends. `website` is a honeypot: a field people never see or reach, which
 * form-filling bots fill in. `elapsedMs` is the time from the form's render to its submission, as the
 * browser measured it. `formToken` is what GET /api/form-token answered when the form appeared: the
 * server signed its own clock into it, so the time to fill cannot be faked or skipped. The server
 * stores a lead that trips any of them as spam (never rejects it) and answers as for any lead.
 */
export const spamSignalFields = {
  website: sourceText(2048),
  elapsedMs: z.number().int().nonnegative().optional().catch(undefined),
  formToken: z.string().max(200).optional().catch(undefined),
} satisfies Record<(typeof spamSignalNames)[number], z.ZodType>;

/** What GET /api/form-token answers. */
export type FormTokenAnswer = { token: string };

/** Faster than any person fills in a form (browser autofill included). */
export const MIN_HUMAN_FILL_MS = 1500;

/** A lead's source as stored and answered: each of leadSourceFields (where they are named once), null when not sent. */
export type LeadSource = Record<keyof typeof leadSourceFields, string | null>;

/** Where a lead stands in the owner's triage. Every new submission starts as "new". */
export const leadStatuses = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** What POST /api/contact and POST /api/service-inquiry answer (201): the same for every lead, spam included. */
export type SubmissionReceipt = { id: string; createdAt: string };
