import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { LeadDetail, LeadKind } from "../../../../contract/admin-leads.ts";
import { toast } from "../../../hooks/use-toast.ts";
import { updateLeadMutation } from "../../api/leads.ts";
import { apiErrorOf } from "../../api/request.ts";
import { linkClass } from "../../components/admin-classes.ts";
import { leadName } from "../../components/lead-format.ts";
import { WonValueDialog, wonValueText } from "../../components/won-value-dialog.tsx";

// A won lead's value on its page (issue 38): "Value: $2,500.00" with "Change value", or "No value yet" with
// "Add the value". Only a won lead has one (the server drops it when the lead leaves Won).

export function WonValue({ kind, lead }: { kind: LeadKind; lead: LeadDetail }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useMutation(updateLeadMutation(kind));
  if (lead.status !== "won") return null;
  const text = wonValueText(lead.value);
  return (
    <div data-testid="won-value" className="mt-3 flex flex-wrap items-baseline gap-x-3 text-slate-900">
      <span>
        <span className="font-semibold">Value:</span> {text ?? "not given yet"}
      </span>
      <button
        type="button"
        className={linkClass}
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
      >
        {text ? "Change value" : "Add the value"}
      </button>
      <WonValueDialog
        open={open}
        title={`The value of ${leadName(lead)}`}
        initial={lead.value}
        submitLabel="Save"
        pending={update.isPending}
        failure={failure}
        onOpenChange={setOpen}
        onSubmit={(value) =>
          update.mutate(
            { id: lead.id, change: { value } },
            {
              onSuccess: (saved) => {
                setOpen(false);
                toast({
                  title: "Value saved",
                  description:
                    saved.value === null
                      ? `${leadName(lead)} has no value now.`
                      : `${leadName(lead)} is worth ${wonValueText(saved.value)}.`,
                });
              },
              onError: (error) =>
                setFailure(apiErrorOf(error)?.message ?? "The value could not be saved. Please try again."),
            },
          )
        }
      />
    </div>
  );
}
