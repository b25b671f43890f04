import { Mail, NotebookPen, Phone } from "lucide-react";
import type { Lead, LeadKind } from "../../../contract/admin-leads.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { cn } from "../../lib/utils.ts";
import { focusRing } from "./admin-classes.ts";
import { telHref } from "./lead-format.ts";
import { LeadStatusSelect } from "./lead-status-select.tsx";

// The lead page's bar on a phone (issue 20, point 5): kept at the bottom of the screen while the page
// scrolls, with what the owner does with a lead from a phone: Call, Reply (the reply panel), Note (to the note box) and
// Status. From the sm breakpoint up the page's own links and status menu are in sight instead.

const barItem = cn(
  "flex min-h-12 min-w-0 flex-col items-center justify-center gap-0.5 rounded-md px-1 text-xs font-semibold text-brand-900 hover:bg-brand-50",
  focusRing,
);

export function LeadPhoneBar({
  kind,
  lead,
  onNote,
  onReply,
  onStatusChanged,
}: {
  kind: LeadKind;
  lead: Lead;
  onNote: () => void;
  /** Opens the lead page's reply panel (issue 33): the reply is sent and recorded by the admin. */
  onReply: () => void;
  onStatusChanged: (status: LeadStatus) => void;
}) {
  return (
    <section
      aria-label="Quick actions"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-300 bg-white px-2 py-2 shadow-[0_-2px_8px_rgb(15_23_42/0.08)] sm:hidden"
    >
      <div className="mx-auto grid max-w-md grid-cols-[1fr_1fr_1fr_1.7fr] items-center gap-1.5">
        <a href={telHref(lead.phone)} className={barItem}>
          <Phone className="h-5 w-5" aria-hidden="true" />
          Call
        </a>
        <button type="button" onClick={onReply} className={barItem}>
          <Mail className="h-5 w-5" aria-hidden="true" />
          Reply
        </button>
        <button type="button" onClick={onNote} className={barItem}>
          <NotebookPen className="h-5 w-5" aria-hidden="true" />
          Note
        </button>
        <LeadStatusSelect
          kind={kind}
          lead={lead}
          label="Status"
          hideLabel
          triggerClassName="h-12 w-full min-w-0 px-2"
          onChanged={onStatusChanged}
        />
      </div>
    </section>
  );
}
