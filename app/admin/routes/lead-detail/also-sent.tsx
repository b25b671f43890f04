import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { LeadKind } from "../../../../contract/admin-leads.ts";
import { leadFormLabel } from "../../../config/lead-form-names.ts";
import { relatedLeadsQuery } from "../../api/reports.ts";
import { linkClass } from "../../components/admin-classes.ts";
import { formatDateTime, kindLabels, statusLabels } from "../../components/lead-format.ts";

// "Also sent" (issue 24): the same person's other leads (same e-mail address, in any case, or the same
// phone number), so nobody calls them twice. Nothing is merged: each lead keeps its own page. Shown only
// when there are some.

export function AlsoSent({ kind, id, headingId }: { kind: LeadKind; id: string; headingId: string }) {
  const related = useQuery(relatedLeadsQuery(kind, id));
  const items = related.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Also sent
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        The same person (same e-mail or phone) sent{" "}
        {items.length === 1 ? "another lead" : `${items.length} other leads`}:
      </p>
      <ul className="mt-3 space-y-2">
        {items.map((lead) => (
          <li key={lead.id} className="text-slate-900">
            <Link to={`/admin/leads/${lead.kind}/${lead.id}`} className={linkClass}>
              {leadFormLabel(lead.formName) ?? kindLabels[lead.kind].one}
            </Link>{" "}
            · <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time> · {statusLabels[lead.status]}
          </li>
        ))}
      </ul>
    </section>
  );
}
