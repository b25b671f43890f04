import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Post, PostFields, RevisionSummary } from "../../../../contract/content.ts";
import { cn } from "../../../lib/utils.ts";
import { restoreRevision, revisionsQuery, storePost, POSTS_PATH } from "../../api/content-posts.ts";
import { getJson } from "../../api/request.ts";
import { smallButtonClass } from "../../components/admin-classes.ts";
import { HistoryPanel } from "./history-panel.tsx";
import { lineDiff } from "./line-diff.ts";

// The article's revisions (issue 37): every save, publish and restore, newest first. Compare shows a revision's
// title, description and body against the draft on screen, line by line; Restore (history-panel.tsx) makes it
// the new draft. A revision's fields come from GET …/revisions/:revision; should that fail, Compare shows the
// title alone (the list carries it).

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
  const client = useQueryClient();
  const [compared, setCompared] = useState<Compared | null>(null);
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
  return (
    <HistoryPanel
      heading="Revisions"
      query={revisionsQuery(post.id)}
      revision={post.revision}
      publishedRevision={post.publishedRevision}
      restore={(revision) => restoreRevision({ id: post.id, revision })}
      onRestored={(restored) => {
        storePost(client, restored);
        setCompared(null);
        onRestored(restored);
      }}
      confirmText="Its title, text and fields become the draft (a new revision); the live article does not change until you publish. Changes on screen that are not saved are lost."
      actions={(summary) => (
        <button
          type="button"
          className={smallButtonClass}
          aria-label={`Compare revision ${summary.revision}`}
          onClick={() => void compare(summary)}
        >
          Compare
        </button>
      )}
    >
      {compared && <Comparison compared={compared} draft={draft()} onClose={() => setCompared(null)} />}
    </HistoryPanel>
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
