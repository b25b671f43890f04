import { useId, useRef } from "react";
import type { FieldErrors } from "react-hook-form";
import type { z } from "zod";
import { budgetLabels, serviceTypeLabels, type ServiceType } from "../../../contract/lead-options.ts";
import { inquiryFormCopy, inquiryFormFields, selectPlaceholders } from "../../../contract/public-forms.ts";
import { cn } from "../../lib/utils.ts";
import { serviceInquiryFormName } from "../../config/lead-form-names.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";
import {
  Field,
  fieldA11y,
  HoneypotField,
  PlainPostFields,
  useIslandWakeUp,
  usePlainFormProps,
  useValuesEnteredBeforeHydration,
} from "./form-parts.tsx";
import { SelectField } from "./select-field.tsx";
import { notifyInvalid } from "./form-toasts.tsx";
import type { serviceInquiryFormSchema } from "../../../contract/lead-form-schemas.ts";
import { serviceInquiryRequiredFields } from "../../../contract/lead-form-messages.ts";
import { loadServiceInquiryFormRules, sendServiceInquiry, warmUpServiceInquiryForm } from "./lead-form-rules.ts";
import { hasMissingFields, useContractForm } from "./use-contract-form.ts";
import { useLeadSubmission } from "./use-lead-submission.ts";
import { ThankYouPanel, useThankYouPanel } from "./thank-you-panel.tsx";

// The service inquiry form at the bottom of every service page (SPEC §3, §4, §5, §8). An Astro island
// (its props are strings) over a real HTML form that posts to the server without any script (issue 18).

type InquiryFormValues = z.input<typeof serviceInquiryFormSchema>;

const emptyValues: InquiryFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  company: "",
  phone: "",
  // Nothing chosen yet: the select shows its placeholder, and the schema refuses "" as missing.
  serviceType: "" as InquiryFormValues["serviceType"],
  budget: "",
  message: "",
};

type FieldName = keyof InquiryFormValues;

/** The labels the server's pages print too (contract/public-forms.ts). */
const fieldLabel = Object.fromEntries(inquiryFormFields.map((field) => [field.name, field.label])) as Record<
  FieldName,
  string
>;

const toOptions = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
/** Marked required (the browser flag and the asterisk). */
const isRequired = (name: FieldName) => (serviceInquiryRequiredFields as readonly FieldName[]).includes(name);

/**
 * `serviceType`: the "Service Needed" option a service page's form starts on, selected in the HTML too (a
 * post without JavaScript carries it); after a send every field is empty again, as the spec says. `forService`
 * is the line under the title that names it (issue 39).
 */
export function ServiceInquiryForm({
  formName = serviceInquiryFormName,
  title = inquiryFormCopy.title,
  serviceType,
  forService,
  className,
}: {
  formName?: string;
  title?: string;
  serviceType?: ServiceType;
  forService?: string;
  className?: string;
}) {
  const formId = useId();
  const id = (name: FieldName) => `${formId}-${name}`;
  const formRef = useRef<HTMLFormElement | null>(null);
  const startValues: InquiryFormValues = serviceType ? { ...emptyValues, serviceType } : emptyValues;
  const defaults = useValuesEnteredBeforeHydration(startValues, `${formId}-form`);
  const form = useContractForm(loadServiceInquiryFormRules, defaults);
  const errors = form.formState.errors;
  const lead = useLeadSubmission({ formName, formRef, send: sendServiceInquiry });
  const thanks = useThankYouPanel(id("firstName"));
  const plainForm = usePlainFormProps({
    formId,
    formName,
    hidden: thanks.shown,
    loadRules: loadServiceInquiryFormRules,
  });
  useIslandWakeUp(formRef, warmUpServiceInquiryForm);

  const onValid = (values: z.output<typeof serviceInquiryFormSchema>) =>
    lead.submit(values, {
      success: inquiryFormCopy.successMessage,
      failure: "Failed to send your inquiry. Please try again.",
      onSent: () => {
        // SPEC §2: on success "all fields reset to empty", the page's own service included.
        form.reset(emptyValues);
        thanks.show();
      },
    });

  const onInvalid = (found: FieldErrors<InquiryFormValues>) =>
    notifyInvalid(
      hasMissingFields(found) ? "Please fill in all required fields." : "Please correct the highlighted fields.",
    );

  const text = (name: FieldName, label: string, props: Record<string, unknown> = {}) => (
    <Field id={id(name)} label={label} error={errors[name]?.message} required={isRequired(name)}>
      <Input
        {...form.register(name)}
        {...fieldA11y(id(name), errors[name]?.message)}
        required={isRequired(name)}
        {...props}
      />
    </Field>
  );

  return (
    <section
      aria-labelledby={`${formId}-title`}
      className={cn("rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8", className)}
    >
      <h2 id={`${formId}-title`} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {forService && (
        <p id={`${formId}-for`} className="mt-1 font-semibold text-brand-700" data-form-for-service="">
          {forService}
        </p>
      )}
      {thanks.shown && (
        <div className="mt-6">
          <ThankYouPanel headingRef={thanks.headingRef} onSendAnother={thanks.sendAnother} />
        </div>
      )}
      <form
        ref={formRef}
        {...plainForm}
        // Not awaited: lead.submit tells the visitor about a failure itself (a toast).
        onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
        aria-labelledby={`${formId}-title`}
        aria-describedby={forService ? `${formId}-for` : undefined}
        className="relative mt-6 space-y-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          {text("firstName", fieldLabel.firstName, { autoComplete: "given-name" })}
          {text("lastName", fieldLabel.lastName, { autoComplete: "family-name" })}
          {text("email", fieldLabel.email, { type: "email", autoComplete: "email" })}
          {text("company", fieldLabel.company, { autoComplete: "organization" })}
          {text("phone", fieldLabel.phone, { type: "tel", autoComplete: "tel" })}
          <SelectField
            id={id("serviceType")}
            label={fieldLabel.serviceType}
            error={errors.serviceType?.message}
            required
            placeholder={selectPlaceholders.serviceType}
            registration={form.register("serviceType")}
            defaultValue={serviceType}
            options={toOptions(serviceTypeLabels)}
          />
        </div>
        <SelectField
          id={id("budget")}
          label={fieldLabel.budget}
          error={errors.budget?.message}
          placeholder={selectPlaceholders.budget}
          registration={form.register("budget")}
          options={toOptions(budgetLabels)}
        />
        <Field id={id("message")} label={fieldLabel.message} error={errors.message?.message} required>
          <Textarea
            rows={4}
            {...form.register("message")}
            {...fieldA11y(id("message"), errors.message?.message)}
            required
          />
        </Field>
        <HoneypotField formId={formId} inputRef={lead.honeypotRef} />
        <PlainPostFields />
        <Button type="submit" size="lg" className="w-full" disabled={lead.pending}>
          {lead.pending ? "Sending..." : inquiryFormCopy.submitLabel}
        </Button>
      </form>
    </section>
  );
}
