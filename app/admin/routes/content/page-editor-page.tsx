import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import { Link, Navigate, useBlocker, useParams } from "react-router";
import type { PageCopyDocument } from "../../../../contract/content.ts";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import { contentSettingsQuery } from "../../api/content-posts.ts";
import {
  pageConflictOf,
  pagePreviewUrl,
  pageQuery,
  pageRevisionsQuery,
  publishPage,
  restorePageRevision,
  savePageDraft,
  storePage,
} from "../../api/content-pages.ts";
import { apiErrorOf, isNotFound } from "../../api/request.ts";
import { Loading, usePageTitle } from "../../components/admin-shell.tsx";
import { linkClass, smallButtonClass } from "../../components/admin-classes.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { formatDateTime } from "../../components/lead-format.ts";
import { useIsOwner } from "../../components/owner-only.tsx";
import { ConflictDialog } from "./conflict-dialog.tsx";
import { CopyField } from "./copy-field.tsx";
import { HistoryPanel } from "./history-panel.tsx";
import { SearchAndSharing } from "./page-search-fields.tsx";
import {
  changedTexts,
  conflictingTexts,
  fieldErrorsByName,
  fieldName,
  formValuesOf,
  groupFields,
  pageCopySchema,
  type PageCopyValues,
} from "./page-copy-format.ts";

// A page's copy (issue 37), /admin/content/pages/<key> (a key may hold a slash: services/seo). Every text of the
// page in its order, grouped by section; each an uncontrolled input (a page has 50 to 80) with its count against
// the limit that keeps the layout, "Reset to the original" when it differs from the files, and a mark when it
// differs from the live page. A save sends the changed texts with the revision the edit started from (If-Match);
// a stale one opens the conflict dialog. Preview shows the saved draft; Publish makes it live.

export function PageEditorPage() {
  const key = useParams()["*"] ?? "";
  const page = useQuery({ ...pageQuery(key), enabled: key !== "" });
  // Keep theirs and Restore start the editor again from what the server holds.
  const [generation, setGeneration] = useState(0);
  usePageTitle(`${page.data?.label ?? "Page"} | Admin`);
  if (key === "") return <Navigate to="/admin/content/pages" replace />;
  if (page.isLoading) return <Loading />;
  if (!page.data) {
    return (
      <p role="alert" className="text-red-800">
        {isNotFound(page.error) ? "There is no such page." : "The page could not be loaded."}{" "}
        <Link to="/admin/content/pages" className={linkClass}>
          All pages
        </Link>
      </p>
    );
  }
  return <PageEditor key={`${key}:${generation}`} document={page.data} onReload={() => setGeneration((n) => n + 1)} />;
}

type Conflict = { current: PageCopyDocument; values: PageCopyValues };

