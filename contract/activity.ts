import { z } from "zod";
import type { LeadKind } from "./admin-leads.ts";

// Who did what and when (issue 23). The server's owner is server/repositories/activity/; the Activity page
// (owners) filters by user and kind; a lead's page shows the records about that lead.

export const activityKinds = [
  "sign-in",
  "sign-in-failed",
  "user",
  "invitation",
  "session",
  "settings",
  "status",
  "assignment",
  "spam",
  "note",
  "follow-up",
  "reply",
  "call",
  "export",
  "delete",
  "content",
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** What each kind is called on the Activity page's filter. */
export const activityKindLabels: Record<ActivityKind, string> = {
  "sign-in": "Sign-ins",
  "sign-in-failed": "Failed sign-ins",
  user: "Users and roles",
  invitation: "Invitations",
  session: "Sessions",
  settings: "Settings",
  status: "Status changes",
  assignment: "Assignments",
  spam: "Spam",
  note: "Notes",
  "follow-up": "Follow-ups",
  reply: "Replies sent",
  call: "Calls",
  export: "Exports",
  delete: "Deletions",
  content: "Content",
};

/** One record. */
export type ActivityItem = {
  id: string;
  at: string;
  /** null: nobody signed in (a failed sign-in of an unknown address) or the system. */
  actor: { id: string | null; name: string } | null;
  kind: ActivityKind;
  summary: string;
  lead: { kind: LeadKind; id: string } | null;
  subjectUserId: string | null;
};

export const ACTIVITY_PAGE_SIZE = 50;

/** GET /api/admin/activity (owner): newest first, a page at a time. */
export const activityQuery = z
  .object({
    user: z.uuid({ error: "user must be a user id" }).optional(),
    kind: z.enum(activityKinds, { error: `kind must be one of: ${activityKinds.join(", ")}` }).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .strict();

export type ActivityPage = { items: ActivityItem[]; nextCursor: string | null };
