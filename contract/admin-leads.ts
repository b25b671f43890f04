import type { LeadChannel } from "./lead-channels.ts";
import { z } from "zod";
import { boundedInstant } from "./date-bounds.ts";
import { fieldMessages } from "./field-messages.ts";
import { amount } from "./money.ts";
import type { ContactSubmission } from "./contact-submission.ts";
import type { Delivery } from "./deliveries.ts";
import { cleanText, leadStatuses, type LeadStatus } from "./fields.ts";
import type { LeadNote } from "./lead-notes.ts";
import type { OutgoingMessageState } from "./lead-messages.ts";
import type { CallOutcome } from "./lead-calls.ts";
import type { ServiceInquiry } from "./service-inquiry.ts";

// The owner's inbox API (docs/decisions/008-admin-inbox.md): the leads, their kinds and their changes.
// Every path below needs the admin session. The list's filters and order are contract/lead-filters.ts,
// its paging cursor lead-cursor.ts, the counts and bulk actions lead-triage.ts, the notes lead-notes.ts,
// a lead's reply deadline reply-window.ts (the forms' promises: form-names.ts).
//
//   GET    /api/admin/leads/all                   both kinds in one list (issue 20) -> LeadPage<LeadRow>
//   GET    /api/admin/leads/all/counts            the counts over both kinds        -> LeadCounts
//   POST   /api/admin/leads/all/bulk              a bulk action over both kinds     -> BulkResult
//   GET    /api/admin/leads/all/:id/neighbours    previous/next in the combined list -> AllLeadNeighbours
//   GET    /api/admin/today[?assignee=me]         now, due soon, overdue, follow-ups  -> TodayQueue
//   GET    /api/admin/pulse                       newest lead and reply from a lead   -> AdminPulse
//   GET    /api/admin/leads/:kind                 list (filters, keyset paging)   -> LeadPage
//   GET    /api/admin/leads/:kind/export.csv      the same filters, every row     -> text/csv
//   GET    /api/admin/leads/:kind/:id             one lead with its notes          -> LeadDetail
//   PATCH  /api/admin/leads/:kind/:id             { status?, value?, read?, followUpAt?, followUpNote?, assigneeId? } -> LeadDetail
//   GET    /api/admin/leads/all/export.csv        both kinds, the list's filters  -> text/csv (issue 38)
//   DELETE /api/admin/leads/:kind/:id             erasure                          -> 204
//   POST   /api/admin/leads/:kind/:id/notes       { body }                         -> LeadNote (201)
//   GET    /api/admin/leads/:kind/counts          each view's count for the filters -> LeadCounts
//   POST   /api/admin/leads/:kind/bulk            { action, ids | filters }        -> BulkResult
//   GET    /api/admin/leads/:kind/:id/neighbours  previous/next in the list order  -> LeadNeighbours
//   GET    /api/admin/stats                       totals, unread, leads per week   -> AdminStats

export const leadKinds = ["contacts", "inquiries"] as const;
export type LeadKind = (typeof leadKinds)[number];

export const leadKindParams = z.object({
  kind: z.enum(leadKinds, { error: `kind must be one of: ${leadKinds.join(", ")}` }),
});
export const leadParams = leadKindParams.extend({
  // Ids are stored in lower case; PostgreSQL's uuid compares any case, SQLite's text does not.
  id: z.uuid({ error: "id must be a lead id" }).toLowerCase(),
});

/** A value sent with another status than won, or for a lead that is not won (issue 38). */
export const VALUE_NEEDS_WON = "A value can only be given to a won lead: send it with status won.";

/** The longest follow-up note ("call back Tuesday"). */
export const FOLLOW_UP_NOTE_MAX = 200;

export const leadUpdate = z
  .object({
    status: z.enum(leadStatuses, { error: `status must be one of: ${leadStatuses.join(", ")}` }).optional(),
    read: z.boolean({ error: "read must be true or false" }).optional(),
    /** When to follow up (an ISO 8601 instant with its offset); null clears the follow-up (and its note). */
    followUpAt: boundedInstant("followUpAt", "followUpAt must be a date and time (ISO 8601 with an offset) or null")
      .nullable()
      .optional(),
    /** A short note for the follow-up; blank or null clears it. */
    followUpNote: z
      .union([
        z.null(),
        cleanText("follow-up note").max(FOLLOW_UP_NOTE_MAX, {
          error: fieldMessages.tooLong("follow-up note", FOLLOW_UP_NOTE_MAX),
        }),
      ])
      .transform((note) => (note ? note : null))
      .optional(),
    /** The user the lead is assigned to (issue 23); null: unassigned. */
    assigneeId: z.uuid({ error: "assigneeId must be a user's id or null" }).toLowerCase().nullable().optional(),
    /**
     * What a won lead is worth (issue 38), in the business currency (contract/money.ts); null clears it.
     * Only with status "won", or on a lead that is won already. A lead that leaves "won" loses its value.
     */
    value: amount("value").nullable().optional(),
  })
  .strict()
  .refine(
    (u) =>
      u.status !== undefined ||
      u.read !== undefined ||
      u.followUpAt !== undefined ||
      u.followUpNote !== undefined ||
      u.assigneeId !== undefined ||
      u.value !== undefined,
    {
      error: "send status, value, read, followUpAt, followUpNote or assigneeId",
      path: ["status"],
    },
  )
  .refine((u) => u.value === undefined || u.status === undefined || u.status === "won", {
    error: VALUE_NEEDS_WON,
    path: ["value"],
  })
  .refine((u) => !(u.followUpAt === null && u.followUpNote), {
    error: "a follow-up note needs a follow-up time",
    path: ["followUpNote"],
  });
