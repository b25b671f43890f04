import type { FieldValues, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailField, requiredText } from "../../../contract/fields.ts";
import { contractResolver } from "./contract-resolver.ts";
import { isEmptyValue } from "../../../contract/form-errors.ts";
import { hasMissingFields } from "./use-contract-form.ts";

// The form pattern's resolver: the contract schema decides, the form's message table words.

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues> as never;

const schema = z.object({
  name: z
    .string()
    .transform((value) => {
      const [first = "", ...rest] = value.trim().split(/\s+/);
      return { first, last: rest.join(" ") };
    })
    .pipe(z.object({ first: requiredText("first name", 100), last: requiredText("last name", 100) })),
  email: emailField,
  tags: z.array(z.string()).min(1, { error: "Pick one" }),
});

const resolve = (values: Record<string, unknown>, messages = {}) =>
  contractResolver(schema, messages)(values as never, undefined, options);

describe("contractResolver", () => {
  it("returns the schema's output when the values are valid", async () => {
    const result = await resolve({ name: " Ada  Lovelace ", email: " ada@example.com ", tags: ["a"] });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: { first: "Ada", last: "Lovelace" }, email: "ada@example.com", tags: ["a"] });
  });

  it("reports the schema's own message under each top-level field, nested problems included", async () => {
    const { errors } = await resolve({ name: "Cher", email: "cher-at-example", tags: ["a"] });
    expect(errors).toEqual({
      name: { type: "too_small", message: "Enter your last name." },
      email: { type: "invalid_format", message: "Enter a valid email address." },
    });
  });

  it("marks an empty field's error as required and words it from the table", async () => {
    const messages = {
      required: { name: "Please enter your name.", tags: "Please pick a tag." },
      issues: { "name.last": "Please enter both names." },
    };
    const { errors } = await resolve({ name: "  ", email: "", tags: [] }, messages);
    expect(errors).toEqual({
      name: { type: "required", message: "Please enter your name." },
      email: { type: "required", message: "Enter your email address." },
      tags: { type: "required", message: "Please pick a tag." },
    });
    expect(hasMissingFields(errors)).toBe(true);
  });

  it("words an issue by its path when the field is filled in", async () => {
    const { errors } = await resolve(
      { name: "Cher", email: "cher@example.com", tags: ["a"] },
      { issues: { "name.last": "Please enter both names." } },
    );
    expect(errors).toEqual({ name: { type: "too_small", message: "Please enter both names." } });
    expect(hasMissingFields(errors)).toBe(false);
  });
});

describe("isEmptyValue", () => {
  it.each([
    ["", true],
    [" \u200B ", true],
    [[], true],
    [undefined, true],
    [null, true],
    ["x", false],
    [["x"], false],
  ])("%j is empty: %s", (value, empty) => {
    expect(isEmptyValue(value)).toBe(empty);
  });
});
