import { memo } from "react";
import { useWatch, type Control, type UseFormRegister, type UseFormSetValue } from "react-hook-form";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { cn } from "../../../lib/utils.ts";
import { smallButtonClass } from "../../components/admin-classes.ts";
import { fieldName, isLongText, labelInGroup, type EditedField, type PageCopyValues } from "./page-copy-format.ts";

// One text of the page editor (issue 37).

/** What a field of the page editor is given: its text, its place in the form, the form, its error. */
export type CopyFieldProps = {
  id: string;
  field: EditedField;
  index: number;
  control: Control<PageCopyValues>;
  register: UseFormRegister<PageCopyValues>;
  setValue: UseFormSetValue<PageCopyValues>;
  error: string | undefined;
};

/**
 * One text: label, input (a textarea for a long one), its count against the limit, its marks and its reset.
 * Memoised and watching only its own value, so typing in one of 80 fields re-renders that field alone.
 */
export const CopyField = memo(function CopyField({
  id,
  field,
  index,
  control,
  register,
  setValue,
  error,
}: CopyFieldProps) {
  const name = fieldName(index);
  const value = useWatch({ control, name }) ?? field.draft;
  const text = value.trim();
  const changed = text !== field.default;
  const notLive = text !== field.published;
  const describedBy = cn(`${id}-count`, notLive && `${id}-live`, error && `${id}-error`);
  const control_ = {
    id,
    maxLength: field.max,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    ...register(name),
  } as const;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          <span className="sr-only">{field.label.slice(0, field.label.length - labelInGroup(field.label).length)}</span>
          {labelInGroup(field.label)}
        </label>
        {changed && (
          <button
            type="button"
            className={cn(smallButtonClass, "min-h-9 py-1 text-xs")}
            onClick={() => setValue(name, field.default, { shouldDirty: true, shouldValidate: Boolean(error) })}
          >
            {/* The visible words first, then which text: the name says what a speech user reads. */}
            Reset to the original<span className="sr-only"> ({field.label})</span>
          </button>
        )}
      </div>
      {isLongText(field) ? (
        <Textarea rows={Math.min(8, Math.ceil(field.max / 90) + 1)} {...control_} />
      ) : (
        <Input {...control_} />
      )}
      <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
        <span id={`${id}-count`}>
          {value.length} / {field.max}
          <span className="sr-only"> characters</span>
        </span>
        {notLive && (
          <span id={`${id}-live`} className="font-semibold text-brand-900">
            Differs from the live page
          </span>
        )}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