export type LeadUpdate = z.input<typeof leadUpdate>;

type AdminFields = {
  readAt: string | null;
  /** createdAt + the form's reply promise (reply-window.ts replyByOf): when the lead should have had a reply. */
  replyBy: string;
  followUpAt: string | null;
  followUpNote: string | null;
  /** The user the lead is assigned to; null: unassigned (issue 23). */
  assigneeId: string | null;
  /** Where the lead came from (contract/lead-channels.ts channelOf), worked out when it arrived (issue 24). */
  channel: LeadChannel;
  /** When it was first answered (a reply sent, a call that reached them, or its status first left "new" for one other than spam); null: not yet. */
  answeredAt: string | null;
  /** Who gave that first answer (issue 33): the credit in the reports; null: not answered, or before issue 33. */
  answeredBy: string | null;
  /** When the lead last wrote back after our last message (issue 33): "Replied" in the inbox and on "Now"; null: not waiting on us. */
  repliedAt: string | null;
  /** What the won lead is worth in the business currency (issue 38); null: not won, or no value given. */
  value: number | null;
};
export type ContactLead = ContactSubmission & AdminFields;
export type InquiryLead = ServiceInquiry & AdminFields;
export type Lead = ContactLead | InquiryLead;

/**
 * `total` is exact, except for text searches and product filters with more than COUNT_CAP matches,
 * where counting every match would cost a scan: then it is COUNT_CAP and `totalCapped` is true ("1,000+").
 */
export type LeadPage<T extends Lead = Lead> = {
  items: T[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
};
export const COUNT_CAP = 1000;
export type LeadDetail<T extends Lead = Lead> = T & { notes: LeadNote[]; deliveries: Delivery[]; events: LeadEvent[] };

/** A lead of either kind in the combined list, with its kind (ids are unique across both kinds). */
export type LeadRow = Lead & { kind: LeadKind };
export type LeadRef = { kind: LeadKind; id: string };

/**
 * What happened to a lead besides its arrival, deliveries and notes (those have their own rows): the
 * timeline on its page. `from`/`to` are status keys for "status"; followUpAt/note for "follow-up"
 * (null when it was cleared).
 */
export type LeadEvent =
  // value (issue 38): on a change to "won", the value given with it (null: none given); absent otherwise.
  (
    | { id: string; type: "status"; at: string; from: LeadStatus; to: LeadStatus; value?: number | null }
    // Issue 38: the value of a lead that stays won, set or cleared (null).
    | { id: string; type: "value"; at: string; value: number | null }
    | { id: string; type: "follow-up"; at: string; followUpAt: string | null; note: string | null }
    | { id: string; type: "assignment"; at: string; assignee: UserRef | null }
    // Issue 33: an e-mail sent to the lead (its state in the outbox; lastError once a try failed), one
    // received from them (the quoted history kept apart, folded), a call logged (by: who called).
    | {
        id: string;
        type: "email-out";
        at: string;
        subject: string;
        body: string;
        to: string;
        state: OutgoingMessageState;
        lastError: string | null;
      }
    | { id: string; type: "email-in"; at: string; from: string; subject: string; body: string; quoted: string | null }
    | { id: string; type: "call"; at: string; outcome: CallOutcome; note: string | null }
  ) & {
    /** Who made the change (issue 23); null for changes from before users, or by the system. */
    by: UserRef | null;
  };

/** A user as a lead's history names them: "Deleted user" when the account is gone. */
export type UserRef = { id: string; name: string };

export type KindStats = {
  total: number;
  unread: number;
  spam: number;
  perWeek: { weekStart: string; count: number }[];
};
export type AdminStats = { contacts: KindStats; inquiries: KindStats };

export type { LeadStatus };

/** The dashboard's day (GET /api/admin/today), both kinds, spam left out. */
export type TodayQueue = {
  /** OWNER_TIMEZONE: "today" and the morning e-mail are days there. */
  ownerTimeZone: string;
  /** The server's clock when answered (the admin shows "overdue by" against it). */
  now: string;
  /** "Now"'s window from the business hours (contract/business-hours.ts): arrivals since `since`, deadlines up to `dueBy`. */
  window: { since: string; dueBy: string };
  /** Leads waiting for a first answer that arrived since the last business day began, newest first; at most TODAY_LIST_MAX. */
  answerNow: LeadRow[];
  /** Older leads still waiting whose reply is due by `window.dueBy` (not yet overdue), earliest first; at most TODAY_LIST_MAX. */
  dueSoon: LeadRow[];
  /** The older leads past their reply time: a count and a link, never a wall of cards. */
  overdue: { count: number };
  /** Leads with status new past or near their deadline (reply-window.ts replyStateOf: overdue or due-soon), oldest first; at most TODAY_LIST_MAX. */
  needsReply: { items: LeadRow[]; total: number };
  /** Leads with a follow-up at or before the end of today in the owner's time zone, earliest first; at most TODAY_LIST_MAX. */
  followUps: { items: LeadRow[]; total: number };
};
export const TODAY_LIST_MAX = 50;

/** GET /api/admin/today's query: `assignee=me` for the signed-in user's day. */
export const todayParams = z
  .object({ assignee: z.enum(["me"], { error: "assignee must be me (or left out for the whole team)" }).optional() })
  .strict();

/** GET /api/admin/pulse: when the newest lead and the newest reply from a lead arrived (null: none yet). The admin refetches what shows them when either moves. */
export type AdminPulse = { newestLeadAt: string | null; newestReplyAt: string | null };

/** /api/admin/leads/all/:id/... */
export const anyLeadParams = z.object({ id: z.uuid({ error: "id must be a lead id" }).toLowerCase() });
