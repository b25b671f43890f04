import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Post, PostFields, RevisionSummary } from "../../../../contract/content.ts";
import { toast } from "../../../hooks/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import { restoreRevision, revisionsQuery, storePost, POSTS_PATH } from "../../api/content-posts.ts";
import { apiErrorOf, getJson } from "../../api/request.ts";
import { smallButtonClass } from "../../components/admin-classes.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { formatDateTime } from "../../components/lead-format.ts";
import { lineDiff } from "./line-diff.ts";

// The article's revisions (issue 37): every save, publish and restore, newest first. Compare shows a revision's
// title, description and body against the draft on screen, line by line; Restore makes it the new draft.
// A revision's fields come from GET …/revisions/:revision; should that fail, Compare shows the title alone
// (the list carries it).

type Compared = { revision: number; fields: Pick<PostFields, "title" | "description" | "body"> | null; title: string };

export function RevisionsPanel({
  post,
  draft,
  onRestored,
}: {
  post: Post;
  draft: () => Pick<PostFields, "title" | "description" | "body">;
  onRestored: (post: Post) => void;
}) {
  const titleId = useId();
  const client = useQueryClient();
  const revisions = useQuery(revisionsQuery(post.id));
  const [compared, setCompared] = useState<Compared | null>(null);
  const [restoring, setRestoring] = useState<RevisionSummary | null>(null);
  const restore = useMutation({
    mutationFn: restoreRevision,
    onSuccess: (restored) => {
      storePost(client, restored);
      setRestoring(null);
      setCompared(null);
      toast({ title: "Revision restored", description: `Revision ${restoring?.revision} is the draft now.` });
      onRestored(restored);
    },
    onError: (error) => {
      setRestoring(null);
      toast({
        variant: "destructive",
        title: "Not restored",
        description: apiErrorOf(error)?.message ?? "Please try again.",
      });
    },
  });
  const compare = async (summary: RevisionSummary) => {
    try {
      const fields = await getJson<PostFields>(
        `${POSTS_PATH}/${encodeURIComponent(post.id)}/revisions/${summary.revision}`,
      );
      setCompared({ revision: summary.revision, fields, title: summary.title });
    } catch {
      setCompared({ revision: summary.revision, fields: null, title: summary.title });
    }
  };
  const list = revisions.data?.revisions ?? [];
  return (
    <section aria-labelledby={titleId} className="mt-10 border-t border-slate-200 pt-6">
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        Revisions
      </h2>
      {revisions.isLoading ? (
        <p role="status" className="mt-2 text-slate-700">
          Loading...
        </p>
      ) : revisions.isError ? (
        <p className="mt-2 text-red-800">The revisions could not be loaded.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-200" aria-label="Revisions, newest first">
          {list.map((summary) => (
            <li key={summary.revision} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <p className="text-sm text-slate-900">
                <span className="font-semibold">Revision {summary.revision}</span> · {summary.action} ·{" "}
                {formatDateTime(summary.at)}
                {summary.by && <> · {summary.by}</>}
                {summary.revision === post.revision && <span className="text-slate-700"> (the draft)</span>}
                {summary.revision === post.publishedRevision && <span className="text-slate-700"> (live)</span>}
              </p>
              {summary.revision !== post.revision && (
                <span className="flex gap-2">
                  <button
                    type="button"
                    className={smallButtonClass}
                    aria-label={`Compare revision ${summary.revision}`}
                    onClick={() => void compare(summary)}
                  >
                    Compare
                  </button>
                  <button
                    type="button"
                    className={smallButtonClass}
                    aria-label={`Restore revision ${summary.revision}`}
                    onClick={() => setRestoring(summary)}
                  >
                    Restore
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {compared && <Comparison compared={compared} draft={draft()} onClose={() => setCompared(null)} />}
      <ConfirmDialog
        open={restoring !== null}
        title={`Restore revision ${restoring?.revision ?? ""}?`}
        confirmLabel="Restore"
        pending={restore.isPending}
        onConfirm={() => restoring && restore.mutate({ id: post.id, revision: restoring.revision })}
        onClose={() => setRestoring(null)}
      >
        Its title, text and fields become the draft (a new revision); the live article does not change until you
        publish. Changes on screen that are not saved are lost.
      </ConfirmDialog>
    </section>
  );
}

function Comparison({
  compared,
  draft,
  onClose,
}: {
  compared: Compared;
  draft: Pick<PostFields, "title" | "description" | "body">;
  onClose: () => void;
}) {
  const titleId = useId();
  const fields: Partial<Record<"title" | "description" | "body", string>> = compared.fields ?? {
    title: compared.title,
  };
  const parts = (["title", "description", "body"] as const).filter((key) => fields[key] !== undefined);
  return (
    <section aria-labelledby={titleId} className="mt-4 rounded-md border border-slate-300 p-4" data-testid="comparison">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          Revision {compared.revision} compared with the draft
        </h3>
        <button type="button" className={smallButtonClass} onClick={onClose}>
          Close comparison
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Lines marked “−” are only in revision {compared.revision}; lines marked “+” are only in the draft.
        {!compared.fields && " Only the title could be compared."}
      </p>
      {parts.map((key) => (
        <div key={key} className="mt-3">
          <h4 className="text-sm font-semibold text-slate-800 capitalize">{key}</h4>
          <pre className="mt-1 max-h-80 overflow-auto rounded bg-slate-50 p-2 text-sm whitespace-pre-wrap">
            {lineDiff(fields[key] ?? "", draft[key]).map((line, index) => (
              <span
                key={index}
                className={cn(
                  "block",
                  line.kind === "removed" && "bg-red-50 text-red-900",
                  line.kind === "added" && "bg-green-50 text-green-900",
                )}
              >
                {line.kind === "removed" ? "− " : line.kind === "added" ? "+ " : "  "}
                {line.text}
              </span>
            ))}
          </pre>
        </div>
      ))}
    </section>
  );
}
