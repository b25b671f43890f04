/** Unfolds an .ics text (RFC 5545 §3.1) into its content lines, for assertions on whole properties. */
export function icsLines(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
}
