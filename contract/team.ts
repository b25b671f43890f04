import { z } from "zod";
import { adminEmail, adminPassword } from "./admin.ts";
import { fieldMessages } from "./field-messages.ts";
import { cleanText } from "./fields.ts";
import { userRole, type UserRole } from "./user-roles.ts";

// A team works the leads (issue 23): users and their roles, invitations, sessions. The rules' owner on the
// server is server/repositories/users/ (the last-owner rule, single-use links) and plugins/app/admin-sessions.ts
// (who may call what).

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a password-reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

const personName = cleanText("name").max(100, { error: fieldMessages.tooLong("name", 100) });

/** A user as the team sees them (GET /api/admin/users: every signed-in user, for assignment and filters). */
export type TeamUser = {
  id: string;
  email: string;
  /** null: the e-mail address stands in (displayName). */
  name: string | null;
  role: UserRole;
  active: boolean;
  /** Which second factors the user has set up. */
  secondFactor: { totp: boolean; passkeys: number };
  lastSignInAt: string | null;
  createdAt: string;
};

/** The name the admin shows for a user: their name, else their e-mail address. */
export function displayName(user: { name: string | null; email: string }): string {
  return user.name?.trim() || user.email;
}

/** GET /api/admin/users */
export type TeamUsersAnswer = { users: TeamUser[] };

/**
 * A single-use link's token (an invitation, a password reset). It travels in the link's fragment
 * (/admin/invitation#<token>), which no server, log, Referer or metrics label sees, and the page sends it
 * in a POST body (issue 32, finding 1). A token that is not well formed is simply not found: "unknown".
 */
export const linkToken = z
  .string({ error: "Open the whole link from the e-mail." })
  .max(200, { error: "Open the whole link from the e-mail." });

/** POST /api/admin/invitations/lookup and POST /api/admin/password-reset/lookup (public). */
export const linkLookup = z.object({ token: linkToken }).strict();

/** The part of a link page's POST that is read first: an unknown, used or expired link is refused before anything else. */
export const linkTokenOf = z.object({ token: linkToken });

export const invitationStates = ["pending", "accepted", "revoked", "expired"] as const;
export type InvitationState = (typeof invitationStates)[number];

/** An invitation as an owner sees it (GET /api/admin/invitations). */
export type TeamInvitation = {
  id: string;
  email: string;
  role: UserRole;
  state: InvitationState;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  /** Whether the e-mail with the link was written to the outbox (mail configured). */
  emailed: boolean;
  /**
   * Where that e-mail is: "queued" (in the outbox, or being retried), "sent" (the mail server took it),
   * "failed" (given up: copy a new link with "Send again"); null when it was not e-mailed.
   */
  mail: InvitationMailState | null;
  /** The link itself: only in the answer that created it (POST invitations, POST users, resend), never stored. */
  link?: string;
};

export type InvitationMailState = "queued" | "sent" | "failed";

/** GET /api/admin/invitations (owner) */
export type TeamInvitationsAnswer = { invitations: TeamInvitation[] };

/** POST /api/admin/invitations and POST /api/admin/users (owner): invites by e-mail and role. */
export const invitationInput = z
  .object({
    email: adminEmail,
    role: userRole,
    name: personName.optional(),
  })
  .strict();
export type InvitationInput = z.input<typeof invitationInput>;

/** POST /api/admin/invitations/lookup {token} (public): what the invitation page shows. */
export type InvitationLookup =
  | { state: "pending"; email: string; role: UserRole; name: string | null; expiresAt: string }
  | { state: "accepted" | "revoked" | "expired" | "unknown" };

/**
 * POST /api/admin/invitations/accept (public): the invitee chooses a password and is signed in. Asynchronous
 * (the password's strength check, contract/admin.ts): parse with safeParseAsync.
 */
export const invitationAccept = z
  .object({
    token: linkToken,
    name: personName.optional(),
    password: adminPassword,
  })
  .strict();
export type InvitationAccept = z.input<typeof invitationAccept>;

/** PATCH /api/admin/users/:id (owner): any of role, name, active. */
export const userPatch = z
  .object({
    role: userRole.optional(),
    name: personName.nullable().optional(),
    active: z.boolean({ error: "active must be true or false" }).optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { error: "Nothing to change: send role, name or active." });
export type UserPatch = z.input<typeof userPatch>;

/** PUT /api/admin/account/name (any signed-in user): the name the team, the activity and every e-mail show for them (issue 33). */
export const ownNameInput = z.object({ name: personName.min(1, { error: "Enter your name." }) }).strict();
export type OwnNameInput = z.input<typeof ownNameInput>;

/** The answer when a change would leave no active owner (409). */
export const LAST_OWNER_MESSAGE = "There must always be at least one active owner.";

/** POST /api/admin/password-reset (public): asks for a reset link. The answer is the same whether the address has an account. */
export const passwordResetRequest = z.object({ email: adminEmail }).strict();
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  "If that address has an account, a link to set a new password is on its way. It works for one hour.";

/**
 * POST /api/admin/password-reset/complete (public): the new password; every session of the user ends, and
 * with removePasskeys every passkey of the account goes too (a passkey keeps signing in after a reset).
 * Asynchronous (the password's strength check): parse with safeParseAsync.
 */
export const passwordResetComplete = z
  .object({
    token: linkToken,
    password: adminPassword,
    removePasskeys: z.boolean({ error: "removePasskeys must be true or false" }).optional(),
  })
  .strict();
export type PasswordResetComplete = z.input<typeof passwordResetComplete>;

/** POST /api/admin/password-reset/lookup {token} (public). `hasPasskeys` only for a link that works. */
export type PasswordResetLookup =
  { state: "pending"; hasPasskeys: boolean } | { state: "used" | "expired" | "unknown" };

/** A session of the signed-in user (GET /api/admin/sessions). */
export type AdminSessionView = {
  id: string;
  /** From the browser's User-Agent, e.g. "Chrome on macOS". */
  device: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};
export type AdminSessionsAnswer = { sessions: AdminSessionView[] };
