import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useRef, useState, type RefObject } from "react";
import {
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
  TEMPLATE_NAME_MAX,
  replyPlaceholders,
  replyTemplateInput,
  type ReplyTemplate,
} from "../../../../contract/lead-messages.ts";
import { Field, fieldA11y } from "../../../components/forms/form-parts.tsx";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { deleteTemplateMutation, replyTemplatesQuery, saveTemplateMutation } from "../../api/replies.ts";
import { apiErrorOf } from "../../api/request.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";

// Settings (owners): the reply templates the lead page's "Reply" panel starts from (issue 33, point 3).
// Listed, added, changed and deleted here; the placeholders are listed with what they become. While there
// is none, the panel uses the default template, shown here too.

const emptyTemplate = { name: "", subject: "", body: "" };

export function ReplyTemplatesSection() {
  const templates = useQuery(replyTemplatesQuery);
  // null: adding a new one; a template: changing it.
  const [editing, setEditing] = useState<ReplyTemplate | null>(null);
  const [deleting, setDeleting] = useState<ReplyTemplate | null>(null);
  const editor = useRef<HTMLInputElement | null>(null);
  const remove = useMutation(deleteTemplateMutation);
  const titleId = useId();

  const edit = (template: ReplyTemplate) => {
    setEditing(template);
    requestAnimationFrame(() => editor.current?.focus());
  };

  return (
    <section className="mt-12 border-t border-slate-200 pt-8" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        Reply templates
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">
        What the Reply button on a lead’s page starts from: the team picks one, edits it and sends. Placeholders in
        double braces are filled in with the lead’s and the sender’s details.
      </p>
      {templates.isPending && <p className="mt-4 text-slate-800">Loading…</p>}
      {templates.isError && (
        <p role="alert" className="mt-4 text-red-800">
          The templates could not be loaded.
        </p>
      )}
      {templates.data && (
        <>
          {templates.data.items.length === 0 ? (
            <p className="mt-4 text-slate-800">
              No templates yet: replies start from the default, “{templates.data.fallback.name}” (subject “
              {templates.data.fallback.subject}”).
            </p>
          ) : (
            <ul className="mt-4 max-w-2xl divide-y divide-slate-200 rounded-md border border-slate-200">
              {templates.data.items.map((template) => (
                <li key={template.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{template.name}</p>
                    <p className="break-words text-sm text-slate-700">Subject: {template.subject}</p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => edit(template)}
                      aria-label={`Edit ${template.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      onClick={() => setDeleting(template)}
                      aria-label={`Delete ${template.name}`}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <TemplateEditor
            key={editing?.id ?? "new"}
            editing={editing}
            firstFieldRef={editor}
            onDone={() => setEditing(null)}
          />
        </>
      )}
      <details className="mt-4 max-w-2xl text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">The placeholders</summary>
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          {Object.entries(replyPlaceholders).map(([name, means]) => (
            <div key={name} className="contents">
              <dt className="font-mono text-slate-900">{`{{${name}}}`}</dt>
              <dd className="text-slate-700">{means}</dd>
            </div>
          ))}
        </dl>
      </details>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this template?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: "Template deleted", description: `“${deleting.name}” was deleted.` });
              if (editing?.id === deleting.id) setEditing(null);
              setDeleting(null);
            },
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Error",
                description: apiErrorOf(error)?.message ?? "The template could not be deleted.",
              }),
          })
        }
      >
        “{deleting?.name}” will no longer be offered when replying. Replies already sent are kept.
      </ConfirmDialog>
    </section>
  );
}

function TemplateEditor({
  editing,
  firstFieldRef,
  onDone,
}: {
  editing: ReplyTemplate | null;
  firstFieldRef: RefObject<HTMLInputElement | null>;
  onDone: () => void;
}) {
  const ids = { name: useId(), subject: useId(), body: useId(), heading: useId() };
  const save = useMutation(saveTemplateMutation);
  const form = useContractForm(
    replyTemplateInput,
    editing ? { name: editing.name, subject: editing.subject, body: editing.body } : emptyTemplate,
  );
  const errors = form.formState.errors;
  const name = form.register("name");

  const onSubmit = form.handleSubmit((template) => {
    if (save.isPending) return;
    save.mutate(
      { id: editing?.id ?? null, template },
      {
        onSuccess: (saved) => {
          toast({
            title: editing ? "Template saved" : "Template added",
            description: `“${saved.name}” is offered when replying.`,
          });
          form.reset(emptyTemplate);
          onDone();
        },
        onError: (error) => {
          const apiError = apiErrorOf(error);
          for (const field of ["name", "subject", "body"] as const) {
            const message = apiError?.errors?.[field];
            if (message) form.setError(field, { message });
          }
          if (!apiError?.errors)
            toast({
              variant: "destructive",
              title: "Error",
              description: apiError?.message ?? "The template could not be saved.",
            });
        },
      },
    );
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby={ids.heading}
      className="mt-6 max-w-2xl space-y-3"
    >
      <h3 id={ids.heading} className="text-lg font-semibold text-slate-900">
        {editing ? `Edit “${editing.name}”` : "Add a template"}
      </h3>
      <Field id={ids.name} label="Name" error={errors.name?.message} required>
        <Input
          {...fieldA11y(ids.name, errors.name?.message)}
          {...name}
          ref={(element) => {
            name.ref(element);
            firstFieldRef.current = element;
          }}
          maxLength={TEMPLATE_NAME_MAX}
        />
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
          rows={8}
          maxLength={REPLY_BODY_MAX}
        />
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {editing ? "Save template" : "Add template"}
        </Button>
        {editing && (
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
