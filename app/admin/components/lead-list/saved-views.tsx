import { useMutation, useQuery } from "@tanstack/react-query";
import { Bookmark, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { requiredText } from "../../../../contract/fields.ts";
import { SAVED_VIEW_NAME_MAX, type SavedView } from "../../../../contract/saved-views.ts";
import { Field, fieldA11y } from "../../../components/forms/form-parts.tsx";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import { deleteViewMutation, saveViewMutation, savedViewsQuery } from "../../api/saved-views.ts";
import { apiErrorOf } from "../../api/request.ts";
import type { ListKind } from "../../inbox-filters.ts";
import { focusRing, linkClass } from "../admin-classes.ts";
import { filterButtonClass } from "../inbox-filter-bar.tsx";
import { failureToast } from "../undo-toast.tsx";

// Saved views (issue 38): the signed-in user's named lead lists ("My overdue", "Paid search this month"), a
// list and its filters as the address carries them. A button in the list's filter bar opens them: each view
// is a link, with Delete beside it, and the current filters can be saved under a name. A Received period
// (this month…) is kept by name and rolls over; dates stay fixed.

const listNames: Record<ListKind, string> = { all: "All leads", contacts: "Contact inbox", inquiries: "Inquiry inbox" };

export function viewPath(view: Pick<SavedView, "list" | "query">): string {
  return `/admin/leads/${view.list}${view.query ? `?${view.query}` : ""}`;
}

const nameForm = z.object({ name: requiredText("view name", SAVED_VIEW_NAME_MAX) });

export function SavedViewsButton({ kind, query }: { kind: ListKind; query: string }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const views = useQuery(savedViewsQuery);
  const items = views.data?.items ?? [];
  const current = items.find((view) => view.list === kind && view.query === query);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((now) => !now)}
        className={filterButtonClass}
      >
        <Bookmark className="h-4 w-4" aria-hidden="true" />
        {current ? <span className="max-w-40 truncate">View: {current.name}</span> : "Saved views"}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="w-full rounded-md border border-slate-200 bg-white p-3"
        role="region"
        aria-label="Saved views"
      >
        {views.isError ? (
          <p className="text-sm text-red-800">Your saved views could not be loaded. Try again in a moment.</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-800">
            No saved views yet. Choose filters (say, Assigned to me and Follow-up due) and save them as “My overdue”.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {items.map((view) => (
              <SavedViewItem key={view.id} view={view} current={view === current} onOpen={() => setOpen(false)} />
            ))}
          </ul>
        )}
        <SaveViewForm kind={kind} query={query} />
      </div>
    </>
  );
}

function SavedViewItem({ view, current, onOpen }: { view: SavedView; current: boolean; onOpen: () => void }) {
  const remove = useMutation(deleteViewMutation);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-1">
      <Link
        to={viewPath(view)}
        onClick={onOpen}
        aria-current={current ? "page" : undefined}
        className={cn(linkClass, "py-2 text-sm")}
      >
        {view.name}
        <span className="font-normal text-slate-700 no-underline"> · {listNames[view.list]}</span>
      </Link>
      <button
        type="button"
        aria-label={`Delete the view ${view.name}`}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(view.id, {
            onSuccess: () => toast({ title: "View deleted", description: `“${view.name}” was deleted.` }),
            onError: () => failureToast("The view could not be deleted. Please try again."),
          })
        }
        className={cn(
          "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 hover:text-red-800",
          focusRing,
        )}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </button>
    </li>
  );
}

function SaveViewForm({ kind, query }: { kind: ListKind; query: string }) {
  const id = useId();
  const save = useMutation(saveViewMutation);
  const form = useContractForm(nameForm, { name: "" });
  const [failure, setFailure] = useState<string | null>(null);
  const error = form.formState.errors.name?.message ?? failure ?? undefined;
  // Dates stay as chosen; a named period (period=month) is worked out when the view is opened.
  const params = new URLSearchParams(query);
  const fixedDates = params.has("from") || params.has("to");
  const submit = form.handleSubmit(({ name }) => {
    setFailure(null);
    save.mutate(
      { name, list: kind, query },
      {
        onSuccess: (view) => {
          form.reset({ name: "" });
          toast({ title: "View saved", description: `“${view.name}” is in your saved views.` });
        },
        onError: (problem) => {
          const apiError = apiErrorOf(problem);
          setFailure(
            apiError?.errors?.name ??
              apiError?.errors?.query ??
              apiError?.message ??
              "The view could not be saved. Please try again.",
          );
        },
      },
    );
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="mt-3 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3"
    >
      <Field id={id} label="Save these filters as" error={error} className="min-w-0 flex-1 basis-48">
        <Input
          {...fieldA11y(id, error)}
          {...form.register("name")}
          maxLength={SAVED_VIEW_NAME_MAX}
          placeholder="e.g. My overdue"
        />
      </Field>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save view"}
      </Button>
      {fixedDates && (
        <p className="w-full text-xs text-slate-700">
          The view keeps these dates. For one that moves on (say, this month), choose a Received period instead.
        </p>
      )}
    </form>
  );
}
