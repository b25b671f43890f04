import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Lead, LeadKind } from "../../../contract/admin-leads.ts";
import {
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
  renderTemplate,
  replyInput,
  replyLeadFacts,
  type ReplyTemplateContent,
} from "../../../contract/lead-messages.ts";
import { Field, fieldA11y } from "../../components/forms/form-parts.tsx";
import { useContractForm } from "../../components/forms/use-contract-form.ts";
import { DialogFormFooter } from "./dialog-form-footer.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { cn } from "../../lib/utils.ts";
import { replyTemplatesQuery, sendReplyMutation } from "../api/replies.ts";
import { apiErrorOf } from "../api/request.ts";
import { selectClass } from "./admin-classes.ts";
import { leadName } from "./lead-format.ts";

// The "Reply" panel of a lead's page (issue 33, point 3): a template (the owner's, or the default while
// there is none) filled in with the lead's facts and the sender's, which the user edits and sends. The
// e-mail is queued and sent by the server; the timeline shows it queued, then sent. A modal dialog: the
// focus goes into it, Escape closes it, errors are announced.

export function ReplyComposer({
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
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 top-auto z-50 max-h-[92dvh] overflow-y-auto rounded-t-lg border border-slate-200 bg-white p-5 text-slate-900 shadow-xl sm:left-1/2 sm:top-1/2 sm:bottom-auto sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg sm:p-6"
        >
          <Dialog.Title className="text-xl font-bold">Reply to {leadName(lead)}</Dialog.Title>
          {open && <ComposeForm kind={kind} lead={lead} onSent={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ComposeForm({ kind, lead, onSent }: { kind: LeadKind; lead: Lead; onSent: () => void }) {
  const ids = { template: useId(), subject: useId(), body: useId() };
  const templates = useQuery(replyTemplatesQuery);
  if (templates.isPending) return <p className="mt-4 text-slate-800">Loading the templates…</p>;
  if (templates.isError)
    return (
      <p role="alert" className="mt-4 text-red-800">
        The templates could not be loaded. Close this and try again.
      </p>
    );
  const { items, fallback, sender } = templates.data;
  const choices: (ReplyTemplateContent & { id: string })[] =
    items.length > 0 ? items : [{ ...fallback, id: "default" }];
  return (
    <ComposeFields
      kind={kind}
      lead={lead}
      ids={ids}
      choices={choices}
      render={(template) => renderTemplate(template, replyLeadFacts(kind, lead), sender)}
      onSent={onSent}
    />
  );
}

function ComposeFields({
  kind,
  lead,
  ids,
  choices,
  render,
  onSent,
}: {
  kind: LeadKind;
  lead: Lead;
  ids: { template: string; subject: string; body: string };
  choices: (ReplyTemplateContent & { id: string })[];
  render: (template: ReplyTemplateContent) => { subject: string; body: string };
  onSent: () => void;
}) {
  const [templateId, setTemplateId] = useState(choices[0]!.id);
  const form = useContractForm(replyInput, render(choices[0]!));
  const send = useMutation(sendReplyMutation(kind, lead.id));
  const [failure, setFailure] = useState<string | null>(null);
  const errors = form.formState.errors;

  const choose = (id: string) => {
    setTemplateId(id);
    const chosen = choices.find((choice) => choice.id === id);
    if (chosen) form.reset(render(chosen));
  };

  const onSubmit = form.handleSubmit((reply) => {
    if (send.isPending) return;
    setFailure(null);
    send.mutate(reply, {
      onSuccess: () => {
        onSent();
        toast({
          title: "Reply queued",
          description: `Your e-mail to ${lead.email} is on its way; the timeline shows when it is sent.`,
        });
      },
      onError: (error) => {
        const apiError = apiErrorOf(error);
        for (const field of ["subject", "body"] as const) {
          const message = apiError?.errors?.[field];
          if (message) form.setError(field, { message });
        }
        setFailure(apiError?.message ?? "The reply could not be sent. Please try again.");
      },
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4">
      <p className="text-sm text-slate-700">To {lead.email}</p>
      <Field id={ids.template} label="Template">
        <select
          id={ids.template}
          value={templateId}
          onChange={(event) => choose(event.target.value)}
          className={cn(selectClass, "w-full")}
        >
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={ids.subject} label="Subject" error={errors.subject?.message} required>
        <Input
          {...fieldA11y(ids.subject, errors.subject?.message)}
          {...form.register("subject")}
          maxLength={REPLY_SUBJECT_MAX}
        />
      </Field>
      <Field id={ids.body} label="Message" error={errors.body?.message} required>
        <Textarea
          {...fieldA11y(ids.body, errors.body?.message)}
          {...form.register("body")}
          rows={12}
          maxLength={REPLY_BODY_MAX}
        />
      </Field>
      <DialogFormFooter failure={failure} pending={send.isPending} label="Send" pendingLabel="Sending…" />
    </form>
  );
}
