import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Resolver } from "react-hook-form";
import type { z } from "zod";
import type { FormMessages } from "../../../contract/form-errors.ts";

// The one way to build a form (issue 12 §3): react-hook-form over a contract schema.
//
//   const form = useContractForm(schema, defaultValues, messages?);
//   <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate>
//     <Input {...form.register("email")} {...fieldA11y(id, form.formState.errors.email?.message)} />
//
// - `schema`: a zod object schema from contract/ (picked, or extended with the form's own fields). It
//   alone decides what is valid; onValid receives its output (trimmed, transformed).
// - Each field shows the first problem the schema found for it, in the schema's words, unless the
//   form's `messages` table says otherwise (the spec's wording differs from the API's in places):
//   `required[field]` when the field is empty, `issues["field.sub"]` for an issue at that path.
// - An empty field's error has type "required" (hasMissingFields tells the spec's "fill in all required
//   fields" toast from the others). Focus goes to the first invalid field (react-hook-form's
//   shouldFocusError, in the order the fields registered: a Controller must pass `field.ref` on).

export type ObjectSchema = z.ZodType<FieldValues, FieldValues>;

/** True when at least one error is an empty field's (type "required"). */
export function hasMissingFields(errors: FieldErrors): boolean {
  return Object.values(errors).some((error) => error?.type === "required");
}

/** A schema with the form's own wording: what a lazily loaded form's loader gives. */
export type ContractFormRules<Schema extends ObjectSchema> = { schema: Schema; messages?: FormMessages };

/**
 * A react-hook-form form validated by `schema` (see the top of this file). Instead of the schema, a
 * public form passes a loader of its rules (`() => import(...)`): zod and the schemas then load on the
 * visitor's first focus in the form (call the loader from onFocusCapture) or at the latest on submit,
 * and stay out of the page's first load.
 */
export function useContractForm<Schema extends ObjectSchema>(
  schema: Schema | (() => Promise<ContractFormRules<Schema>>),
  defaultValues: DefaultValues<z.input<Schema>>,
  messages?: FormMessages<Extract<keyof z.input<Schema>, string>>,
) {
  // The resolver (and with it zod's error handling) loads on the first validation, like the schema.
  const resolver: Resolver<z.input<Schema>, unknown, z.output<Schema>> = async (values, context, options) => {
    const [{ contractResolver }, rules] = await Promise.all([
      import("./contract-resolver.ts"),
      typeof schema === "function" ? schema() : { schema, messages },
    ]);
    return contractResolver(rules.schema, rules.messages)(values, context, options);
  };
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({ resolver, defaultValues, shouldFocusError: true });
}
