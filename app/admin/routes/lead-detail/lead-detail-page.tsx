import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router";
import type { LeadKind } from "../../../../contract/admin-leads.ts";
import { isLeadKind, leadQuery, updateLeadMutation } from "../../api/leads.ts";
import { isNotFound } from "../../api/request.ts";
import { Loading, usePageTitle } from "../../components/admin-shell.tsx";
import { linkClass } from "../../components/admin-classes.ts";
import { kindLabels } from "../../components/lead-format.ts";
import { LeadView } from "./lead-view.tsx";
import { backLabels, useListSource, type ListSource } from "./list-source.ts";

// One lead (/admin/leads/:kind/:id). From the top: who it is and how to reach them, the follow-up, the
// note box and the timeline (arrival, deliveries, status changes, notes, follow-ups; newest first), then
// the long list of fields, then deletion: on a phone the notes come before every field (issue 20, point
// 5), and a bar at the bottom keeps Call, E-mail, Note and Status in reach. Opening it marks it read.
//
// The list it was opened from travels in the address: an inbox's filters
// (/admin/leads/contacts/<id>?status=new&sort=name), or All leads' (?list=all&sort=deadline&...).
// Previous/Next follow that list's order, Back returns to it, and `e` (done: Contacted) offers the next
// follow-up, then opens the next lead of the list, or the list when there is none. Keyboard shortcuts:
// components/lead-shortcuts.tsx. This folder: the page and its loading (here), the list it came from
// (list-source.ts), Previous/Next (list-navigation.tsx), the page's parts in the order shown (lead-view.tsx).

export function LeadDetailPage() {
  const { kind, id = "" } = useParams();
  usePageTitle(`${isLeadKind(kind) ? kindLabels[kind].one : "Lead"} | Admin`);
  if (!isLeadKind(kind)) return <NotFound source={null} />;
  return <Detail key={`${kind}/${id}`} kind={kind} id={id} />;
}

function NotFound({ source }: { source: ListSource | null }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Lead not found</h1>
      <p className="mt-4 text-slate-700">There is no such lead. It may have been deleted.</p>
      <p className="mt-4">
        <Link to={source?.listPath ?? "/admin/leads/all"} className={linkClass}>
          {source?.backLabel ?? backLabels.all}
        </Link>
      </p>
    </>
  );
}

function Detail({ kind, id }: { kind: LeadKind; id: string }) {
  const lead = useQuery(leadQuery(kind, id));
  const source = useListSource(kind);

  // Opening a lead marks it read, once.
  const markedRead = useRef(false);
  const { mutate: markRead } = useMutation(updateLeadMutation(kind));
  const unread = lead.data?.readAt === null;
  useEffect(() => {
    if (unread && !markedRead.current) {
      markedRead.current = true;
      markRead({ id, change: { read: true } });
    }
  }, [unread, markRead, id]);

  if (lead.isLoading) return <Loading />;
  if (lead.isError && isNotFound(lead.error)) return <NotFound source={source} />;
  if (!lead.data) {
    return (
      <>
        <h1 className="text-3xl font-bold text-slate-900">Lead</h1>
        <p className="mt-4 text-red-700" role="alert">
          The lead could not be loaded. Please reload the page.
        </p>
      </>
    );
  }
  return <LeadView kind={kind} lead={lead.data} source={source} />;
}
