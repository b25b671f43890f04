import { cn } from "../../lib/utils.ts";

// One of the owner's numbers beside the same number for the period before (issue 24): the dashboard's week
// row and the report's speed tiles. Inside a <dl>.

export function ComparedFigure({
  label,
  value,
  before,
  beforeLabel,
  boxed = false,
}: {
  label: string;
  value: string;
  before: string;
  beforeLabel: string;
  boxed?: boolean;
}) {
  return (
    <div className={cn("min-w-0", boxed && "rounded-lg border border-slate-200 p-4")}>
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className={cn("font-bold text-slate-900", boxed ? "mt-1 text-2xl" : "text-2xl")}>{value}</dd>
      <dd className="text-sm text-slate-700">
        {beforeLabel}: {before}
      </dd>
    </div>
  );
}
