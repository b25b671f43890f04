import type { LeadDetail, LeadKind, LeadStatus } from "../../../../contract/admin-leads.ts";
import { replyWindowHours } from "../../../../contract/form-names.ts";
import { cn } from "../../../lib/utils.ts";
import { UnreadBadge } from "../../components/admin-shell.tsx";
import { FollowUpBadge } from "../../components/follow-up-editor.tsx";
import { formatDateTime, kindLabels, replyBy } from "../../components/lead-format.ts";
import { LeadStatusSelect, SpamButton } from "../../components/lead-status-select.tsx";
import { AssigneeSelect } from "../../components/assignee.tsx";
import { useNow } from "../../components/use-now.ts";
import { WonValue } from "./won-value.tsx";

// Who the lead is and where it stands: kind, name, unread, the reply-by promise and the follow-up, with the
// status and spam controls beside (on a phone the status is in the bar at the bottom instead).

function ReplyByIndicator({ lead, now }: { lead: LeadDetail; now: number }) {
  const reply = replyBy(lead, now);
  if (!reply) return null;
  const promisedHours = replyWindowHours(lead.formName);
  return (
    <p
      data-testid="reply-by"
      className={cn(
        "mt-3 inline-block rounded-md px-3 py-1 text-sm font-semibold",
        reply.overdue ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-900",
      )}
    >
      {reply.overdue
        ? `Overdue by ${reply.hours} h`
        : `Reply by ${formatDateTime(reply.deadline)} (${reply.hours} h left)`}
      <span className="sr-only"> — the promise for this form is a reply within {promisedHours} hours</span>
    </p>
  );
}

export function LeadHeader({
  kind,
  lead,
  name,
  onStatusChanged,
}: {
  kind: LeadKind;
  lead: LeadDetail;
  name: string;
  onStatusChanged: (status: LeadStatus) => void;
}) {
  const now = useNow(60_000);
  return (
    <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-700">{kindLabels[kind].one}</p>
        <h1 className="break-words text-3xl font-bold text-slate-900">
          {name}
          {lead.readAt === null && <UnreadBadge />}
        </h1>
        <div className="flex flex-wrap gap-x-3">
          <ReplyByIndicator lead={lead} now={now} />
          <FollowUpBadge lead={lead} now={now} />
        </div>
        <WonValue kind={kind} lead={lead} />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {/* On a phone the status is in the bar at the bottom (LeadPhoneBar). */}
        <LeadStatusSelect
          kind={kind}
          lead={lead}
          label="Status"
          className="hidden w-48 sm:block"
          onChanged={onStatusChanged}
        />
        <SpamButton kind={kind} lead={lead} />
        <AssigneeSelect kind={kind} lead={lead} />
      </div>
    </div>
  );
}
