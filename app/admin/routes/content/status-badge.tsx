import type { PostSummary } from "../../../../contract/content.ts";
import { cn } from "../../../lib/utils.ts";
import { hasUnpublishedChanges, statusLabels } from "./content-format.ts";

// A post's state as a badge (issue 37): draft, scheduled or published, and whether the draft moved on.

const tone = {
  draft: "bg-slate-100 text-slate-900",
  scheduled: "bg-amber-100 text-amber-950",
  published: "bg-green-100 text-green-900",
} as const;

export function StatusBadge({ post }: { post: Pick<PostSummary, "status" | "revision" | "publishedRevision"> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className={cn("rounded-full px-2 py-0.5 text-xs font-bold", tone[post.status])}>
        {statusLabels[post.status]}
      </span>
      {hasUnpublishedChanges(post) && (
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">
          Changes not published
        </span>
      )}
    </span>
  );
}
