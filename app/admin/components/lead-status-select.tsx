import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import type { Lead, LeadKind } from "../../../contract/admin-leads.ts";
import { leadStatuses, type LeadStatus } from "../../../contract/fields.ts";
import { toast } from "../../hooks/use-toast.ts";
import { cn } from "../../lib/utils.ts";
import { updateLeadMutation } from "../api/leads.ts";
import { selectClass } from "./admin-shell.tsx";
import { leadName, statusLabels } from "./lead-format.ts";

/** Sets a lead's status on the server (the cache follows, api/leads.ts); a toast confirms or reports the failure. */
export function useLeadStatus(kind: LeadKind, lead: Lead) {
  const update = useMutation(updateLeadMutation(kind));
  const mutate = (status: LeadStatus) =>
    update.mutate(
      { id: lead.id, change: { status } },
      {
        onSuccess: () => {
          if (lead.status === "spam" && status === "new") {
            toast({ title: "Lead rescued", description: `${leadName(lead)} was moved to the inbox.` });
          } else {
            toast({ title: "Status updated", description: `${leadName(lead)} is now ${statusLabels[status]}.` });
          }
        },
        onError: () => toast({ variant: "destructive", title: "Error", description: "The status could not be changed. Please try again." }),
      },
    );
  return { mutate, isPending: update.isPending, pendingStatus: update.isPending ? update.variables?.change.status : undefined };
}

/** A labelled native select that saves the status as soon as it changes. */
export function LeadStatusSelect({
  kind,
  lead,
  label,
  hideLabel = false,
  className,
}: {
  kind: LeadKind;
  lead: Lead;
  label: string;
  hideLabel?: boolean;
  className?: string;
}) {
  const id = useId();
  const mutation = useLeadStatus(kind, lead);
  const value = mutation.pendingStatus ?? lead.status;
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "mb-1 block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        aria-busy={mutation.isPending}
        onChange={(event) => mutation.mutate(event.target.value as LeadStatus)}
        className={cn(selectClass, "min-w-32")}
      >
        {leadStatuses.map((status) => (
          <option key={status} value={status}>
            {statusLabels[status]}
          </option>
        ))}
      </select>
    </div>
  );
}
