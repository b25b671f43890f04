import type { UseFormRegisterReturn } from "react-hook-form";
import { fieldA11y } from "../../components/forms/form-parts.tsx";
import { selectClass } from "./admin-classes.ts";

/** Every zone the browser knows, the current one first if it is missing (an older browser). */
function zoneChoices(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** A labelled time zone field of a react-hook-form form (the business hours, a user's quiet hours). */
export function TimeZoneSelect({
  id,
  label,
  current,
  field,
  error,
  labelClassName = "block font-semibold text-slate-900",
  className = "w-full max-w-sm",
}: {
  id: string;
  label: string;
  /** The stored zone: offered even where the browser does not list it. */
  current: string;
  field: UseFormRegisterReturn;
  error: string | undefined;
  labelClassName?: string;
  className?: string;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select {...field} {...fieldA11y(id, error)} className={`${selectClass} ${className}`}>
        {zoneChoices(current).map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
