import { useId, useState, type FormEvent } from "react";
import { Controller, useForm } from "react-hook-form";
import { budgetLabels, serviceTypeLabels } from "../../../contract/service-inquiry.ts";
import { useHydrated } from "../../hooks/use-browser-value.ts";
import { toast } from "../../hooks/use-toast.ts";
import { serviceInquiryInput, useSubmitServiceInquiry } from "../../lib/api/submit-service-inquiry.ts";
import { leadSourceFor } from "../../lib/lead-source.ts";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { Field, fieldA11y, focusFirstError, HoneypotField, SelectField, useIdempotencyKeys, useSingleFlight, useSpamSignals } from "./form-parts.tsx";

// The service inquiry form at the bottom of every service page (SPEC §3, §4, §5, §8).

type InquiryFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  phone: string;
  serviceType: string;
  budget: string;
  message: string;
};

const emptyValues: InquiryFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  company: "",
  phone: "",
  serviceType: "",
  budget: "",
  message: "",
};

type FieldName = keyof InquiryFormValues;

const toOptions = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const requiredFields: FieldName[] = ["firstName", "lastName", "email", "phone", "serviceType", "message"];
const requiredMessages: Record<string, string> = {
  firstName: "Please enter your first name.",
  lastName: "Please enter your last name.",
  email: "Please enter your email address.",
  phone: "Please enter your phone number.",
  serviceType: "Please choose a service.",
  message: "Please tell us about your project.",
};

export function ServiceInquiryForm({
  formName = "service-inquiry",
  title = "Claim Your Free Website",
  className,
}: {
  formName?: string;
  title?: string;
  className?: string;
}) {
  const formId = useId();
  const id = (name: FieldName) => `${formId}-${name}`;
  const order: FieldName[] = ["firstName", "lastName", "email", "company", "phone", "serviceType", "budget", "message"];
  const fieldOrder = order.map((name) => ({ name, id: id(name) }));
  const form = useForm<InquiryFormValues>({ defaultValues: emptyValues });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const submitInquiry = useSubmitServiceInquiry();
  const { run, pending } = useSingleFlight();
  const spam = useSpamSignals();
  const idempotencyKeys = useIdempotencyKeys();
  const hydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(async () => {
      const values = form.getValues();
      const missing: Partial<Record<FieldName, string>> = {};
      for (const name of requiredFields) if (!values[name].trim()) missing[name] = requiredMessages[name];
      if (Object.keys(missing).length > 0) {
        setErrors(missing);
        focusFirstError(fieldOrder, missing);
        toast({ variant: "destructive", title: "Validation Error", description: "Please fill in all required fields." });
        return;
      }

      const payload = { ...values, ...leadSourceFor(formName), ...(await spam.signals()) };
      const checked = serviceInquiryInput.safeParse(payload);
      if (!checked.success) {
        const found: Partial<Record<FieldName, string>> = {};
        for (const issue of checked.error.issues) {
          const name = String(issue.path[0]) as FieldName;
          if (order.includes(name)) found[name] ??= issue.message;
        }
        setErrors(found);
        focusFirstError(fieldOrder, found);
        toast({ variant: "destructive", title: "Validation Error", description: "Please correct the highlighted fields." });
        return;
      }

      setErrors({});
      try {
        await submitInquiry.mutateAsync({ payload: checked.data, idempotencyKey: idempotencyKeys.keyFor(checked.data) });
        toast({
          title: "Success!",
          description: "Your service inquiry has been sent. We'll respond within 24 hours with a custom proposal.",
        });
        form.reset(emptyValues);
        spam.restart();
        idempotencyKeys.forget();
      } catch {
        toast({ variant: "destructive", title: "Error", description: "Failed to send your inquiry. Please try again." });
      }
    });
  }

  const text = (name: FieldName, label: string, props: Record<string, unknown> = {}) => (
    <Field id={id(name)} label={label} error={errors[name]} required={requiredFields.includes(name)}>
      <Input {...form.register(name)} {...fieldA11y(id(name), errors[name])} required={requiredFields.includes(name)} {...props} />
    </Field>
  );

  return (
    <section aria-labelledby={`${formId}-title`} className={cn("rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8", className)}>
      <h2 id={`${formId}-title`} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${formId}-title`} className="relative mt-6 space-y-5">
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
                id={id("serviceType")}
                label="Service Needed"
                error={errors.serviceType}
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
              id={id("budget")}
              label="Budget (optional)"
              error={errors.budget}
              placeholder="Select a budget"
              value={field.value}
              onValueChange={field.onChange}
              options={toOptions(budgetLabels)}
            />
          )}
        />
        <Field id={id("message")} label="Tell us about your project" error={errors.message} required>
          <Textarea rows={4} {...form.register("message")} {...fieldA11y(id("message"), errors.message)} required />
        </Field>
        <HoneypotField formId={formId} inputRef={spam.honeypotRef} />
        <Button type="submit" size="lg" className="w-full" disabled={pending || !hydrated}>
          {pending ? "Sending..." : "Send Inquiry"}
        </Button>
      </form>
    </section>
  );
}
