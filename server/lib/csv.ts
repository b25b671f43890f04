// CSV as RFC 4180 says (CRLF line ends, quotes doubled, fields with commas, quotes or line breaks
// quoted), with a UTF-8 byte-order mark so spreadsheet programs read accents right, and every cell that
// a spreadsheet would run as a formula (= + - @, tab, carriage return first) neutralised with a quote.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : Array.isArray(value) ? value.join("; ") : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, without its line end. */
export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(",");
}

/** The UTF-8 byte-order mark a file starts with (a streamed export sends it first). */
export const CSV_BYTE_ORDER_MARK = Buffer.from("\uFEFF");
const BYTE_ORDER_MARK = CSV_BYTE_ORDER_MARK;

/**
 * A whole file, as UTF-8 bytes, from lines made by csvLine: byte-order mark first, every line ended
 * by CRLF. The mark is added as bytes: in the joined text it would make V8 store every character in
 * two bytes, and a large export would take twice as long to encode.
 */
export function csvFile(lines: readonly string[]): Buffer {
  const text = `${lines.join("\r\n")}\r\n`;
  const file = Buffer.allocUnsafe(BYTE_ORDER_MARK.length + Buffer.byteLength(text));
  BYTE_ORDER_MARK.copy(file);
  file.write(text, BYTE_ORDER_MARK.length);
  return file;
}
