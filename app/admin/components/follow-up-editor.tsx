import { useMutation } from "@tanstack/react-query";
import { forwardRef, useId, useImperativeHandle, useRef } from "react";
import { z } from "zod";
import { FOLLOW_UP_NOTE_MAX, leadUpdate, type Lead, type LeadKind } from "../../../contract/admin-leads.ts";
import { Field, fieldA11y } from "../../components/forms/form-parts.tsx";
import { useContractForm } from "../../components/forms/use-contract-form.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { cn } from "../../lib/utils.ts";
import { updateLeadMutation } from "../api/leads.ts";
import { apiErrorOf } from "../api/request.ts";
import { followUpState, followUpText, fromLocalInput, isoWithOffset, toLocalInput } from "./follow-up.ts";
import { browserTimeZone, leadName, timeZoneLabel } from "./lead-format.ts";

// A lead's follow-up (issue 20, point 3): when to get back to them, in the browser's time zone, and a
// short note ("call back Tuesday"); Clear removes both. The follow-up lists (the dashboard, the inbox's
// "follow-up due") read what is saved here.

/** The form: the wall-clock time (only the form has it; the API gets the instant) and the contract's note. */
const followUpForm = z.object({
  at: z
    .string()
    .refine((value) => value !== "", { error: "Choose a date and time" })
    .refine((value) => value === "" || fromLocalInput(value) !== null, {
      error: "Enter a date and time like 03/05/2026 9:00 AM",
    }),
  followUpNote: leadUpdate.shape.followUpNote,
});
type FollowUpForm = z.input<typeof followUpForm>;

export type FollowUpEditorHandle = { focus: () => void };

/** One PATCH of the follow-up; the toast says what was saved (or why not, when the API's reason has no field). */
export function useFollowUp(kind: LeadKind, lead: Lead) {
  const update = useMutation(updateLeadMutation(kind));
  const save = (
    at: Date | null,
    note: string | null,
    callbacks: { onSuccess?: () => void; onFieldError?: (field: "at" | "followUpNote", message: string) => void } = {},
  ) =>
    update.mutate(
      {
        id: lead.id,
        change: at ? { followUpAt: isoWithOffset(at), followUpNote: note } : { followUpAt: null, followUpNote: null },
      },
      {
        onSuccess: (saved) => {
          toast(
            saved.followUpAt
              ? {
                  title: "Follow-up set",
                  description: `Follow up with ${leadName(lead)} on ${followUpText(saved.followUpAt, saved.followUpNote)}.`,
                }
              : { title: "Follow-up cleared", description: `${leadName(lead)} has no follow-up now.` },
          );
          callbacks.onSuccess?.();
        },
        onError: (error) => {
          const body = apiErrorOf(error);
          const field = body?.errors?.followUpNote ? "followUpNote" : body?.errors?.followUpAt ? "at" : null;
          const message =
            field === "followUpNote"
              ? body?.errors?.followUpNote
              : field === "at"
                ? body?.errors?.followUpAt
                : undefined;
          if (field && message && callbacks.onFieldError) callbacks.onFieldError(field, message);
          else
            toast({
              variant: "destructive",
              title: "Error",
              description: body?.message ?? "The follow-up could not be saved. Please try again.",
            });
        },
      },
    );
  return { save, isPending: update.isPending };
}

const stateClasses = {
  overdue: "bg-red-50 text-red-800",
  today: "bg-amber-50 text-amber-900",
  later: "bg-slate-100 text-slate-900",
} as const;
const stateWords = { overdue: "Overdue: follow up", today: "Today: follow up", later: "Follow up" } as const;

/** The follow-up as it stands, for the lead's header: "Today: follow up Mar 3, 2026, 4:00 PM (call back)". */
export function FollowUpBadge({ lead, now }: { lead: Lead; now: number }) {
  if (!lead.followUpAt) return null;
  const state = followUpState(lead.followUpAt, new Date(now));
  return (
    <p
      data-testid="follow-up"
      className={cn("mt-2 inline-block rounded-md px-3 py-1 text-sm font-semibold", stateClasses[state])}
    >
      {stateWords[state]} {followUpText(lead.followUpAt, lead.followUpNote)}
    </p>
  );
}

export const FollowUpEditor = forwardRef<FollowUpEditorHandle, { kind: LeadKind; lead: Lead }>(function FollowUpEditor(
  { kind, lead },
  ref,
) {
  const id = useId();
  const followUp = useFollowUp(kind, lead);
  const values = (): FollowUpForm => ({
    at: lead.followUpAt ? toLocalInput(lead.followUpAt) : "",
    followUpNote: lead.followUpNote ?? "",
  });
  const form = useContractForm(followUpForm, values());
  const { errors } = form.formState;
  const atInput = useRef<HTMLInputElement | null>(null);
  useImperativeHandle(ref, () => ({ focus: () => atInput.current?.focus() }), []);
  const atField = form.register("at");

  const onSubmit = form.handleSubmit(({ at, followUpNote }) => {
    const when = fromLocalInput(at);
    if (!when || followUp.isPending) return;
    followUp.save(when, followUpNote ?? null, {
      onSuccess: () => form.reset({ at, followUpNote: followUpNote ?? "" }),
      onFieldError: (field, message) => form.setError(field, { message }, { shouldFocus: true }),
    });
  });

  const clear = () =>
    followUp.save(null, null, {
      onSuccess: () => form.reset({ at: "", followUpNote: "" }),
    });

  const hintId = `${id}-at-hint`;
  const atA11y = fieldA11y(`${id}-at`, errors.at?.message);
  return (
    // Not awaited: the mutation reports its own failure.
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-3 grid max-w-xl gap-3 sm:grid-cols-2">
      <Field id={`${id}-at`} label="Date and time" error={errors.at?.message}>
        <Input
          {...atA11y}
          {...atField}
          ref={(element) => {
            atField.ref(element);
            atInput.current = element;
          }}
          aria-describedby={[hintId, atA11y["aria-describedby"]].filter(Boolean).join(" ")}
          type="datetime-local"
        />
        <p id={hintId} className="text-sm text-slate-700">
          Your time: {timeZoneLabel(browserTimeZone())}
        </p>
      </Field>
      <Field id={`${id}-note`} label="Note (optional)" error={errors.followUpNote?.message}>
        <Input
          {...fieldA11y(`${id}-note`, errors.followUpNote?.message)}
          {...form.register("followUpNote")}
          maxLength={FOLLOW_UP_NOTE_MAX}
          placeholder="e.g. call back Tuesday"
          autoComplete="off"
        />
      </Field>
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={followUp.isPending}>
          {followUp.isPending ? "Saving..." : "Save follow-up"}
        </Button>
        {lead.followUpAt && (
          <Button type="button" variant="outline" disabled={followUp.isPending} onClick={clear}>
            Clear follow-up
          </Button>
        )}
      </div>
    </form>
  );
});
