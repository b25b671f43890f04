import { useId } from "react";
import { Controller, type FieldErrors } from "react-hook-form";
import type { z } from "zod";
import { budgetLabels, serviceTypeLabels } from "../../../contract/lead-options.ts";
import { useHydrated } from "../../hooks/use-browser-value.ts";
import { cn } from "../../lib/utils.ts";
import { serviceInquiryFormName } from "../../config/lead-form-names.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { Field, fieldA11y, HoneypotField, useDefaultsWithTypedValues } from "./form-parts.tsx";
import { SelectField } from "./select-field.tsx";
import { notifyInvalid } from "./form-toasts.tsx";
import type { serviceInquiryFormSchema } from "./lead-form-schemas.ts";
import { serviceInquiryRequiredFields } from "./lead-form-messages.ts";
import { loadServiceInquiryFormRules, sendServiceInquiry } from "./lead-form-rules.ts";
import { hasMissingFields, useContractForm } from "./use-contract-form.ts";
import { useLeadSubmission } from "./use-lead-submission.ts";
import { ThankYouPanel, useThankYouPanel } from "./thank-you-panel.tsx";

// The service inquiry form at the bottom of every service page (SPEC §3, §4, §5, §8). An Astro island:
// its props are strings.

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

const toOptions = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
/** Marked required (the browser flag and the asterisk). */
const isRequired = (name: FieldName) => (serviceInquiryRequiredFields as readonly FieldName[]).includes(name);

export function ServiceInquiryForm({
  formName = serviceInquiryFormName,
  title = "Claim Your Free Website",
  className,
}: {
  formName?: string;
  title?: string;
  className?: string;
}) {
  const formId = useId();
  const id = (name: FieldName) => `${formId}-${name}`;
  const textFields: FieldName[] = ["firstName", "lastName", "email", "company", "phone", "message"];
  const defaults = useDefaultsWithTypedValues(emptyValues, Object.fromEntries(textFields.map((name) => [name, id(name)])));
  const form = useContractForm(loadServiceInquiryFormRules, defaults);
  const errors = form.formState.errors;
  const lead = useLeadSubmission({ formName, send: sendServiceInquiry });
  const hydrated = useHydrated();
  const thanks = useThankYouPanel();

  const onValid = (values: z.output<typeof serviceInquiryFormSchema>) =>
    lead.submit(values, {
      success: "Your service inquiry has been sent. We'll respond within 24 hours with a custom proposal.",
      failure: "Failed to send your inquiry. Please try again.",
      onSent: () => {
        form.reset(emptyValues);
        thanks.show();
      },
    });

  const onInvalid = (found: FieldErrors<InquiryFormValues>) =>
    notifyInvalid(hasMissingFields(found) ? "Please fill in all required fields." : "Please correct the highlighted fields.");

  const text = (name: FieldName, label: string, props: Record<string, unknown> = {}) => (
    <Field id={id(name)} label={label} error={errors[name]?.message} required={isRequired(name)}>
      <Input {...form.register(name)} {...fieldA11y(id(name), errors[name]?.message)} required={isRequired(name)} {...props} />
    </Field>
  );

  return (
    <section aria-labelledby={`${formId}-title`} className={cn("rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8", className)}>
      <h2 id={`${formId}-title`} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {thanks.shown && (
        <div className="mt-6">
          <ThankYouPanel headingRef={thanks.headingRef} />
        </div>
      )}
      <form onFocusCapture={() => loadServiceInquiryFormRules().catch(() => undefined)} onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate aria-labelledby={`${formId}-title`} className="relative mt-6 space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {text("firstName", "First Name", { autoComplete: "given-name" })}
          {text("lastName", "Last Name", { autoComplete: "family-name" })}
          {text("email", "Email", { type: "email", autoComplete: "email" })}
          {text("company", "Company (optional)", { autoComplete: "organization" })}
          {text("phone", "Phone", { type: "tel", autoComplete: "tel" })}
          <Controller
            control={form.control}
            name="serviceType"
            render={({ field }) => (
              <SelectField
                ref={field.ref}
                id={id("serviceType")}
                label="Service Needed"
                error={errors.serviceType?.message}
                required
                placeholder="Select a service"
                value={field.value}
                onValueChange={field.onChange}
                options={toOptions(serviceTypeLabels)}
              />
            )}
          />
        </div>
        <Controller
          control={form.control}
          name="budget"
          render={({ field }) => (
            <SelectField
              ref={field.ref}
              id={id("budget")}
              label="Budget (optional)"
              error={errors.budget?.message}
              placeholder="Select a budget"
              value={field.value ?? ""}
              onValueChange={field.onChange}
              options={toOptions(budgetLabels)}
            />
          )}
        />
        <Field id={id("message")} label="Tell us about your project" error={errors.message?.message} required>
          <Textarea rows={4} {...form.register("message")} {...fieldA11y(id("message"), errors.message?.message)} required />
        </Field>
        <HoneypotField formId={formId} inputRef={lead.honeypotRef} />
        <Button type="submit" size="lg" className="w-full" disabled={lead.pending || !hydrated}>
          {lead.pending ? "Sending..." : "Send Inquiry"}
        </Button>
      </form>
    </section>
  );
}
