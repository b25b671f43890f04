import type { LeadDetail } from "../../../contract/admin-leads.ts";
import { deliveryChannelLabels } from "../../../contract/deliveries.ts";
import { cn } from "../../lib/utils.ts";
import { useMutation } from "@tanstack/react-query";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { outgoingStateLabels } from "../../../contract/lead-messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { retryReplyMutation } from "../api/replies.ts";
import { apiErrorOf } from "../api/request.ts";
import { RetryButton } from "./delivery-table.tsx";
import { formatDateTime } from "./lead-format.ts";
import { leadTimeline, type TimelineEntry } from "./lead-timeline.ts";

// The lead's timeline (components/lead-timeline.ts), newest first: one list item per step, its time, and
// for a delivery its "Send again" (disabled, with the reason, when it cannot go).

const markers: Record<TimelineEntry["type"], string> = {
  arrival: "bg-brand-700",
  delivery: "bg-sky-700",
  status: "bg-green-700",
  note: "bg-amber-600",
  "follow-up": "bg-slate-600",
  assignment: "bg-violet-700",
  "email-out": "bg-brand-700",
  "email-in": "bg-teal-700",
  call: "bg-rose-700",
};

const messageStateClasses = {
  queued: "bg-slate-100 text-slate-900",
  sending: "bg-slate-100 text-slate-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
} as const;

/** An e-mail's words as sent or received; a received one's quoted history folded (issue 33). */
function MessageBody({ subject, body, quoted }: { subject: string; body: string; quoted?: string | null }) {
  return (
    <div className="mt-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-900">
      <p className="font-semibold">{subject}</p>
      <p className="mt-1 whitespace-pre-wrap break-words">{body}</p>
      {quoted && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold text-brand-700">Show quoted text</summary>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-700">{quoted}</p>
        </details>
      )}
    </div>
  );
}

/** "Send again" on an e-mail the server gave up on. */
function SendAgain({ kind, leadId, messageId }: { kind: LeadKind; leadId: string; messageId: string }) {
  const retry = useMutation(retryReplyMutation(kind, leadId));
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={retry.isPending}
      onClick={() =>
        retry.mutate(messageId, {
          onSuccess: () => toast({ title: "Queued again", description: "The e-mail will be sent again now." }),
          onError: (error) =>
            toast({
              variant: "destructive",
              title: "Error",
              description: apiErrorOf(error)?.message ?? "The e-mail could not be queued again. Please try again.",
            }),
        })
      }
    >
      Send again
    </Button>
  );
}

function Entry({ entry, kind, leadId }: { entry: TimelineEntry; kind: LeadKind; leadId: string }) {
  return (
    <li className="relative pb-5 pl-6 last:pb-0">
      {/* The line and dot repeat what the words say; they are hidden from assistive technology. */}
      <span aria-hidden="true" className="absolute left-[5px] top-2 h-full w-px bg-slate-200" />
      <span
        aria-hidden="true"
        className={cn("absolute left-0 top-1.5 h-3 w-3 rounded-full ring-2 ring-white", markers[entry.type])}
      />
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold text-slate-900">
          {entry.title}
          {entry.type === "email-out" && (
            <span
              className={cn("ml-2 rounded px-2 py-0.5 text-xs font-semibold", messageStateClasses[entry.event.state])}
            >
              {outgoingStateLabels[entry.event.state]}
            </span>
          )}
        </span>
        <time dateTime={entry.at} className="text-sm text-slate-700">
          {formatDateTime(entry.at)}
        </time>
      </p>
      {(entry.type === "email-out" || entry.type === "email-in") && (
        <MessageBody
          subject={entry.event.subject}
          body={entry.event.body}
          quoted={entry.type === "email-in" ? entry.event.quoted : null}
        />
      )}
      {entry.type === "email-out" && entry.event.state === "failed" && (
        <div className="mt-2">
          <SendAgain kind={kind} leadId={leadId} messageId={entry.event.id} />
        </div>
      )}
      {entry.type === "note" ? (
        <p className="mt-1 whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-900">
          {entry.note.body}
        </p>
      ) : (
        entry.detail && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{entry.detail}</p>
      )}
      {entry.type === "delivery" && (
        <div className="mt-2">
          <RetryButton
            delivery={entry.delivery}
            label="Send again"
            name={deliveryChannelLabels[entry.delivery.channel]}
          />
        </div>
      )}
    </li>
  );
}

export function LeadTimeline({ kind, lead, headingId }: { kind: LeadKind; lead: LeadDetail; headingId: string }) {
  const entries = leadTimeline(lead);
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Timeline
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Newest first: e-mails, calls, notes, status changes, follow-ups, deliveries and the lead’s arrival.
      </p>
      {lead.deliveries.length === 0 && (
        <p className="mt-2 text-sm text-slate-700">
          This lead was not sent anywhere: it was stored before leads were delivered, or as spam.
        </p>
      )}
      <ol className="mt-4">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} kind={kind} leadId={lead.id} />
        ))}
      </ol>
    </section>
  );
}
