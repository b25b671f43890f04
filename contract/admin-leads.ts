import { z } from "zod";
import { ADMIN_PASSWORD_MIN_LENGTH } from "./admin.ts";
import { fieldMessages } from "./field-messages.ts";
import type { ContactSubmission } from "./contact-submission.ts";
import type { Delivery } from "./deliveries.ts";
import { cleanText, leadStatuses, passwordText, requiredText, type LeadStatus } from "./fields.ts";
import { serviceTypes, type ServiceInquiry } from "./service-inquiry.ts";

// The owner's inbox API (docs/decisions/008-admin-inbox.md). Every path is under /api/admin/leads/:kind
// and needs the admin session.
//
//   GET    /api/admin/leads/all                   both kinds in one list (issue 20) -> LeadPage<LeadRow>
//   GET    /api/admin/leads/all/counts            the counts over both kinds        -> LeadCounts
//   POST   /api/admin/leads/all/bulk              a bulk action over both kinds     -> BulkResult
//   GET    /api/admin/leads/all/:id/neighbours    previous/next in the combined list -> AllLeadNeighbours
//   GET    /api/admin/today                       needs a reply, follow-ups due      -> TodayQueue
//   GET    /api/admin/leads/:kind                 list (filters, keyset paging)   -> LeadPage
//   GET    /api/admin/leads/:kind/export.csv      the same filters, every row     -> text/csv
//   GET    /api/admin/leads/:kind/:id             one lead with its notes          -> LeadDetail
//   PATCH  /api/admin/leads/:kind/:id             { status?, read?, followUpAt?, followUpNote? } -> LeadDetail
//   DELETE /api/admin/leads/:kind/:id             erasure                          -> 204
//   POST   /api/admin/leads/:kind/:id/notes       { body }                         -> LeadNote (201)
//   GET    /api/admin/leads/:kind/counts          each view's count for the filters -> LeadCounts
//   POST   /api/admin/leads/:kind/bulk            { action, ids | filters }        -> BulkResult
//   GET    /api/admin/leads/:kind/:id/neighbours  previous/next in the list order  -> LeadNeighbours
//   GET    /api/admin/stats                       totals, unread, leads per week   -> AdminStats
//   POST   /api/admin/password                    { currentPassword, newPassword } -> 204

export const leadKinds = ["contacts", "inquiries"] as const;
export type LeadKind = (typeof leadKinds)[number];

export const leadKindParams = z.object({
  kind: z.enum(leadKinds, { error: `kind must be one of: ${leadKinds.join(", ")}` }),
});
export const leadParams = leadKindParams.extend({
  // Ids are stored in lower case; PostgreSQL's uuid compares any case, SQLite's text does not.
  id: z.uuid({ error: "id must be a lead id" }).toLowerCase(),
});

const isoDate = z.iso.date({ error: "must be a date (YYYY-MM-DD)" });
/** A text filter (clean text, `field` as it reads in a sentence); blank means not given. */
const filterText = (field: string, max: number) =>
  cleanText(field)
    .max(max, { error: fieldMessages.tooLong(field, max) })
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * Filters shared by the list and the export. `view` inbox hides spam; spam shows only spam. In the
 * combined list (kind "all") a product filter keeps contacts only and a serviceType filter inquiries only.
 */
