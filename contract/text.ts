// Text rules without zod, for code that runs on every page load (app/scripts/page-view.ts) and must stay
// tiny; contract/fields.ts builds the schemas from them.

const SOURCE_NOT_ALLOWED = /[\p{Cc}\p{Cs}]/gu;
/** Whitespace and the zero-width characters that look like nothing (U+200B–U+200D, U+2060, U+FEFF). */
export const BLANK_CHARACTER = /[\s\u200B-\u200D\u2060\uFEFF]/u;

/**
 * Characters that disguise text rather than write it: bidirectional embeddings and overrides
 * (U+202A–202E) and isolates (U+2066–2069), which can make "gpj.exe" read "exe.jpg" in the admin or a mail,
 * and tag characters (U+E0000–E007F), invisible letters that can smuggle text past a reader.
 */
const DISGUISING_CHARACTERS = /[\u202A-\u202E\u2066-\u2069\u{E0000}-\u{E007F}]/gu;
/** The line and paragraph separators (U+2028/2029): line breaks that many programs do not treat as one. */
const UNICODE_LINE_SEPARATORS = /[\u2028\u2029]/g;

/**
 * Removes the characters that disguise text, and turns U+2028/2029 into a plain line break (multi-line
 * fields keep their lines) or a space. Removed rather than refused: a visitor who pasted them sees nothing wrong.
 */
export function withoutDisguisingCharacters(value: string, options: { multiline?: boolean } = {}): string {
  return value.replace(DISGUISING_CHARACTERS, "").replace(UNICODE_LINE_SEPARATORS, options.multiline ? "\n" : " ");
}

/** Strips whitespace and zero-width characters from both ends (a loop, not a regex: no backtracking on 32 KB of spaces). */
export function trimText(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && BLANK_CHARACTER.test(value[start]!)) start += 1;
  while (end > start && BLANK_CHARACTER.test(value[end - 1]!)) end -= 1;
  return value.slice(start, end);
}

/** The longest value each lead-source field keeps. */
export const leadSourceLimits = {
  pagePath: 2048,
  formName: 100,
  utmSource: 200,
  utmMedium: 200,
  utmCampaign: 200,
  utmTerm: 200,
  utmContent: 200,
  referrer: 2048,
  /** The page the visit started on (issue 24). */
  landingPath: 2048,
} as const;

/**
 * Lead-source text cleaned for storage: control characters become a space (whitespace ones) or
 * disappear, lone surrogates disappear, edges are trimmed, NFC, cut to `max` without splitting an
 * emoji's surrogate pair. Empty becomes undefined. The browser cleans with it too (app/lib/lead-source.ts).
 */
export function cleanSourceText(value: string, max: number): string | undefined {
  const cleaned = trimText(
    withoutDisguisingCharacters(value)
      .replace(SOURCE_NOT_ALLOWED, (found) => (/\s/.test(found) ? " " : ""))
      .normalize("NFC"),
  );
  const cut = cleaned.slice(0, max);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut) || undefined;
}
