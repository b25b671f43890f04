// CSV as RFC 4180 says (CRLF line ends, quotes doubled, fields with commas, quotes or line breaks
// quoted), with a UTF-8 byte-order mark so spreadsheet programs read accents right, and every cell that
// a spreadsheet would run as a formula (= + - @, tab, carriage return first) neutralised with a quote.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : Array.isArray(value) ? value.join("; ") : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
