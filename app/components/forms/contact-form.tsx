import { useId } from "react";
import { Controller, type FieldErrors } from "react-hook-form";
import type { z } from "zod";
import { contactProductOptions } from "../../../contract/lead-options.ts";
import { useBrowserValue, useHydrated } from "../../hooks/use-browser-value.ts";
import { browserTimeZone, meetingSlots, timeZoneInWords, todayAsDateInputValue } from "../../lib/contact-form-values.ts";
import { cn } from "../../lib/utils.ts";
import { contactFormName } from "../../config/lead-form-names.ts";
import { contactProductDescriptions } from "../../config/contact-products.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Field, fieldA11y, HoneypotField, useDefaultsWithTypedValues } from "./form-parts.tsx";
import { SelectField } from "./select-field.tsx";
import { notifyInvalid } from "./form-toasts.tsx";
import type { contactFormSchema } from "./lead-form-schemas.ts";
import { loadContactFormRules, sendContact } from "./lead-form-rules.ts";
import { hasMissingFields, useContractForm } from "./use-contract-form.ts";
import { useLeadSubmission } from "./use-lead-submission.ts";
import { ThankYouPanel, useThankYouPanel } from "./thank-you-panel.tsx";

// The full contact form of /contact and /services (SPEC §3, §4, §5, §8). An Astro island: its props
// are strings.

type ContactFormValues = z.input<typeof contactFormSchema>;

const emptyValues: ContactFormValues = {
  fullName: "",
  email: "",
  phone: "",
  company: "",
  products: [],
  meetingDate: "",
  meetingTime: "",
};

export function ContactForm({ formName = contactFormName, className }: { formName?: string; className?: string }) {
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
  const defaults = useDefaultsWithTypedValues(emptyValues, {
    fullName: ids.fullName,
    email: ids.email,
    phone: ids.phone,
    company: ids.company,
    meetingDate: ids.meetingDate,
  });
  const form = useContractForm(loadContactFormRules, defaults);
  const errors = form.formState.errors;
  // The time zone is always the browser's (so it is "reset" to it after every send), and today is the
  // visitor's today; both are read after hydration (useBrowserValue).
  const timezone = useBrowserValue(browserTimeZone, "");
  const minDate = useBrowserValue(todayAsDateInputValue, undefined);
  const lead = useLeadSubmission({ formName, send: sendContact });
  const hydrated = useHydrated();
  const thanks = useThankYouPanel();

  const onValid = (values: z.output<typeof contactFormSchema>) =>
    lead.submit(
      { ...values, timezone: timezone || browserTimeZone() },
      {
        success: "Your message has been sent. We'll respond within 24 hours.",
        failure: "Failed to send your message. Please try again.",
        onSent: () => {
          form.reset(emptyValues);
          thanks.show();
        },
      },
    );

  const onInvalid = (found: FieldErrors<ContactFormValues>) =>
    notifyInvalid(
      hasMissingFields(found)
        ? "Please fill in all required fields and select at least one service."
        : "Please correct the highlighted fields.",
    );

  return (
    <div className={cn("space-y-6", className)}>
      {thanks.shown && <ThankYouPanel headingRef={thanks.headingRef} />}
      <form
        onFocusCapture={() => loadContactFormRules().catch(() => undefined)}
        onSubmit={form.handleSubmit(onValid, onInvalid)}
        noValidate
        aria-label="Contact form"
        className="relative space-y-5"
      >
        <Field id={ids.fullName} label="Full Name" error={errors.fullName?.message} required>
          <Input {...form.register("fullName")} {...fieldA11y(ids.fullName, errors.fullName?.message)} autoComplete="name" required />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={ids.email} label="Email" error={errors.email?.message} required>
            <Input type="email" {...form.register("email")} {...fieldA11y(ids.email, errors.email?.message)} autoComplete="email" required />
          </Field>
          <Field id={ids.phone} label="Phone" error={errors.phone?.message} required>
            <Input type="tel" {...form.register("phone")} {...fieldA11y(ids.phone, errors.phone?.message)} autoComplete="tel" required />
          </Field>
        </div>
        <Field id={ids.company} label="Company (optional)" error={errors.company?.message}>
          <Input {...form.register("company")} {...fieldA11y(ids.company, errors.company?.message)} autoComplete="organization" />
        </Field>

        <Controller
          control={form.control}
          name="products"
          render={({ field }) => {
            const chosen = field.value ?? [];
            return (
              <fieldset
                ref={field.ref}
                id={ids.products}
                tabIndex={-1}
                aria-describedby={errors.products ? `${ids.products}-error` : undefined}
                className="space-y-2 focus:outline-none"
              >
                <legend className="text-sm font-medium text-slate-800">
                  Which services are you interested in?<span className="text-red-700" aria-hidden="true"> *</span>
                </legend>
                {/* Nine chips in two columns: the last one spans its row, so no cell is left empty. */}
                <div className="grid gap-2 sm:grid-cols-2 sm:[&>:last-child]:col-span-2">
                  {contactProductOptions.map((option, index) => {
                    const selected = chosen.includes(option);
                    // The spec's name is the chip's accessible name; the line under it, its description. The line is
                    // hidden from the name (aria-hidden) and read as the description (aria-describedby still reaches
                    // hidden text); aria-labelledby would also make the chip a "label" match for the Email field.
                    const descriptionId = `${ids.products}-${index}-description`;
                    return (
                      <button
                        key={option}
                        type="button"
                        aria-pressed={selected}
                        aria-describedby={descriptionId}
                        onClick={() => field.onChange(selected ? chosen.filter((value) => value !== option) : [...chosen, option])}
                        className={cn(
                          "flex flex-col rounded-lg border px-3 py-2 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2",
                          selected ? "border-brand-700 bg-brand-700 text-white" : "border-slate-400 bg-white text-slate-800 hover:border-brand-700",
                        )}
                      >
                        <span className="text-sm font-semibold">{option}</span>
                        <span id={descriptionId} aria-hidden="true" className={cn("text-xs", selected ? "text-white" : "text-slate-600")}>
                          {contactProductDescriptions[option]}
                        </span>
                      </button>
                    );
                  })}
                </div>
                {errors.products && (
                  <p id={`${ids.products}-error`} className="text-sm text-red-700">
                    {errors.products.message}
                  </p>
                )}
              </fieldset>
            );
          }}
        />

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={ids.meetingDate} label="Preferred meeting date (optional)" error={errors.meetingDate?.message}>
            <Input type="date" min={minDate} {...form.register("meetingDate")} {...fieldA11y(ids.meetingDate, errors.meetingDate?.message)} />
          </Field>
          <Controller
            control={form.control}
            name="meetingTime"
            render={({ field }) => (
              <SelectField
                ref={field.ref}
                id={ids.meetingTime}
                label="Preferred meeting time (optional)"
                error={errors.meetingTime?.message}
                placeholder="Select a time"
                value={field.value ?? ""}
                onValueChange={field.onChange}
                options={meetingSlots}
              />
            )}
          />
        </div>
        {/* The zone in words ("Central Time"); the IANA name (America/Chicago) is what the payload carries. */}
        {timezone && <p className="text-sm text-slate-700">Times are in your time zone: {timeZoneInWords(timezone)}</p>}

        <HoneypotField formId={formId} inputRef={lead.honeypotRef} />
        <Button type="submit" size="lg" className="w-full" disabled={lead.pending || !hydrated}>
          {lead.pending ? "Sending..." : "Send Message"}
        </Button>
      </form>
    </div>
  );
}