export const leadFilters = z
  .object({
    view: z.enum(["inbox", "spam", "all"], { error: "view must be inbox, spam or all" }).default("inbox"),
    q: filterText("search", 200),
    status: z.enum(leadStatuses, { error: `status must be one of: ${leadStatuses.join(", ")}` }).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** contacts: a product name; inquiries: a service type */
    product: filterText("product filter", 100),
    serviceType: z.enum(serviceTypes, { error: `serviceType must be one of: ${serviceTypes.join(", ")}` }).optional(),
    /** The form the lead came from (formName). */
    form: filterText("form filter", 100),
    utmSource: filterText("source filter", 200),
    unread: z.enum(["true", "false"]).optional().transform((value) => (value === undefined ? undefined : value === "true")),
    /** due: a follow-up at or before the end of today in the owner's time zone (OWNER_TIMEZONE): today's and overdue ones. */
    followUp: z.enum(["due"], { error: "followUp must be due" }).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { error: "from must not be after to", path: ["to"] });
export type LeadFilters = z.output<typeof leadFilters>;
export type LeadFiltersInput = z.input<typeof leadFilters>;

/**
 * The list's order: received time (newest or oldest first), the lead's name (A to Z), or the reply
 * deadline: leads still waiting for a reply (status new) first, the earliest deadline (the most overdue)
 * first, then every other lead, newest first (deadlineKey below).
 */
export const leadSorts = ["newest", "oldest", "name", "deadline"] as const;
export type LeadSort = (typeof leadSorts)[number];
export const leadSortParam = z.object({
  sort: z.enum(leadSorts, { error: `sort must be one of: ${leadSorts.join(", ")}` }).default("newest"),
});

/**
 * Where the next page of a list starts: the order's key and the id of the last lead of the page before,
 * tagged with the order (a cursor of one order is refused by another). newest/oldest: the received time;
 * name: the lead's "first last" as the server lower-cases it for sorting.
 */
export type LeadCursor =
  | { sort: "newest" | "oldest"; createdAt: string; id: string }
  | { sort: "name"; name: string; id: string }
  | { sort: "deadline"; deadline: string; id: string };

/** The longest name key: two names of at most 100 characters and the space between them. */
const NAME_KEY_MAX = 201;

// base64url of UTF-8 text (names need more than ASCII); btoa/atob serve in Node and in browsers alike.
function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function fromBase64Url(value: string): string | undefined {
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** "newest|id|createdAt", "oldest|id|createdAt", "name|id|first last" or "deadline|id|key" (the key last: it may hold a "|"). */
export function encodeLeadCursor(cursor: LeadCursor): string {
  const key = cursor.sort === "name" ? cursor.name : cursor.sort === "deadline" ? cursor.deadline : cursor.createdAt;
  return toBase64Url(`${cursor.sort}|${cursor.id}|${key}`);
}

const cursorId = z.uuid().transform((id) => id.toLowerCase());
const cursorTime = z.iso.datetime({ offset: true }).transform((time) => new Date(time).toISOString());
// No control characters (PostgreSQL text cannot hold a NUL): any other text is a bound parameter.
const cursorName = z.string().min(1).max(NAME_KEY_MAX).regex(/^\P{Cc}+$/u);
/** A deadline order's key (deadlineKey below). */
const DEADLINE_KEY = /^(0\|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z|1\|\d{13})$/;
/** The format before the list had orders: "createdAt|id", the newest-first list's. */
const legacyCursor = z.tuple([cursorTime, cursorId]);

function readCursor(text: string): LeadCursor | undefined {
  const legacy = legacyCursor.safeParse(text.split("|"));
  if (legacy.success) return { sort: "newest", createdAt: legacy.data[0], id: legacy.data[1] };
  const first = text.indexOf("|");
  const second = text.indexOf("|", first + 1);
  if (first < 0 || second < 0) return undefined;
  const [sort, rawId, key] = [text.slice(0, first), text.slice(first + 1, second), text.slice(second + 1)];
  const id = cursorId.safeParse(rawId);
  if (!id.success) return undefined;
  if (sort === "name") {
    const name = cursorName.safeParse(key);
    return name.success ? { sort, name: name.data, id: id.data } : undefined;
  }
  if (sort === "deadline") return DEADLINE_KEY.test(key) ? { sort, deadline: key, id: id.data } : undefined;
  if (sort !== "newest" && sort !== "oldest") return undefined;
  const createdAt = cursorTime.safeParse(key);
  return createdAt.success ? { sort, createdAt: createdAt.data, id: id.data } : undefined;
}

/**
 * A cursor as the client sends it back, checked completely before it reaches a query: its order, a
 * UUID and a key of that order (an ISO time, or a name without control characters), nothing else (a
 * crafted value must be a 400, never a database error).
 */
export const leadCursor = z
  .string()
  .max(1200, { error: "cursor is not valid" })
  .regex(/^[A-Za-z0-9_-]+$/, { error: "cursor is not valid" })
  .transform((value, context): LeadCursor => {
    const text = fromBase64Url(value);
    const cursor = text === undefined ? undefined : readCursor(text);
    if (!cursor) {
      context.addIssue({ code: "custom", message: "cursor is not valid" });
      return z.NEVER;
    }
    return cursor;
  });

export const leadListQuery = leadFilters
  .and(leadSortParam)
  .and(
    z.object({
      cursor: leadCursor.optional(),
      limit: z.coerce
        .number({ error: "limit must be a number" })
        .int({ error: "limit must be a whole number" })
        .min(1, { error: "limit must be at least 1" })
        .max(100, { error: "limit must be at most 100" })
        .default(25),
    }),
  )
  .refine((query) => !query.cursor || query.cursor.sort === query.sort, { error: "cursor belongs to another order", path: ["cursor"] });
export type LeadListQuery = z.input<typeof leadListQuery>;

/** The longest follow-up note ("call back Tuesday"). */
export const FOLLOW_UP_NOTE_MAX = 200;

export const leadUpdate = z
  .object({
    status: z.enum(leadStatuses, { error: `status must be one of: ${leadStatuses.join(", ")}` }).optional(),
    read: z.boolean({ error: "read must be true or false" }).optional(),
    /** When to follow up (an ISO 8601 instant with its offset); null clears the follow-up (and its note). */
    followUpAt: z.iso
      .datetime({ offset: true, error: "followUpAt must be a date and time (ISO 8601 with an offset) or null" })
      .transform((time) => new Date(time).toISOString())
      .nullable()
      .optional(),
    /** A short note for the follow-up; blank or null clears it. */
    followUpNote: z
      .union([z.null(), cleanText("follow-up note").max(FOLLOW_UP_NOTE_MAX, { error: fieldMessages.tooLong("follow-up note", FOLLOW_UP_NOTE_MAX) })])
      .transform((note) => (note ? note : null))
      .optional(),
  })
  .strict()
  .refine((u) => u.status !== undefined || u.read !== undefined || u.followUpAt !== undefined || u.followUpNote !== undefined, {
    error: "send status, read, followUpAt or followUpNote",
    path: ["status"],
  })
  .refine((u) => !(u.followUpAt === null && u.followUpNote), { error: "a follow-up note needs a follow-up time", path: ["followUpNote"] });
export type LeadUpdate = z.input<typeof leadUpdate>;

export const noteInput = z.object({
  body: requiredText("note", 5000, { multiline: true }),
});
export type NoteInput = z.input<typeof noteInput>;

export const passwordChange = z.object({
  currentPassword: passwordText("current password").min(1, { error: fieldMessages.required("current password") }).max(1024),
  newPassword: passwordText("new password")
    .min(ADMIN_PASSWORD_MIN_LENGTH, { error: fieldMessages.tooShort("new password", ADMIN_PASSWORD_MIN_LENGTH) })
    .max(1024, { error: fieldMessages.tooLong("new password", 1024) }),
});
export type PasswordChange = z.input<typeof passwordChange>;

export type LeadNote = { id: string; body: string; createdAt: string };

type AdminFields = {
  readAt: string | null;
  /** createdAt + the form's reply promise (replyByOf): when the lead should have had a reply. */
  replyBy: string;
  followUpAt: string | null;
  followUpNote: string | null;
};
export type ContactLead = ContactSubmission & AdminFields;
export type InquiryLead = ServiceInquiry & AdminFields;
export type Lead = ContactLead | InquiryLead;

/**
 * `total` is exact, except for text searches and product filters with more than COUNT_CAP matches,
 * where counting every match would cost a scan: then it is COUNT_CAP and `totalCapped` is true ("1,000+").
 */
export type LeadPage<T extends Lead = Lead> = { items: T[]; total: number; totalCapped: boolean; nextCursor: string | null };
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
  | { id: string; type: "status"; at: string; from: LeadStatus; to: LeadStatus }
  | { id: string; type: "follow-up"; at: string; followUpAt: string | null; note: string | null };

export type KindStats = { total: number; unread: number; spam: number; perWeek: { weekStart: string; count: number }[] };
export type AdminStats = { contacts: KindStats; inquiries: KindStats };

export type { LeadStatus };

/** The reply promise behind a lead: 4 hours on the home services and law firm forms, 24 hours elsewhere (SPEC §9). */
export const FOUR_HOUR_FORMS = ["home-services-audit", "personal-injury-audit"] as const;
export function replyWindowHours(formName: string | null | undefined): number {
  return (FOUR_HOUR_FORMS as readonly string[]).includes(formName ?? "") ? 4 : 24;
}

const HOUR_MS = 3_600_000;

/** A lead's reply deadline: its arrival plus its form's promise (an instant; shown in the owner's time zone). */
export function replyByOf(createdAt: string, formName: string | null | undefined): string {
  return new Date(Date.parse(createdAt) + replyWindowHours(formName) * HOUR_MS).toISOString();
}

/**
 * Where a lead stands against its promise: "answered" once its status is not new (spam too: nobody
 * answers spam); "overdue" past the deadline; "due-soon" in the last quarter of its window (the last hour
 * of a 4-hour promise, the last 6 hours of a 24-hour one); else "waiting".
 */
export type ReplyState = "answered" | "overdue" | "due-soon" | "waiting";
export function replyStateOf(lead: { status: LeadStatus; createdAt: string; formName: string | null }, nowMs: number): ReplyState {
  if (lead.status !== "new") return "answered";
  const window = replyWindowHours(lead.formName) * HOUR_MS;
  const deadline = Date.parse(lead.createdAt) + window;
  if (nowMs > deadline) return "overdue";
  return deadline - nowMs <= window / 4 ? "due-soon" : "waiting";
}

/**
 * The deadline order's key, stored with each lead (kept in step with its status) so the order is an
 * index walk: "0|<replyBy ISO>" while the lead waits for a reply (status new), so the earliest deadline
 * comes first; "1|<13 digits>" once answered (or spam), the digits being 9999999999999 minus the
 * arrival's epoch milliseconds, so the newest comes first among them.
 */
export function deadlineKey(lead: { status: LeadStatus; createdAt: string; formName: string | null }): string {
  if (lead.status === "new") return `0|${replyByOf(lead.createdAt, lead.formName)}`;
  return `1|${String(9_999_999_999_999 - Date.parse(lead.createdAt)).padStart(13, "0")}`;
}

/** The dashboard's day (GET /api/admin/today), both kinds, spam left out. */
export type TodayQueue = {
  /** OWNER_TIMEZONE: "today" and the morning e-mail are days there. */
  ownerTimeZone: string;
  /** The server's clock when answered (the admin shows "overdue by" against it). */
  now: string;
  /** Leads with status new past or near their deadline (replyStateOf: overdue or due-soon), oldest first; at most TODAY_LIST_MAX. */
  needsReply: { items: LeadRow[]; total: number };
  /** Leads with a follow-up at or before the end of today in the owner's time zone, earliest first; at most TODAY_LIST_MAX. */
  followUps: { items: LeadRow[]; total: number };
};
export const TODAY_LIST_MAX = 50;

// ---------------------------------------------------------------------------------------------------
// Triage (issue 13): the views' counts, bulk actions and a lead's neighbours (the list's order,
// leadSorts, is defined with the list query above).

/**
 * The count of every view for the filters other than view, status and unread (q, dates, product,
 * serviceType, form, utmSource): what the inbox shows on its tabs and status filter. Exact, except with
 * a text search (q) that matches more than COUNT_CAP leads: then only COUNT_CAP + 1 of them are counted,
 * every number is "at least" and `capped` is true (shown as "1,000+", like the list's total).
 */
export type LeadCounts = {
  /** Every lead but spam (the inbox view). */
  inbox: number;
  /** Unread leads in the inbox view. */
  unread: number;
  spam: number;
  /** Inbox leads by status (spam is its own view). */
  byStatus: Record<Exclude<LeadStatus, "spam">, number>;
  /** True when a text search matched more than COUNT_CAP leads and the numbers are lower bounds. */
  capped: boolean;
};

/** The most leads one bulk action changes: a selection of more is refused (400), never cut silently. */
export const BULK_LIMIT = 1000;

const nonSpamStatuses = leadStatuses.filter((status): status is Exclude<LeadStatus, "spam"> => status !== "spam");
const leadId = z.uuid({ error: "ids must be lead ids" }).toLowerCase();

/** What a bulk action does. "restore" puts back what a previous action's answer listed (its Undo). */
export const bulkAction = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("markRead") }),
    z.object({ action: z.literal("markUnread") }),
    z.object({
      action: z.literal("setStatus"),
      status: z.enum(nonSpamStatuses as [Exclude<LeadStatus, "spam">, ...Exclude<LeadStatus, "spam">[]], {
        error: `status must be one of: ${nonSpamStatuses.join(", ")} (spam is its own action)`,
      }),
    }),
    z.object({ action: z.literal("spam") }),
    z.object({ action: z.literal("delete") }),
    z.object({
      action: z.literal("restore"),
      items: z
        .array(z.object({ id: leadId, status: z.enum(leadStatuses), read: z.boolean() }).strict())
        .min(1, { error: "items must not be empty" })
        .max(BULK_LIMIT, { error: `at most ${BULK_LIMIT} items` }),
    }),
  ],
  { error: "action must be one of: markRead, markUnread, setStatus, spam, delete, restore" },
);

