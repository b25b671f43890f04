import type { LeadDetail, LeadEvent } from "../../../contract/admin-leads.ts";
import type { LeadNote } from "../../../contract/lead-notes.ts";
import type { Delivery } from "../../../contract/deliveries.ts";
import { deliveryChannelLabels } from "../../../contract/deliveries.ts";
import { callOutcomeLabels } from "../../../contract/lead-calls.ts";
import { leadFormLabel } from "../../config/lead-form-names.ts";
import { deliveryStateLabels } from "./delivery-format.ts";
import { formatDateTime, statusLabels } from "./lead-format.ts";
import { formatAmount } from "../../../contract/money.ts";

// A lead's story on its page (issue 20, point 4): its arrival, each delivery, each status change, each
// note and each follow-up set or cleared, in one list, newest first (what happened last is what the
// owner needs before calling back; the arrival closes the list). Every line is in words: the form's
// name, the channel, the state and the statuses, never their keys.

export type TimelineEntry =
  | { type: "arrival"; id: string; at: string; title: string; detail: string | null }
  | { type: "delivery"; id: string; at: string; title: string; detail: string | null; delivery: Delivery }
  | { type: "status"; id: string; at: string; title: string; detail: null }
  | { type: "assignment"; id: string; at: string; title: string; detail: null }
  | { type: "note"; id: string; at: string; title: string; detail: null; note: LeadNote }
  | { type: "follow-up"; id: string; at: string; title: string; detail: string | null }
  // Issue 33: e-mails to and from the lead and logged calls, drawn with their own bodies (lead-timeline-list.tsx).
  | {
      type: "email-out";
      id: string;
      at: string;
      title: string;
      detail: string | null;
      event: Extract<LeadEvent, { type: "email-out" }>;
    }
  | {
      type: "email-in";
      id: string;
      at: string;
      title: string;
      detail: string | null;
      event: Extract<LeadEvent, { type: "email-in" }>;
    }
  | {
      type: "call";
      id: string;
      at: string;
      title: string;
      detail: string | null;
      event: Extract<LeadEvent, { type: "call" }>;
    };

function arrival(lead: Pick<LeadDetail, "id" | "createdAt" | "formName" | "pagePath">): TimelineEntry {
  const form = leadFormLabel(lead.formName);
  return {
    type: "arrival",
    id: `arrival-${lead.id}`,
    at: lead.createdAt,
    title: form ? `Arrived from the ${form}` : "Arrived",
    detail: lead.pagePath ? `Sent from ${lead.pagePath}` : null,
  };
}

/** When a delivery last changed: sent, or its last attempt (failed, waiting), or when it was recorded. */
function deliveryTime(delivery: Delivery): string {
  return delivery.sentAt ?? delivery.updatedAt ?? delivery.createdAt;
}

function deliveryDetail(delivery: Delivery): string | null {
  const parts: string[] = [];
  if (delivery.recipient) parts.push(`To ${delivery.recipient}`);
  if (delivery.state === "not-configured")
    parts.push(
      delivery.channel === "owner-email"
        ? "Nobody was e-mailed: no address was set up."
        : "This channel was not set up.",
    );
  if (delivery.lastError) parts.push(`Last error: ${delivery.lastError}`);
  if (delivery.state === "pending" && delivery.nextAttemptAt)
    parts.push(`Next attempt ${formatDateTime(delivery.nextAttemptAt)}`);
  if (delivery.state === "scheduled" && delivery.nextAttemptAt)
    parts.push(`Goes out ${formatDateTime(delivery.nextAttemptAt)}`);
  if (delivery.attempts > 1) parts.push(`${delivery.attempts} attempts`);
  return parts.length > 0 ? parts.join(" · ") : null;
}

function deliveryEntry(delivery: Delivery): TimelineEntry {
  return {
    type: "delivery",
    id: `delivery-${delivery.id}`,
    at: deliveryTime(delivery),
    title: `${deliveryChannelLabels[delivery.channel]}: ${deliveryStateLabels[delivery.state]}`,
    detail: deliveryDetail(delivery),
    delivery,
  };
}

