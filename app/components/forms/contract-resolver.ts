import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldError, FieldErrors, Resolver } from "react-hook-form";
import type { z } from "zod";
import { fieldMessage, isEmptyValue, type FormMessages } from "../../../contract/form-errors.ts";
import type { ObjectSchema } from "./use-contract-form.ts";

// The validation behind useContractForm (use-contract-form.ts), loaded with the first validation.

/** The first error under a node of the nested errors zodResolver returns, with its path below the node. */
function firstLeaf(node: unknown, path: string[] = []): { error: FieldError; path: string[] } | undefined {
  if (!node || typeof node !== "object") return undefined;
  if (typeof (node as FieldError).type === "string") return { error: node as FieldError, path };
  for (const [key, child] of Object.entries(node)) {
    if (key === "ref") continue;
    const found = firstLeaf(child, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * zodResolver over `schema`, with one error per top-level field (a field whose schema is an object,
 * such as the contact form's full name, reports its first inner problem) worded by `messages`.
 */
export function contractResolver<Schema extends ObjectSchema>(
  schema: Schema,
  messages: FormMessages = {},
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const found = Object.entries(result.errors);
    if (found.length === 0) return result;
    const errors: Record<string, FieldError> = {};
    for (const [field, node] of found) {
      const leaf = firstLeaf(node);
      if (!leaf) continue;
      const path = [field, ...leaf.path].join(".");
      const empty = isEmptyValue((values as Record<string, unknown>)[field]);
      errors[field] = {
        type: empty ? "required" : leaf.error.type,
        message: fieldMessage(messages, field, path, empty, leaf.error.message ?? ""),
        ...(leaf.error.ref ? { ref: leaf.error.ref } : {}),
      };
    }
    return { values: {}, errors: errors as FieldErrors<z.input<Schema>> };
  };
}
