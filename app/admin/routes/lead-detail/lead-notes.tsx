import { useMutation } from "@tanstack/react-query";
import { useId, type RefObject } from "react";
import type { LeadDetail, LeadKind } from "../../../../contract/admin-leads.ts";
import { noteInput } from "../../../../contract/lead-notes.ts";
import { Field as FormField, fieldA11y } from "../../../components/forms/form-parts.tsx";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { addNoteMutation } from "../../api/leads.ts";
import { apiErrorOf } from "../../api/request.ts";

/** The note's length limit is the contract's. */
const noteMaxLength = noteInput.shape.body.maxLength ?? undefined;

/** The note box (the notes themselves are in the timeline). `noteBoxRef`: where the phone bar's Note goes. */
export function LeadNotes({
  kind,
  lead,
  headingId,
  noteBoxRef,
}: {
  kind: LeadKind;
  lead: LeadDetail;
  headingId: string;
  noteBoxRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const id = useId();
  const add = useMutation(addNoteMutation(kind, lead.id));
  const form = useContractForm(noteInput, { body: "" });
  const error = form.formState.errors.body?.message;
  const body = form.register("body");

  const onSubmit = form.handleSubmit((note) => {
    if (add.isPending) return;
    add.mutate(note, {
      onSuccess: () => {
        form.reset({ body: "" });
        toast({ title: "Note added", description: "The note was saved." });
      },
      onError: (err) => {
        const apiError = apiErrorOf(err);
        form.setError("body", {
          message: apiError?.errors?.body ?? apiError?.message ?? "The note could not be saved. Please try again.",
        });
      },
    });
  });

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Notes
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {lead.notes.length === 0
          ? "No notes yet."
          : `${lead.notes.length === 1 ? "1 note" : `${lead.notes.length} notes`}, in the timeline below.`}
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-3 max-w-xl space-y-2">
        <FormField id={id} label="New note" error={error}>
          <Textarea
            {...fieldA11y(id, error)}
            {...body}
            ref={(element) => {
              body.ref(element);
              noteBoxRef.current = element;
            }}
            rows={3}
            maxLength={noteMaxLength}
          />
        </FormField>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Adding note..." : "Add note"}
        </Button>
      </form>
    </section>
  );
}
