import * as Dialog from "@radix-ui/react-dialog";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Lead, LeadKind } from "../../../contract/admin-leads.ts";
import { CALL_NOTE_MAX, callInput, callOutcomeLabels, callOutcomes } from "../../../contract/lead-calls.ts";
import { Field, fieldA11y } from "../../components/forms/form-parts.tsx";
import { useContractForm } from "../../components/forms/use-contract-form.ts";
import { Button } from "../../components/ui/button.tsx";
import { DialogFormFooter } from "./dialog-form-footer.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { logCallMutation } from "../api/replies.ts";
import { apiErrorOf } from "../api/request.ts";
import { quickPickWhen } from "./follow-up.ts";
import { useFollowUp } from "./follow-up-editor.tsx";
import { leadName } from "./lead-format.ts";

// "Log a call" on a lead's page (issue 33, point 5): the outcome (reached, voicemail, no answer) and a note.
// "Reached" answers the lead (the server marks it Contacted); after "No answer" the panel offers the next
// follow-up within business hours in one click (the page's follow-up code saves it).

export function CallLogger({
  kind,
  lead,
  open,
  onOpenChange,
}: {
  kind: LeadKind;
  lead: Lead;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [suggested, setSuggested] = useState<Date | null>(null);
  const change = (next: boolean) => {
    if (!next) setSuggested(null);
    onOpenChange(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 max-h-[92dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">
            {suggested ? "Call again later?" : `Log a call with ${leadName(lead)}`}
          </Dialog.Title>
          {open && !suggested && (
            <CallForm kind={kind} lead={lead} onLogged={(next) => (next ? setSuggested(next) : change(false))} />
          )}
          {open && suggested && (
            <FollowUpSuggestion kind={kind} lead={lead} at={suggested} onDone={() => change(false)} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CallForm({
  kind,
  lead,
  onLogged,
}: {
  kind: LeadKind;
  lead: Lead;
  onLogged: (suggested: Date | null) => void;
}) {
  const ids = { outcome: useId(), note: useId() };
  const log = useMutation(logCallMutation(kind, lead.id));
  const form = useContractForm(callInput, { outcome: undefined, note: "" });
  const [failure, setFailure] = useState<string | null>(null);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((call) => {
    if (log.isPending) return;
    setFailure(null);
    log.mutate(call, {
      onSuccess: (answer) => {
        toast({
          title: "Call logged",
          description: `${callOutcomeLabels[answer.outcome]}${answer.outcome === "reached" && lead.status === "new" ? `: ${leadName(lead)} is now Contacted.` : "."}`,
        });
        onLogged(answer.suggestedFollowUpAt ? new Date(answer.suggestedFollowUpAt) : null);
      },
      onError: (error) => {
        const apiError = apiErrorOf(error);
        setFailure(
          apiError?.errors?.outcome ??
            apiError?.errors?.note ??
            apiError?.message ??
            "The call could not be logged. Please try again.",
        );
      },
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4">
      <fieldset aria-describedby={errors.outcome ? `${ids.outcome}-error` : undefined}>
        <legend className="text-sm font-semibold text-slate-900">How did it go?</legend>
        <div className="mt-2 grid gap-2">
          {callOutcomes.map((outcome) => (
            <label
              key={outcome}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input type="radio" value={outcome} {...form.register("outcome")} className="h-4 w-4 accent-brand-700" />
              <span className="font-medium">{callOutcomeLabels[outcome]}</span>
            </label>
          ))}
        </div>
        {errors.outcome && (
          <p id={`${ids.outcome}-error`} className="mt-1 text-sm text-red-700">
            Choose how the call went.
          </p>
        )}
      </fieldset>
      <Field id={ids.note} label="Note (optional)" error={errors.note?.message}>
        <Textarea
          {...fieldA11y(ids.note, errors.note?.message)}
          {...form.register("note")}
          rows={3}
          maxLength={CALL_NOTE_MAX}
        />
      </Field>
      <DialogFormFooter failure={failure} pending={log.isPending} label="Save" pendingLabel="Saving…" />
    </form>
  );
}

function FollowUpSuggestion({ kind, lead, at, onDone }: { kind: LeadKind; lead: Lead; at: Date; onDone: () => void }) {
  const followUp = useFollowUp(kind, lead);
  return (
    <div className="mt-3">
      <p className="text-slate-800">
        No answer. The next time within business hours is {quickPickWhen(at)} (your time zone).
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" disabled={followUp.isPending} onClick={onDone}>
          Not now
        </Button>
        <Button
          type="button"
          autoFocus
          disabled={followUp.isPending}
          onClick={() => followUp.save(at, "Call again", { onSuccess: onDone })}
        >
          Follow up {quickPickWhen(at)}
        </Button>
      </div>
    </div>
  );
}
