import { zodResolver } from "@hookform/resolvers/zod";
import { useId, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useHydrated } from "../../hooks/use-browser-value.ts";
import { toast } from "../../hooks/use-toast.ts";
import { contactSubmissionInput, useSubmitContact } from "../../lib/api/submit-contact.ts";
import { leadSourceFor } from "../../lib/lead-source.ts";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Field, fieldA11y, HoneypotField, useIdempotencyKeys, useSingleFlight, useSpamSignals } from "./form-parts.tsx";

// The short lead forms (audits, coaching, home services, law firms, the trades' shared form): a few
// contact fields validated by the contract's own rules, an error under each invalid field.

/** The contract's rules for the fields these forms show. */
const shortLeadSchema = contactSubmissionInput.pick({ firstName: true, lastName: true, email: true, phone: true, company: true });
type ShortLeadValues = z.input<typeof shortLeadSchema>;

export type ShortLeadFormProps = {
  /** Stored with the lead, so the owner sees which form it came from. */
  formName: string;
  title: string;
  /** Shown under the button, e.g. "No obligations. We'll contact you within 24 hours." */
  note?: ReactNode;
  /** Adds the company field with this label ("Company Name", "Law Firm Name"), after the last name. */
  companyLabel?: string;
  /** Sent as products, e.g. ["Local Digital Marketing for Home Services"]. */
  products?: string[];
  successMessage?: string;
  submitLabel?: string;
  className?: string;
};

const SHORT_FORM_SUCCESS = "We'll be in touch soon!";

export function ShortLeadForm({
  formName,
  title,
  note,
  companyLabel,
  products,
  successMessage = SHORT_FORM_SUCCESS,
  submitLabel = "Get My Free Audit",
  className,
}: ShortLeadFormProps) {
  const formId = useId();
  const id = (name: keyof ShortLeadValues) => `${formId}-${name}`;
  const form = useForm<ShortLeadValues, unknown, z.output<typeof shortLeadSchema>>({
    resolver: zodResolver(shortLeadSchema),
    defaultValues: { firstName: "", lastName: "", email: "", phone: "", company: "" },
    shouldFocusError: true,
  });
  const errors = form.formState.errors;
  const submitContact = useSubmitContact();
  const { run, pending } = useSingleFlight();
  const spam = useSpamSignals();
  const idempotencyKeys = useIdempotencyKeys();
  const hydrated = useHydrated();

  const onValid = (values: z.output<typeof shortLeadSchema>) =>
    run(async () => {
      const lead = {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        ...(companyLabel && values.company ? { company: values.company } : {}),
        ...(products ? { products } : {}),
        ...leadSourceFor(formName),
      };
      try {
        await submitContact.mutateAsync({ payload: { ...lead, ...(await spam.signals()) }, idempotencyKey: idempotencyKeys.keyFor(lead) });
        toast({ title: "Success!", description: successMessage });
        form.reset();
        spam.restart();
        idempotencyKeys.forget();
      } catch {
        // Internally a "Failed to submit"; the visitor sees the spec's short message.
        toast({ variant: "destructive", title: "Error", description: "Please try again." });
      }
    });

  const text = (name: keyof ShortLeadValues, label: string, props: Record<string, unknown> = {}) => {
    const error = errors[name]?.message;
    return (
      <Field id={id(name)} label={label} error={error} required={name !== "company"}>
        <Input {...form.register(name)} {...fieldA11y(id(name), error)} required={name !== "company"} {...props} />
      </Field>
    );
  };

  return (
    <section aria-labelledby={`${formId}-title`} className={cn("rounded-xl border border-slate-200 bg-white p-6 shadow-sm", className)}>
      <h2 id={`${formId}-title`} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <form onSubmit={form.handleSubmit(onValid)} noValidate aria-labelledby={`${formId}-title`} className="relative mt-5 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("firstName", "First Name", { autoComplete: "given-name" })}
          {text("lastName", "Last Name", { autoComplete: "family-name" })}
        </div>
        {companyLabel ? (
          <>
            {text("company", companyLabel, { autoComplete: "organization" })}
            {text("phone", "Phone", { type: "tel", autoComplete: "tel" })}
            {text("email", "Email", { type: "email", autoComplete: "email" })}
          </>
        ) : (
          <>
            {text("email", "Email", { type: "email", autoComplete: "email" })}
            {text("phone", "Phone", { type: "tel", autoComplete: "tel" })}
          </>
        )}
        <HoneypotField formId={formId} inputRef={spam.honeypotRef} />
        <Button type="submit" size="lg" className="w-full" disabled={pending || !hydrated}>
          {pending ? "Submitting..." : submitLabel}
        </Button>
        {note && <p className="text-center text-sm text-slate-700">{note}</p>}
      </form>
    </section>
  );
}
