import type { RefObject } from "react";
import type { LeadDetail, LeadKind } from "../../../../contract/admin-leads.ts";
import { FollowUpEditor, type FollowUpEditorHandle } from "../../components/follow-up-editor.tsx";

/** When to get back to the lead: the saved follow-up and its editor (focused by the offer's "Another time"). */
export function FollowUpSection({
  kind,
  lead,
  name,
  headingId,
  editorRef,
}: {
  kind: LeadKind;
  lead: LeadDetail;
  name: string;
  headingId: string;
  editorRef: RefObject<FollowUpEditorHandle | null>;
}) {
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Follow-up
      </h2>
      {!lead.followUpAt && (
        <p className="mt-1 text-sm text-slate-700">No follow-up set. Pick when to get back to {name}.</p>
      )}
      {/* A new editor when the saved follow-up changes (the offer after Contacted sets one too). */}
      <FollowUpEditor
        key={`${lead.followUpAt ?? ""}|${lead.followUpNote ?? ""}`}
        ref={editorRef}
        kind={kind}
        lead={lead}
      />
    </section>
  );
}
