import { useId, useRef } from "react";
import type { FieldErrors } from "react-hook-form";
import type { z } from "zod";
import { contactProductOptions } from "../../../contract/lead-options.ts";
import {
  contactFormCopy,
  contactFormFields,
  hiddenFormFields,
  officeTimeZone,
  selectPlaceholders,
} from "../../../contract/public-forms.ts";
import { useBrowserValue } from "../../hooks/use-browser-value.ts";
import { browserTimeZone, meetingSlots, timeZoneInWords, meetingDateBounds } from "../../lib/contact-form-values.ts";
import { cn } from "../../lib/utils.ts";
import { contactFormName } from "../../config/lead-form-names.ts";
import { contactProductDescriptions } from "../../config/contact-products.ts";
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
import { SelectField } from "./select-field.tsx";
import { notifyInvalid } from "./form-toasts.tsx";
import type { contactFormSchema } from "../../../contract/lead-form-schemas.ts";
import { loadContactFormRules, sendContact, warmUpContactForm } from "./lead-form-rules.ts";
import { hasMissingFields, useContractForm } from "./use-contract-form.ts";
import { useLeadSubmission } from "./use-lead-submission.ts";
import { ThankYouPanel, useThankYouPanel } from "./thank-you-panel.tsx";

// The full contact form of /contact and /services (SPEC §3, §4, §5, §8). An Astro island (its props are
// strings) over a real HTML form that posts to the server without any script (issue 18): the service
// chips are checkboxes, the meeting time a native select, the time zone a hidden field.

type ContactFormValues = z.input<typeof contactFormSchema>;

/** The labels the server's pages print too (contract/public-forms.ts). */
const fieldLabel = Object.fromEntries(contactFormFields.map((field) => [field.name, field.label])) as Record<
  keyof ContactFormValues,
  string
>;

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
  const formRef = useRef<HTMLFormElement | null>(null);
  const defaults = useValuesEnteredBeforeHydration(emptyValues, `${formId}-form`);
  const form = useContractForm(loadContactFormRules, defaults);
  const errors = form.formState.errors;
  // The time zone is always the browser's (so it is "reset" to it after every send), and today is the
  // visitor's today; both are read after hydration (useBrowserValue). Before, the page says the office's.
  const timezone = useBrowserValue(browserTimeZone, "");
  const minDate = useBrowserValue(() => meetingDateBounds().min, undefined);
  const maxDate = useBrowserValue(() => meetingDateBounds().max, undefined);
  const lead = useLeadSubmission({ formName, formRef, send: sendContact });
  const thanks = useThankYouPanel(ids.fullName);
  const plainForm = usePlainFormProps({ formId, formName, hidden: thanks.shown, loadRules: loadContactFormRules });
  useIslandWakeUp(formRef, warmUpContactForm);

  const onValid = (values: z.output<typeof contactFormSchema>) =>
    lead.submit(
      { ...values, timezone: timezone || browserTimeZone() },
      {
        success: contactFormCopy.successMessage,
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
      {thanks.shown && <ThankYouPanel headingRef={thanks.headingRef} onSendAnother={thanks.sendAnother} />}
      <form
        ref={formRef}
        {...plainForm}
        // Not awaited: lead.submit tells the visitor about a failure itself (a toast).
        onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
        aria-label="Contact form"
        className="relative space-y-5"
      >
        <Field id={ids.fullName} label={fieldLabel.fullName} error={errors.fullName?.message} required>
          <Input
            {...form.register("fullName")}
            {...fieldA11y(ids.fullName, errors.fullName?.message)}
            autoComplete="name"
            required
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={ids.email} label={fieldLabel.email} error={errors.email?.message} required>
            <Input
              type="email"
              {...form.register("email")}
              {...fieldA11y(ids.email, errors.email?.message)}
              autoComplete="email"
              required
            />
          </Field>
          <Field id={ids.phone} label={fieldLabel.phone} error={errors.phone?.message} required>
            <Input
              type="tel"
              {...form.register("phone")}
              {...fieldA11y(ids.phone, errors.phone?.message)}
              autoComplete="tel"
              required
            />
          </Field>
        </div>
        <Field id={ids.company} label={fieldLabel.company} error={errors.company?.message}>
          <Input
            {...form.register("company")}
            {...fieldA11y(ids.company, errors.company?.message)}
            autoComplete="organization"
          />
        </Field>

        <fieldset
          id={ids.products}
          aria-describedby={errors.products ? `${ids.products}-error` : undefined}
          className="space-y-2"
        >
          <legend className="text-sm font-medium text-slate-800">
            {fieldLabel.products}
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
          </legend>
          {/* Nine chips in two columns: the last one spans its row, so no cell is left empty. */}
          <div className="grid gap-2 sm:grid-cols-2 sm:[&>:last-child]:col-span-2">
            {contactProductOptions.map((option, index) => {
              const chipId = `${ids.products}-${index}`;
              // A checkbox (it posts without a script) drawn as a chip: the spec's name is its label (its whole
              // accessible name), the line under it its description.
              return (
                <div
                  key={option}
                  className={cn(
                    "group relative flex flex-col rounded-lg border px-3 py-2 text-left has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2",
                    "border-slate-400 bg-white text-slate-800 hover:border-brand-700 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white",
                  )}
                >
                  <span className="flex items-center gap-2">
                    <input
                      id={chipId}
                      type="checkbox"
                      value={option}
                      // The first chip carries the field's ref, so a failed send focuses the chips.
                      {...form.register("products")}
                      aria-describedby={`${chipId}-description`}
                      className="relative z-10 h-4 w-4 shrink-0 accent-white focus-visible:outline-none"
                    />
                    {/* The whole chip is the label's click area (its ::after covers it). */}
                    <label
                      htmlFor={chipId}
                      className="cursor-pointer text-sm font-semibold after:absolute after:inset-0 after:content-['']"
                    >
                      {option}
                    </label>
                  </span>
                  <span
                    id={`${chipId}-description`}
                    className="pl-6 text-xs text-slate-600 group-has-[:checked]:text-white"
                  >
                    {contactProductDescriptions[option]}
                  </span>
                </div>
              );
            })}
          </div>
          {errors.products && (
            <p id={`${ids.products}-error`} className="text-sm text-red-700">
              {errors.products.message}
            </p>
          )}
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={ids.meetingDate} label={fieldLabel.meetingDate} error={errors.meetingDate?.message}>
            <Input
              type="date"
              data-meeting-date
              min={minDate}
              max={maxDate}
              {...form.register("meetingDate")}
              {...fieldA11y(ids.meetingDate, errors.meetingDate?.message)}
            />
          </Field>
          <SelectField
            id={ids.meetingTime}
            label={fieldLabel.meetingTime}
            error={errors.meetingTime?.message}
            placeholder={selectPlaceholders.meetingTime}
            registration={form.register("meetingTime")}
            options={meetingSlots}
          />
        </div>
        {/* The zone in words ("Central Time"); the IANA name (America/Chicago) is what the payload carries. */}
        <p className="text-sm text-slate-700">
          Times are in your time zone: {timeZoneInWords(timezone || officeTimeZone)}
        </p>
        <input type="hidden" name={hiddenFormFields.timezone} value={timezone || officeTimeZone} />

        <HoneypotField formId={formId} inputRef={lead.honeypotRef} />
        <PlainPostFields />
        <Button type="submit" size="lg" className="w-full" disabled={lead.pending}>
          {lead.pending ? "Sending..." : contactFormCopy.submitLabel}
        </Button>
      </form>
    </div>
  );
}
