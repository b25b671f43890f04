import type { z } from "zod";
import { trimText } from "./text.ts";

// How a form's problems are worded, the same in the browser (app/components/forms/contract-resolver.ts,
// under each field as the visitor types) and on the server (the page a form post without JavaScript
// gets back, server/routes/forms/): the contract schema decides what is wrong, the form's message table
// (contract/lead-form-messages.ts) words it where the form's wording differs from the schema's.

/** What a form says instead of the schema's messages. */
export type FormMessages<Field extends string = string> = {
  /** The field is empty ("", whitespace, or an empty list) and the schema refused it. */
  required?: Partial<Record<Field, string>>;
  /** An issue at this path ("fullName.lastName"), whatever the field holds. */
  issues?: Record<string, string>;
};

/** Nothing entered: blank text (zero-width characters included, as the contract trims them) or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return trimText(value) === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * The message of a field's first problem: the form's `required` wording when the field is empty, else its
 * wording for the problem's path (`field.sub`), else the schema's own.
 */
export function fieldMessage(
  messages: FormMessages,
  field: string,
  path: string,
  empty: boolean,
  schemaMessage: string,
): string {
  return (empty ? messages.required?.[field] : undefined) ?? messages.issues?.[path] ?? schemaMessage;
}

/** One problem per top-level field, in the schema's field order: what a page lists and shows under each field. */
export type FieldProblems = Record<string, { message: string; missing: boolean }>;

/**
 * Validates `values` with `schema`: its output, or the first problem of each top-level field worded as the
 * forms word it.
 */
export function validateForm<Schema extends z.ZodType>(
  schema: Schema,
  values: Record<string, unknown>,
  messages: FormMessages = {},
): { ok: true; data: z.output<Schema> } | { ok: false; problems: FieldProblems } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const problems: FieldProblems = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field === "" || problems[field]) continue;
    const empty = isEmptyValue(values[field]);
    problems[field] = {
      message: fieldMessage(messages, field, issue.path.map(String).join("."), empty, issue.message),
      missing: empty,
    };
  }
  return { ok: false, problems };
}