function PageEditor({ document, onReload }: { document: PageCopyDocument; onReload: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const owner = useIsOwner();
  const teamSettings = useQuery({ ...contentSettingsQuery, enabled: !owner });
  const canPublish = owner || teamSettings.data?.membersCanPublish === true;
  // The version the edit started from: what a save compares with and names in If-Match, even if the cache
  // learns of a newer one meanwhile (that save then meets the conflict dialog, as it should).
  const [base, setBase] = useState(document);
  const schema = useMemo(() => pageCopySchema(base.fields), [base.fields]);
  const groups = useMemo(() => groupFields(base.fields), [base.fields]);
  const form = useContractForm(schema, formValuesOf(base.fields));
  const { errors, isDirty } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const unpublished = base.revision !== base.publishedRevision;

  /** The server's answer is the new starting point: cached, and the form's values and markers follow it. */
  const startFrom = (next: PageCopyDocument) => {
    storePage(client, next);
    setBase(next);
    form.reset(formValuesOf(next.fields));
  };

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  const placeServerErrors = (error: unknown) => {
    const body = apiErrorOf(error);
    const byName = Object.entries(fieldErrorsByName(base.fields, body?.errors));
    byName.forEach(([name, message], index) => form.setError(name, { message }, { shouldFocus: index === 0 }));
    setFailure(byName.length > 0 ? null : (body?.message ?? "The page could not be saved. Please try again."));
  };

  const save = useMutation({
    mutationFn: savePageDraft,
    onSuccess: (saved) => {
      startFrom(saved);
      toast({ title: "Draft saved", description: `${saved.label}: preview it, then publish it.` });
    },
    onError: (error) => {
      const current = pageConflictOf(error);
      if (current) setConflict({ current, values: form.getValues() });
      else placeServerErrors(error);
    },
  });
  const overwrite = useMutation({
    mutationFn: ({ current, values }: Conflict) =>
      savePageDraft({
        key: current.key,
        revision: current.revision,
        fields: Object.fromEntries(conflictingTexts(current, base.fields, values).map((row) => [row.path, row.yours])),
      }),
    onSuccess: (saved) => {
      setConflict(null);
      startFrom(saved);
      toast({ title: "Your version saved", description: `${saved.label} (revision ${saved.revision}).` });
    },
    onError: (error, mine) => {
      const current = pageConflictOf(error);
      if (current) setConflict({ ...mine, current });
      else {
        setConflict(null);
        placeServerErrors(error);
      }
    },
  });
  const publish = useMutation({
    mutationFn: publishPage,
    onSuccess: (published) => {
      startFrom(published);
      toast({ title: "Published", description: `The new texts are live at ${published.path}.` });
    },
    onError: (error) => setFailure(apiErrorOf(error)?.message ?? "The page could not be published."),
  });

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    setFailure(null);
    const fields = changedTexts(base.fields, values as PageCopyValues);
    if (Object.keys(fields).length === 0) {
      toast({ title: "Nothing to save", description: "No text differs from the saved draft." });
      return;
    }
    save.mutate({ key: base.key, revision: base.revision, fields });
  });

  const busy = save.isPending || publish.isPending || overwrite.isPending;
  return (
    <>
      <p>
        <Link to="/admin/content/pages" className={linkClass}>
          ← All pages
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-slate-900">{base.label}</h1>
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-bold",
            unpublished ? "bg-brand-50 text-brand-900" : "bg-green-100 text-green-900",
          )}
          data-testid="page-state"
        >
          {unpublished ? "Changes not published" : "Published"}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-800">
        Live at{" "}
        <a href={base.path} target="_blank" rel="noopener" className={linkClass}>
          {base.path}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        {base.updatedAt && (
          <>
            {" "}
            · Draft saved {formatDateTime(base.updatedAt)}
            {base.updatedBy && ` by ${base.updatedBy.name}`}
          </>
        )}
      </p>

      <form
        id={`${id}-form`}
        noValidate
        className="mt-6 max-w-3xl space-y-8"
        onSubmit={(event) => void onSubmit(event)}
      >
        {groups.map((group) =>
          group.key === "search" ? (
            <SearchAndSharing
              key={group.key}
              id={id}
              group={group}
              path={base.path}
              control={form.control}
              register={form.register}
              setValue={form.setValue}
              errors={errors}
            />
          ) : (
            <fieldset key={group.key} className="space-y-5 rounded-md border border-slate-300 p-4">
              <legend className="px-1 text-lg font-semibold text-slate-900">{group.legend}</legend>
              {group.items.map(({ field, index }) => (
                <CopyField
                  key={field.path}
                  id={`${id}-${index}`}
                  field={field}
                  index={index}
                  control={form.control}
                  register={form.register}
                  setValue={form.setValue}
                  error={errors[fieldName(index)]?.message}
                />
              ))}
            </fieldset>
          ),
        )}
      </form>

      {failure && (
        <p role="alert" className="mt-4 text-red-800">
          {failure}
        </p>
      )}
      <div className="sticky bottom-0 z-10 mt-6 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white py-3">
        <Button type="submit" form={`${id}-form`} disabled={busy}>
          {save.isPending ? "Saving..." : "Save draft"}
        </Button>
        <a
          href={pagePreviewUrl(base.key)}
          target="_blank"
          rel="noopener"
          className={cn(smallButtonClass, "inline-flex items-center")}
          aria-describedby={`${id}-preview-hint`}
        >
          Preview
        </a>
        {canPublish && (
          <Button
            type="button"
            variant="outline"
            disabled={busy || isDirty || !unpublished}
            onClick={() => publish.mutate(base.key)}
          >
            {publish.isPending ? "Publishing..." : "Publish"}
          </Button>
        )}
      </div>
      <p id={`${id}-preview-hint`} className="text-sm text-slate-700">
        Preview opens the last saved draft in a new tab{isDirty ? ": save first to see your latest changes" : ""}.
        {canPublish ? (isDirty ? " Save the draft before publishing it." : "") : " Only an owner can publish the page."}
      </p>

      <HistoryPanel
        heading="History"
        query={pageRevisionsQuery(base.key)}
        revision={base.revision}
        publishedRevision={base.publishedRevision}
        restore={(revision) => restorePageRevision({ key: base.key, revision })}
        onRestored={(restored) => {
          storePage(client, restored);
          onReload();
        }}
        confirmText="Its texts become the draft (a new revision); the live page does not change until you publish. Changes on screen that are not saved are lost."
      />

      <ConflictDialog
        subject="this page"
        conflict={
          conflict && {
            savedBy: conflict.current.updatedBy?.name ?? null,
            savedAt: conflict.current.updatedAt,
            rows: conflictingTexts(conflict.current, base.fields, conflict.values),
          }
        }
        pending={overwrite.isPending}
        onKeepTheirs={() => {
          if (!conflict) return;
          setConflict(null);
          storePage(client, conflict.current);
          onReload();
          toast({ title: "Their version kept", description: "Your changes were not saved." });
        }}
        onOverwrite={() => conflict && overwrite.mutate(conflict)}
        onClose={() => setConflict(null)}
      />
      <ConfirmDialog
        open={blocker.state === "blocked"}
        title="Leave without saving?"
        confirmLabel="Leave"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        Your changes to this page are not saved.
      </ConfirmDialog>
    </>
  );
}
