import { cn } from "../../lib/utils.ts";
import { focusRing } from "./admin-classes.ts";
import { statusDescriptions, statusLabels, triageStatuses } from "./lead-format.ts";

// What the statuses mean (issue 13 §3), folded away in a native <details>: no script needed.

export function StatusHelp({ className }: { className?: string }) {
  return (
    <details className={cn("text-sm text-slate-800", className)}>
      <summary
        className={cn("cursor-pointer rounded-sm font-semibold text-brand-700 underline underline-offset-4", focusRing)}
      >
        What the statuses mean
      </summary>
      <dl className="mt-2 grid gap-x-4 gap-y-1 rounded-md border border-slate-200 bg-white p-3 sm:grid-cols-[auto_1fr]">
        {triageStatuses.map((status) => (
          <div key={status} className="contents">
            <dt className="font-semibold text-slate-900">{statusLabels[status]}</dt>
            <dd>{statusDescriptions[status]}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-semibold text-slate-900">Unread</dt>
          <dd>A dot before the name: nobody has opened the lead yet. Opening it marks it read.</dd>
        </div>
        <div className="contents">
          <dt className="font-semibold text-slate-900">Spam</dt>
          <dd>
            Not a status but a view of its own: use “Mark as spam” and “Not spam”. Spam stays out of the inbox and its
            counts.
          </dd>
        </div>
      </dl>
    </details>
  );
}