/** " · by Ana Ruiz" after a change a user made (issue 23); nothing for changes from before users. */
function byText(by: { name: string } | null): string {
  return by ? ` · by ${by.name}` : "";
}

function eventEntry(event: LeadEvent): TimelineEntry {
  if (event.type === "status") {
    return {
      type: "status",
      id: `event-${event.id}`,
      at: event.at,
      // Won with its value (issue 38): "Status: Qualified → Won ($2,500.00)".
      title: `Status: ${statusLabels[event.from]} → ${statusLabels[event.to]}${event.value === null || event.value === undefined ? "" : ` (${formatAmount(event.value)})`}${byText(event.by)}`,
      detail: null,
    };
  }
  // Issue 38: the value of a won lead set or cleared (the status entry's look: it is the outcome's).
  if (event.type === "value")
    return {
      type: "status",
      id: `event-${event.id}`,
      at: event.at,
      title: `${event.value === null ? "Value cleared" : `Value set to ${formatAmount(event.value)}`}${byText(event.by)}`,
      detail: null,
    };
  if (event.type === "assignment") {
    const what = event.assignee ? `Assigned to ${event.assignee.name}` : "Unassigned";
    return {
      type: "assignment",
      id: `event-${event.id}`,
      at: event.at,
      title: `${what}${byText(event.by)}`,
      detail: null,
    };
  }
  if (event.type === "email-out") {
    const detail =
      event.state === "failed" && event.lastError
        ? `Not sent: ${event.lastError}`
        : event.state !== "sent" && event.lastError
          ? `Last try failed: ${event.lastError}; trying again`
          : null;
    return {
      type: "email-out",
      id: `event-${event.id}`,
      at: event.at,
      title: `E-mail to ${event.to}${byText(event.by)}`,
      detail,
      event,
    };
  }
  if (event.type === "email-in")
    return {
      type: "email-in",
      id: `event-${event.id}`,
      at: event.at,
      title: `E-mail from ${event.from}`,
      detail: null,
      event,
    };
  if (event.type === "call") {
    return {
      type: "call",
      id: `event-${event.id}`,
      at: event.at,
      title: `Call: ${callOutcomeLabels[event.outcome]}${byText(event.by)}`,
      detail: event.note,
      event,
    };
  }
  return {
    type: "follow-up",
    id: `event-${event.id}`,
    at: event.at,
    title: `${event.followUpAt ? `Follow-up set for ${formatDateTime(event.followUpAt)}` : "Follow-up cleared"}${byText(event.by)}`,
    detail: event.followUpAt && event.note ? event.note : null,
  };
}

function noteEntry(note: LeadNote): TimelineEntry {
  return {
    type: "note",
    id: `note-${note.id}`,
    at: note.createdAt,
    title: note.author ? `Note by ${note.author.name}` : "Note",
    detail: null,
    note,
  };
}

/** Within one instant, the later step of a lead's life first (newest first): the arrival is always last. */
const rank: Record<TimelineEntry["type"], number> = {
  note: 0,
  "follow-up": 1,
  assignment: 2,
  status: 2,
  "email-out": 3,
  "email-in": 3,
  call: 3,
  delivery: 4,
  arrival: 5,
};

/** The lead's timeline, newest first. */
export function leadTimeline(
  lead: Pick<LeadDetail, "id" | "createdAt" | "formName" | "pagePath" | "deliveries" | "notes" | "events">,
): TimelineEntry[] {
  const entries = [
    arrival(lead),
    ...lead.deliveries.map(deliveryEntry),
    ...(lead.events ?? []).map(eventEntry),
    ...lead.notes.map(noteEntry),
  ];
  return entries
    .map((entry, index) => ({ entry, index, time: Date.parse(entry.at) }))
    .sort((a, b) => b.time - a.time || rank[a.entry.type] - rank[b.entry.type] || b.index - a.index)
    .map(({ entry }) => entry);
}
