import type { LeadDetail } from "../../../contract/admin-leads.ts";
import { deliveryChannelLabels } from "../../../contract/deliveries.ts";
import { cn } from "../../lib/utils.ts";
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

function Entry({ entry }: { entry: TimelineEntry }) {
  return (
    <li className="relative pb-5 pl-6 last:pb-0">
      {/* The line and dot repeat what the words say; they are hidden from assistive technology. */}
      <span aria-hidden="true" className="absolute left-[5px] top-2 h-full w-px bg-slate-200" />
      <span aria-hidden="true" className={cn("absolute left-0 top-1.5 h-3 w-3 rounded-full ring-2 ring-white", markers[entry.type])} />
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold text-slate-900">{entry.title}</span>
        <time dateTime={entry.at} className="text-sm text-slate-700">
          {formatDateTime(entry.at)}
        </time>
      </p>
      {entry.type === "note" ? (
        <p className="mt-1 whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-900">{entry.note.body}</p>
      ) : (
        entry.detail && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{entry.detail}</p>
      )}
      {entry.type === "delivery" && (
        <div className="mt-2">
          <RetryButton delivery={entry.delivery} label="Send again" name={deliveryChannelLabels[entry.delivery.channel]} />
        </div>
      )}
    </li>
  );
}

export function LeadTimeline({ lead, headingId }: { lead: LeadDetail; headingId: string }) {
  const entries = leadTimeline(lead);
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Timeline
      </h2>
      <p className="mt-1 text-sm text-slate-700">Newest first: notes, status changes, follow-ups, deliveries and the lead’s arrival.</p>
      {lead.deliveries.length === 0 && (
        <p className="mt-2 text-sm text-slate-700">This lead was not sent anywhere: it was stored before leads were delivered, or as spam.</p>
      )}
      <ol className="mt-4">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
    </section>
  );
}
