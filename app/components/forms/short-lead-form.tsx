import { useId, useRef } from "react";
import type { z } from "zod";
import { shortFormFields } from "../../../contract/public-forms.ts";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import {
  Field,
  fieldA11y,
  HoneypotField,
  PlainPostFields,
  useIslandWakeUp,
  usePlainFormProps,
  useValuesEnteredBeforeHydration,
} from "./form-parts.tsx";
import type { shortLeadFormSchema } from "../../../contract/lead-form-schemas.ts";
import { loadShortLeadFormRules, sendContact, warmUpShortLeadForm } from "./lead-form-rules.ts";
import { useContractForm } from "./use-contract-form.ts";
import { useLeadSubmission } from "./use-lead-submission.ts";
import { ThankYouPanel, useThankYouPanel, type NextStepProps } from "./thank-you-panel.tsx";

// The short lead forms (audits, coaching, home services, law firms, the trades' shared form): a few
// contact fields validated by the contract's own rules, an error under each invalid field.
// An Astro island (every prop is serializable: strings and a string list) over a real HTML form that
// posts to the server without any script (issue 18): the browser's own checks apply until the island
// takes over, then the JSON path with the spec's toasts.

type ShortLeadValues = z.input<typeof shortLeadFormSchema>;

const emptyValues: ShortLeadValues = { firstName: "", lastName: "", email: "", phone: "", company: "" };

export type ShortLeadFormProps = {
  /** Stored with the lead, so the owner sees which form it came from. */
  formName: string;
  title: string;
  /** Shown under the button, e.g. "No obligations. We'll contact you within 24 hours." */
  note?: string;
  /** Adds the company field with this label ("Company Name", "Law Firm Name"), after the last name. */
  companyLabel?: string;
  /** Sent as products, e.g. ["Local Digital Marketing for Home Services"]. */
  products?: string[];
  /** The toast's text and the button's label (contract/public-forms.ts, through config/lead-forms.ts). */
  successMessage: string;
  submitLabel: string;
  className?: string;
} & NextStepProps;

/** What the browser offers to fill each field with, and the keyboard a phone shows for it. */
const inputProps: Record<keyof ShortLeadValues, Record<string, string>> = {
  firstName: { autoComplete: "given-name" },
  lastName: { autoComplete: "family-name" },
  company: { autoComplete: "organization" },
  phone: { type: "tel", autoComplete: "tel" },
  email: { type: "email", autoComplete: "email" },
};

// Internally a "Failed to submit"; the visitor sees the spec's short message.
const SHORT_FORM_FAILURE = "Please try again.";

export function ShortLeadForm({
  formName,
  title,
  note,
  companyLabel,
  products,
  successMessage,
  submitLabel,
  replyWithin,
  bookingHref,
  className,
}: ShortLeadFormProps) {
  const formId = useId();
  const id = (name: keyof ShortLeadValues) => `${formId}-${name}`;
  const formRef = useRef<HTMLFormElement | null>(null);
  const defaults = useValuesEnteredBeforeHydration(emptyValues, `${formId}-form`);
  const form = useContractForm(loadShortLeadFormRules, defaults);
  const errors = form.formState.errors;
  const lead = useLeadSubmission({ formName, formRef, send: sendContact });
  const thanks = useThankYouPanel(id("firstName"));
  const plainForm = usePlainFormProps({ formId, formName, hidden: thanks.shown, loadRules: loadShortLeadFormRules });
  useIslandWakeUp(formRef, warmUpShortLeadForm);

  const onValid = (values: z.output<typeof shortLeadFormSchema>) =>
    lead.submit(
      {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        ...(companyLabel && values.company ? { company: values.company } : {}),
        ...(products ? { products } : {}),
      },
      {
        success: successMessage,
        failure: SHORT_FORM_FAILURE,
        onSent: () => {
          form.reset(emptyValues);
          thanks.show();
        },
      },
    );

  // The fields, their labels and their order as the server's pages print them too (contract/public-forms.ts).
  const [firstName, lastName, ...others] = shortFormFields({ companyLabel });
  const text = (field: { name: string; label: string; required: boolean } | undefined) => {
    if (!field) return null;
    const name = field.name as keyof ShortLeadValues;
    const error = errors[name]?.message;
    return (
      <Field key={name} id={id(name)} label={field.label} error={error} required={field.required}>
        <Input
          {...form.register(name)}
          {...fieldA11y(id(name), error)}
          required={field.required}
          {...inputProps[name]}
        />
      </Field>
    );
  };

  return (
    <section
      aria-labelledby={`${formId}-title`}
      className={cn("rounded-xl border border-slate-200 bg-white p-6 shadow-sm", className)}
    >
      <h2 id={`${formId}-title`} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {thanks.shown && (
        <div className="mt-5">
          <ThankYouPanel
            headingRef={thanks.headingRef}
            replyWithin={replyWithin}
            bookingHref={bookingHref}
            onSendAnother={thanks.sendAnother}
          />
        </div>
      )}
      <form
        ref={formRef}
        {...plainForm}
        // Not awaited: lead.submit tells the visitor about a failure itself (a toast).
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        aria-labelledby={`${formId}-title`}
        className="relative mt-5 space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {text(firstName)}
          {text(lastName)}
        </div>
        {others.map(text)}
        <HoneypotField formId={formId} inputRef={lead.honeypotRef} />
        <PlainPostFields />
        <Button type="submit" size="lg" className="w-full" disabled={lead.pending}>
          {lead.pending ? "Submitting..." : submitLabel}
        </Button>
        {note && <p className="text-center text-sm text-slate-700">{note}</p>}
      </form>
    </section>
  );
}