/**
 * A bulk request (the API helper writes its schema, `bulkRequest`, here): the action's fields and which
 * leads: `ids` (a selection, at most BULK_LIMIT) or `filters` (every lead the list's filters match,
 * "select all matching"; refused with 400 when more than BULK_LIMIT match). restore names its leads in
 * `items` and takes neither.
 */
export type BulkActionInput = z.input<typeof bulkAction>;
export type BulkRequest = BulkActionInput & { ids?: string[]; filters?: LeadFiltersInput };

export const bulkRequest = bulkAction
  .and(
    z.object({
      ids: z
        .array(leadId, { error: "ids must be a list of lead ids" })
        .min(1, { error: "ids must not be empty" })
        .max(BULK_LIMIT, { error: `at most ${BULK_LIMIT} leads at once: select fewer` })
        .transform((ids) => [...new Set(ids)])
        .optional(),
      filters: leadFilters.optional(),
    }),
  )
  .superRefine((request, context) => {
    const given = (request.ids ? 1 : 0) + (request.filters ? 1 : 0);
    if (request.action === "restore") {
      if (given > 0) context.addIssue({ code: "custom", message: "restore names its leads in items, not in ids or filters", path: [request.ids ? "ids" : "filters"] });
    } else if (given !== 1) {
      context.addIssue({ code: "custom", message: given === 0 ? "send the leads' ids or the filters" : "send either ids or filters, not both", path: ["ids"] });
    }
  });
export type BulkRequestData = z.output<typeof bulkRequest>;

/** The answer: how many leads changed, and what they were before (for Undo; empty after delete). */
export type BulkResult = { affected: number; previous: { id: string; status: LeadStatus; read: boolean }[] };

/** A lead's neighbours in the list's order under the same filters and sort (the detail's Previous/Next). */
export type LeadNeighbours = { previous: string | null; next: string | null };
/** The neighbours' query: the list's filters and order. */
export const leadNeighboursQuery = leadFilters.and(leadSortParam);
/** A lead's neighbours in the combined list (GET /api/admin/leads/all/:id/neighbours). */
export type AllLeadNeighbours = { previous: LeadRef | null; next: LeadRef | null };
/** /api/admin/leads/all/:id/... */
export const anyLeadParams = z.object({ id: z.uuid({ error: "id must be a lead id" }).toLowerCase() });
