import { z } from "zod";
import { contentImageUrl, type PageCopyDocument, type PageCopyField } from "../../../../contract/content.ts";

// Pure helpers of the page-copy editor (issue 37): the form's flat field names (a text's path such as
// "process.steps.2.title" would read as nested objects to react-hook-form), the fields grouped by the page's
// sections, what changed since the draft, the per-field rules and the texts two versions disagree on.

export type EditedField = PageCopyField & { draft: string; published: string };
export type PageCopyValues = Record<string, string>;

/** The form's name for the page's `index`th text: flat, so a path's dots and numbers mean nothing to the form. */
export const fieldName = (index: number) => `text${index}`;

/** Above this many characters a text gets a textarea; shorter ones an input. */
export const LONG_TEXT = 80;
export const isLongText = (field: Pick<EditedField, "default" | "draft">) =>
  Math.max(field.default.length, field.draft.length) > LONG_TEXT;

const LABEL_SEPARATOR = " › ";

/** A field's label inside its group: "Hero › Intro" -> "Intro" (the group's legend says "Hero"). */
export function labelInGroup(label: string): string {
  const parts = label.split(LABEL_SEPARATOR);
  return parts.length > 1 ? parts.slice(1).join(LABEL_SEPARATOR) : label;
}

export type FieldGroup<F> = { key: string; legend: string; items: { field: F; index: number }[] };

/**
 * The fields by the first part of their path (hero, included, process, faq…), in the page's order: a group
 * starts where its first field is; `index` is the field's place in the page (its form name). A section met again
 * later joins its group.
 */
export function groupFields<F extends Pick<PageCopyField, "path" | "label">>(fields: readonly F[]): FieldGroup<F>[] {
  const groups = new Map<string, FieldGroup<F>>();
  fields.forEach((field, index) => {
    const key = field.path.split(".")[0]!;
    let group = groups.get(key);
    if (!group) {
      group = { key, legend: field.label.split(LABEL_SEPARATOR)[0]!, items: [] };
      groups.set(key, group);
    }
    group.items.push({ field, index });
  });
  return [...groups.values()];
}

/** The form's starting values: each field's draft text. */
export function formValuesOf(fields: readonly Pick<EditedField, "draft">[]): PageCopyValues {
  return Object.fromEntries(fields.map((field, index) => [fieldName(index), field.draft]));
}

/** What a save sends: path -> text for each field whose text (trimmed, as the server keeps it) left the draft. */
export function changedTexts(
  fields: readonly Pick<EditedField, "path" | "draft">[],
  values: PageCopyValues,
): Record<string, string> {
  const changed: Record<string, string> = {};
  fields.forEach((field, index) => {
    const text = (values[fieldName(index)] ?? field.draft).trim();
    if (text !== field.draft) changed[field.path] = text;
  });
  return changed;
}

/** The form's rules: each text required (unless optional) and within its limit, an image an address, in the server's words. */
export function pageCopySchema(fields: readonly Pick<EditedField, "label" | "max" | "optional" | "kind">[]) {
  return z.object(
    Object.fromEntries(
      fields.map((field, index) => {
        const text = z
          .string()
          .trim()
          .max(field.max, { error: `${field.label} must be at most ${field.max} characters (it fits the layout).` });
        const rule = field.optional ? text : text.min(1, { error: "This text is required" });
        return [fieldName(index), field.kind === "image" ? rule.pipe(z.literal("").or(contentImageUrl)) : rule];
      }),
    ),
  );
}

/** The server's field errors ("fields.<path>") by form name; those of no field on the page are left out. */
export function fieldErrorsByName(
  fields: readonly Pick<EditedField, "path">[],
  errors: Record<string, string> | undefined,
): Record<string, string> {
  const byName: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    if (!key.startsWith("fields.")) continue;
    const index = fields.findIndex((field) => field.path === key.slice("fields.".length));
    if (index >= 0) byName[fieldName(index)] = message;
  }
  return byName;
}

/** The texts where their saved draft and the editor's disagree: a 409's two sides, field by field. */
export function conflictingTexts(
  current: Pick<PageCopyDocument, "fields">,
  fields: readonly Pick<EditedField, "path">[],
  values: PageCopyValues,
): { path: string; label: string; theirs: string; yours: string }[] {
  return current.fields.flatMap((theirs) => {
    const index = fields.findIndex((field) => field.path === theirs.path);
    const yours = index >= 0 ? (values[fieldName(index)] ?? theirs.draft).trim() : theirs.draft;
    return yours === theirs.draft ? [] : [{ path: theirs.path, label: theirs.label, theirs: theirs.draft, yours }];
  });
}
