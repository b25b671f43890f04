import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { cn } from "../../lib/utils.ts";
import { Field, fieldA11y } from "./form-parts.tsx";

// The lead forms' option lists are native <select> elements: the platform's own control is keyboard-,
// screen-reader- and phone-friendly, posts without any script, and keeps Radix Select and its positioning
// library (about 20 KB of compressed script) off the public pages (the admin keeps Radix Select).

/** A labeled select with its error, registered with react-hook-form (`registration` names it in the post). The placeholder is the empty choice. */
export function SelectField({
  id,
  label,
  error,
  required,
  placeholder,
  registration,
  defaultValue,
  options,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  required?: boolean;
  placeholder: string;
  registration: UseFormRegisterReturn;
  /** The option selected in the HTML (before and without the island). */
  defaultValue?: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Field id={id} label={label} error={error} required={required}>
      <div className="relative">
        <select
          {...registration}
          defaultValue={defaultValue}
          {...fieldA11y(id, error)}
          required={required}
          className={cn(
            // The placeholder reads as one, in CSS alone: the choice shown is the page's, scripts or not.
            "flex h-10 w-full appearance-none rounded-md border border-slate-400 bg-white py-2 pl-3 pr-10 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-60 aria-invalid:border-red-700",
            "[&:has(option[value='']:checked)]:text-slate-600",
          )}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value} className="text-slate-900">
              {option.label}
            </option>
          ))}
        </select>
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="pointer-events-none absolute right-3 top-3 text-slate-600"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </div>
    </Field>
  );
}
