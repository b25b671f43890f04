import addressparser from "nodemailer/lib/addressparser";
import type { SummaryRow } from "../lead-summary.ts";

// The pieces both lead e-mails are made of: header text that cannot break a header, the stable
// Message-ID, and the rows of a lead as plain text and as an escaped HTML table.

/**
 * Text for a header (subject, display name): control characters (CR/LF first of all) become spaces, and
 * "=?" becomes "= ?", bounded. An encoded word ("=?UTF-8?B?...?=") typed as text would otherwise go out
 * as typed (nodemailer only quotes plain ASCII) and be decoded by the reader's parser, into line breaks
 * and headers of the visitor's choosing; with no "=?" left, no parser finds an encoded word to decode,
 * and the reader sees the text as typed but for one space (issue 19 point 3, decision 031).
 */
export function headerText(value: string, maxLength: number): string {
  const clean = value
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/=\?/g, "= ?");
  // Cutting the text short cannot make a new "=?": it only drops characters from the end.
  return clean.length <= maxLength ? clean : `${clean.slice(0, maxLength - 1).trimEnd()}…`;
}

/** MAIL_FROM ("Agency <hello@agency.example>" or a bare address) as a name and an address. */
export function parseMailbox(mailbox: string): { name: string; address: string } {
  const [first] = addressparser(mailbox, { flatten: true });
  if (!first?.address) throw new Error(`not an e-mail address: ${JSON.stringify(mailbox)}`);
  return { name: first.name, address: first.address };
}

/**
 * The Message-ID of a delivery: the same every time it is sent, so a retry after an unclear failure (the
 * server took the message but the answer was lost) gives the same message, which mail systems de-duplicate.
 */
export function deliveryMessageId(deliveryId: string, from: string): string {
  const domain = parseMailbox(from).address.split("@").pop();
  return `<${deliveryId}@${domain}>`;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Rows as "Label: value" lines; a multi-line value is indented under its label. */
export function rowsText(rows: SummaryRow[]): string {
  return rows
    .map(({ label, value }) =>
      value.includes("\n") ? `${label}:\n  ${value.replace(/\r?\n/g, "\n  ")}` : `${label}: ${value}`,
    )
    .join("\n");
}

/** Rows as a small table; every label and value escaped, line breaks kept. */
export function rowsHtml(rows: SummaryRow[]): string {
  const cell = "padding:4px 12px 4px 0;vertical-align:top;text-align:left";
  const body = rows
    .map(
      ({ label, value }) =>
        `<tr><th style="${cell};color:#555;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th>` +
        `<td style="${cell}">${escapeHtml(value).replace(/\r?\n/g, "<br>")}</td></tr>`,
    )
    .join("\n");
  return `<table style="border-collapse:collapse;font-size:14px">\n${body}\n</table>`;
}

/** A minimal HTML document around a body (the body's parts are escaped by their makers). */
export function htmlDocument(title: string, body: string): string {
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">\n${body}\n</body></html>`;
}
