import { useId, useState, type FormEvent } from "react";
import { useBrowserValue, useHydrated } from "../../hooks/use-browser-value.ts";
import { Controller, useForm } from "react-hook-form";
import { contactProductOptions } from "../../../contract/contact-submission.ts";
import { toast } from "../../hooks/use-toast.ts";
import { contactSubmissionInput, useSubmitContact } from "../../lib/api/submit-contact.ts";
import { browserTimeZone, meetingSlots, splitFullName, todayAsDateInputValue } from "../../lib/contact-form-values.ts";
import { leadSourceFor } from "../../lib/lead-source.ts";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Field, fieldA11y, focusFirstError, HoneypotField, SelectField, useIdempotencyKeys, useSingleFlight, useSpamSignals } from "./form-parts.tsx";

// The full contact form of /contact and /services (SPEC §3, §4, §5, §8).

type ContactFormValues = {
  fullName: string;
  email: string;
  phone: string;
  company: string;
  products: string[];
  meetingDate: string;
  meetingTime: string;
};

const emptyValues: ContactFormValues = {
  fullName: "",
  email: "",
  phone: "",
  company: "",
  products: [],
  meetingDate: "",
  meetingTime: "",
};

type FieldName = keyof ContactFormValues;

/** Contract field -> form field, for errors the schema reports. */
const fieldOfContractPath: Record<string, FieldName> = {
  firstName: "fullName",
  lastName: "fullName",
  email: "email",
  phone: "phone",
  company: "company",
  products: "products",
  meetingDate: "meetingDate",
  meetingTime: "meetingTime",
};

