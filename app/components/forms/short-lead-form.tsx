import { useId, useRef } from "react";
import type { z } from "zod";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Field, fieldA11y, HoneypotField, PlainPostFields, useIslandWakeUp, usePlainFormProps, useValuesEnteredBeforeHydration } from "./form-parts.tsx";
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
  successMessage?: string;
  submitLabel?: string;
  className?: string;
} & NextStepProps;

const SHORT_FORM_SUCCESS = "We'll be in touch soon!";
// Internally a "Failed to submit"; the visitor sees the spec's short message.
const SHORT_FORM_FAILURE = "Please try again.";

export function ShortLeadForm({
  formName,
  title,
  note,
  companyLabel,
  products,
  successMessage = SHORT_FORM_SUCCESS,
  submitLabel = "Get My Free Audit",
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
      {thanks.shown && (
        <div className="mt-5">
          <ThankYouPanel headingRef={thanks.headingRef} replyWithin={replyWithin} bookingHref={bookingHref} onSendAnother={thanks.sendAnother} />
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
