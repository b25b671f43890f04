import type { ReactNode, Ref } from "react";
import { cn } from "../../lib/utils.ts";
import { Field, fieldA11y } from "./form-parts.tsx";

// The lead forms' option lists are native <select> elements: the platform's own control is keyboard-,
// screen-reader- and phone-friendly, and keeps Radix Select and its positioning library (about 20 KB of
// compressed script) off the public pages (the admin keeps Radix Select).

/** A labeled select with its error. The placeholder is the empty choice; `ref` reaches the select (focus on error). */
export function SelectField({
  ref,
  id,
  label,
  error,
  required,
  placeholder,
  value,
  onValueChange,
  options,
}: {
  ref?: Ref<HTMLSelectElement>;
  id: string;
  label: ReactNode;
  error?: string;
  required?: boolean;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <Field id={id} label={label} error={error} required={required}>
      <div className="relative">
        <select
          ref={ref}
          {...fieldA11y(id, error)}
          required={required}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          className={cn(
            "flex h-10 w-full appearance-none rounded-md border border-slate-400 bg-white py-2 pl-3 pr-10 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-60 aria-invalid:border-red-700",
            value === "" ? "text-slate-600" : "text-slate-900",
          )}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value} className="text-slate-900">
              {option.label}
            </option>
          ))}
        </select>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="pointer-events-none absolute right-3 top-3 text-slate-600">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </div>
    </Field>
  );
}