export function ContactForm({ formName = "contact", className }: { formName?: string; className?: string }) {
  const formId = useId();
  const ids = {
    fullName: `${formId}-full-name`,
    email: `${formId}-email`,
    phone: `${formId}-phone`,
    company: `${formId}-company`,
    products: `${formId}-products`,
    meetingDate: `${formId}-meeting-date`,
    meetingTime: `${formId}-meeting-time`,
  };
  const form = useForm<ContactFormValues>({ defaultValues: emptyValues });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  // The time zone is the browser's; it goes back to the browser's after a successful send.
  // The time zone is always the browser's (so it is "reset" to it after every send), and today is the
  // visitor's today; both are read after hydration (useBrowserValue).
  const timezone = useBrowserValue(browserTimeZone, "");
  const minDate = useBrowserValue(todayAsDateInputValue, undefined);
  const submitContact = useSubmitContact();
  const { run, pending } = useSingleFlight();
  const spam = useSpamSignals();
  const idempotencyKeys = useIdempotencyKeys();
  const hydrated = useHydrated();
  const fieldOrder = (Object.keys(ids) as FieldName[]).map((name) => ({ name, id: ids[name] }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(async () => {
      const values = form.getValues();
      const missing: Partial<Record<FieldName, string>> = {};
      if (!values.fullName.trim()) missing.fullName = "Please enter your full name.";
      if (!values.email.trim()) missing.email = "Please enter your email address.";
      if (!values.phone.trim()) missing.phone = "Please enter your phone number.";
      if (values.products.length === 0) missing.products = "Please select at least one service.";
      if (Object.keys(missing).length > 0) {
        setErrors(missing);
        focusFirstError(fieldOrder, missing);
        toast({
          variant: "destructive",
          title: "Validation Error",
          description: "Please fill in all required fields and select at least one service.",
        });
        return;
      }

      const { firstName, lastName } = splitFullName(values.fullName);
      const payload = {
        firstName,
        lastName,
        email: values.email,
        phone: values.phone,
        company: values.company,
        products: values.products,
        meetingDate: values.meetingDate,
        meetingTime: values.meetingTime,
        timezone: timezone || browserTimeZone(),
        ...leadSourceFor(formName),
        ...(await spam.signals()),
      };
      const checked = contactSubmissionInput.safeParse(payload);
      if (!checked.success) {
        const found: Partial<Record<FieldName, string>> = {};
        for (const issue of checked.error.issues) {
          const field = fieldOfContractPath[String(issue.path[0])];
          if (!field || found[field]) continue;
          found[field] = issue.path[0] === "lastName" ? "Please enter your first and last name." : issue.message;
        }
        setErrors(found);
        focusFirstError(fieldOrder, found);
        toast({ variant: "destructive", title: "Validation Error", description: "Please correct the highlighted fields." });
        return;
      }

      setErrors({});
      try {
        await submitContact.mutateAsync({ payload: checked.data, idempotencyKey: idempotencyKeys.keyFor(checked.data) });
        toast({ title: "Success!", description: "Your message has been sent. We'll respond within 24 hours." });
        form.reset(emptyValues);
        spam.restart();
        idempotencyKeys.forget();
      } catch {
        toast({ variant: "destructive", title: "Error", description: "Failed to send your message. Please try again." });
      }
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form" className={cn("relative space-y-5", className)}>
      <Field id={ids.fullName} label="Full Name" error={errors.fullName} required>
        <Input {...form.register("fullName")} {...fieldA11y(ids.fullName, errors.fullName)} autoComplete="name" required />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={ids.email} label="Email" error={errors.email} required>
          <Input type="email" {...form.register("email")} {...fieldA11y(ids.email, errors.email)} autoComplete="email" required />
        </Field>
        <Field id={ids.phone} label="Phone" error={errors.phone} required>
          <Input type="tel" {...form.register("phone")} {...fieldA11y(ids.phone, errors.phone)} autoComplete="tel" required />
        </Field>
      </div>
      <Field id={ids.company} label="Company (optional)" error={errors.company}>
        <Input {...form.register("company")} {...fieldA11y(ids.company, errors.company)} autoComplete="organization" />
      </Field>

      <Controller
        control={form.control}
        name="products"
        render={({ field }) => (
          <fieldset
            id={ids.products}
            tabIndex={-1}
            aria-describedby={errors.products ? `${ids.products}-error` : undefined}
            className="space-y-2 focus:outline-none"
          >
            <legend className="text-sm font-medium text-slate-800">
              Which services are you interested in?<span className="text-red-700" aria-hidden="true"> *</span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {contactProductOptions.map((option) => {
                const selected = field.value.includes(option);
                return (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={selected}
                    onClick={() =>
                      field.onChange(selected ? field.value.filter((value) => value !== option) : [...field.value, option])
                    }
                    className={cn(
                      "rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2",
                      selected ? "border-brand-700 bg-brand-700 text-white" : "border-slate-400 bg-white text-slate-800 hover:border-brand-700",
                    )}
                  >
                    {option}
                  </button>
                );
              })}
            </div>
            {errors.products && (
              <p id={`${ids.products}-error`} className="text-sm text-red-700">
                {errors.products}
              </p>
            )}
          </fieldset>
        )}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={ids.meetingDate} label="Preferred meeting date (optional)" error={errors.meetingDate}>
          <Input
            type="date"
            min={minDate}
            {...form.register("meetingDate")}
            {...fieldA11y(ids.meetingDate, errors.meetingDate)}
          />
        </Field>
        <Controller
          control={form.control}
          name="meetingTime"
          render={({ field }) => (
            <SelectField
              id={ids.meetingTime}
              label="Preferred meeting time (optional)"
              error={errors.meetingTime}
              placeholder="Select a time"
              value={field.value}
              onValueChange={field.onChange}
              options={meetingSlots}
            />
          )}
        />
      </div>
      {timezone && <p className="text-sm text-slate-700">Times are in your time zone: {timezone}</p>}

      <HoneypotField formId={formId} inputRef={spam.honeypotRef} />
      <Button type="submit" size="lg" className="w-full" disabled={pending || !hydrated}>
        {pending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
