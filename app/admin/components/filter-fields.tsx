import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { cn } from "../../lib/utils.ts";
import { selectClass } from "./admin-classes.ts";

// The inbox's filter fields (inbox-filter-bar.tsx): a text search that follows typing, a select with an
// "All" choice, a date. Each is labelled, and says what it applies to when that needs saying.

const SEARCH_DELAY_MS = 300;

/** A text filter: the address bar follows 300 ms after typing stops, or at once on Enter. */
export function TextFilter({
  label,
  hint,
  value,
  onCommit,
  type = "text",
  search = false,
  compact = false,
  className,
}: {
  label: string;
  hint: string;
  value: string;
  onCommit: (value: string) => void;
  type?: "text" | "search";
  /** The page's one search landmark. */
  search?: boolean;
  /** The lists' one bar (issue 38): the label for screen readers, the hint as the box's placeholder. */
  compact?: boolean;
  className?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The address changed from outside (back button, Clear filters): show its value.
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) setDraft(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(next: string) {
    clearTimeout(timer.current);
    if (next.trim() === value) return;
    setSent(next.trim());
    onCommit(next);
  }

  function onChange(next: string) {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(next), SEARCH_DELAY_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    commit(draft);
  }

  return (
    <form role={search ? "search" : undefined} onSubmit={onSubmit} className={className}>
      <Label htmlFor={id} className={compact ? "sr-only" : undefined}>
        {label}
      </Label>
      <Input
        id={id}
        type={type}
        value={draft}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        placeholder={compact ? `${label}: ${hint.toLowerCase()}` : undefined}
        className={compact ? undefined : "mt-1"}
        maxLength={200}
      />
      <p id={`${id}-hint`} className={compact ? "sr-only" : "mt-1 text-xs text-slate-700"}>
        {hint}
      </p>
    </form>
  );
}

export function SelectFilter({
  label,
  hint,
  value,
  onChange,
  options,
  anyLabel = "All",
}: {
  label: string;
  /** A word on what the filter applies to ("Contact forms only"). */
  hint?: string | undefined;
  /** The option that filters nothing. */
  anyLabel?: string;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(selectClass, "mt-1 w-full")}
      >
        <option value="">{anyLabel}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
      )}
    </div>
  );
}

export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} className="mt-1" />
    </div>
  );
}
