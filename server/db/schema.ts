import type { ColumnType, Generated } from "kysely";
import type { LeadSource } from "../../contract/fields.ts";

// Row types as the repositories see them. Column names are snake_case in the database and camelCase
// here (Kysely's CamelCasePlugin). Timestamps travel as ISO 8601 UTC strings on both dialects: the
// connection factory makes PostgreSQL return them that way.

type CreatedAt = ColumnType<string, string | undefined, never>;

/**
 * The columns both lead tables have, declared once: identity, contact, the lead's source (contract
 * LeadSource), triage state and the derived columns. Each table adds its kind's own fields.
 */
export type SharedLeadColumns = LeadSource & {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string | null;
  status: Generated<string>;
  spamReason: string | null;
  readAt: string | null;
  /** Lowercased name, e-mail, phone, company (and message): what the inbox search matches. The database
   * indexes it in contact_submissions_search / service_inquiries_search (server/db/dialect.ts). */
  searchText: string | null;
  /** The CSV cells of the lead's own unchanging columns in the export's order (repositories/leads/export-cells.ts);
   * null only for a lead stored before migration 0028, until the start-up step writes it. */
  exportCells: string | null;
  /** Decision 009's whole CSV line: read and written by nothing since migration 0028, kept until a later
   * migration drops it (an older instance still writes it during a rolling restart). */
  csvLine: string | null;
  /** The reply-deadline order's key (contract deadlineKey), kept in step with the status by the lead
   * repository; null only for a lead an instance older than migration 0014 stored since it ran, until the
   * deadline order or the day's queue keys it (repositories/leads/deadline-keys.ts). */
  deadlineKey: string | null;
  /** A follow-up the owner set, and its short note (cleared with it). */
  followUpAt: string | null;
  followUpNote: string | null;
  /** The user the lead is assigned to; null: unassigned (set null when the user is deleted). */
  assigneeId: string | null;
  createdAt: CreatedAt;
  /** Derived (issue 24): the channel (contract/lead-channels.ts), the person keys and the person (leads/person-keys.ts); null only on rows from before migration 0017 until the repository writes them. */
  channel: string | null;
  emailKey: string | null;
  phoneKey: string | null;
  personId: string | null;
  /** When the same person's previous lead arrived; null: their first (or not yet written). */
  previousLeadAt: string | null;
  /** When the lead was first answered (a reply sent, a call that reached them, or its status first left "new" for one other than spam): speed to lead. */
  answeredAt: string | null;
  /** Who gave that first answer; null: not answered, or answered before issue 33 / by the system. */
  answeredBy: string | null;
  /** The reply deadline under the business hours (contract/business-hours.ts); null only on rows from before migration 0020 until the start-up backfill writes it. */
  replyBy: string | null;
  /** When the lead last wrote back after our last message; null: not waiting on us for an answer to their mail. */
  repliedAt: string | null;
  /** The token of the lead's reply address (replies+<token>@…), made with the first e-mail sent to them. */
  replyToken: string | null;
  /** What a won lead is worth, in whole cents of the business currency (issue 38); null: not won or not given. */
  wonValueCents: number | null;
};

export type ContactSubmissionsTable = SharedLeadColumns & {
  /** JSON array of strings, kept as text so both dialects store it alike. */
  products: string;
  meetingDate: string | null;
  meetingTime: string | null;
  timezone: string | null;
};

export type ServiceInquiriesTable = SharedLeadColumns & {
  serviceType: string;
  budget: string | null;
  message: string;
};

export type LeadNotesTable = {
  id: string;
  leadKind: string;
  leadId: string;
  body: string;
  /** The user who wrote it (no foreign key: kept after the user is deleted); null before issue 23. */
  authorId: string | null;
  createdAt: CreatedAt;
};

/** What happened to a lead besides its arrival, deliveries and notes: its timeline (contract LeadEvent). */
export type LeadEventsTable = {
  id: string;
  leadKind: string;
  leadId: string;
  /** "status" (fromStatus -> toStatus), "follow-up" (followUpAt and note as set; null: cleared), "assignment" (assigneeId) or "call" (outcome, note). */
  type: string;
  fromStatus: string | null;
  toStatus: string | null;
  followUpAt: string | null;
  note: string | null;
  /** The user who made the change; null before issue 23 or when no user did (the system). */
  actorId: string | null;
  /** An "assignment" event's new assignee; null: unassigned. */
  assigneeId: string | null;
  /** A "call" event's outcome: "reached" | "voicemail" | "no-answer" (contract/lead-calls.ts). */
  outcome: string | null;
  /** A "status" event to won or a "value" event: the value set, in cents (issue 38); null: none. */
  valueCents: number | null;
  createdAt: string;
};

export type UsersTable = {
  id: string;
  username: string;
  passwordHash: string;
  /** "owner" | "member" (contract/team.ts userRoles). */
  role: Generated<string>;
  /** How the team sees the user ("Ana Ruiz"); null: the e-mail address stands in. */
  name: string | null;
  /** Set: the user cannot sign in and has no session. */
  deactivatedAt: string | null;
  /** The TOTP secret, encrypted (repositories/users/); null: no authenticator app. */
  totpSecret: string | null;
  totpEnabledAt: string | null;
  lastSignInAt: string | null;
  createdAt: CreatedAt;
  updatedAt: string;
  /** Quiet hours (migration 0024, contract/quiet-hours.ts): null start, never set; the flag is 0/1. */
  quietHoursEnabled: number | null;
  quietHoursStart: number | null;
  quietHoursEnd: number | null;
  quietHoursTimeZone: string | null;
};

export type SessionsTable = {
  /** SHA-256 of the cookie token: the token itself is never stored. */
  tokenHash: string;
  /** The session's public id (sessions list, DELETE /api/admin/sessions/:id): the token hash never leaves the server. */
  id: string;
  userId: string;
  /** The browser's User-Agent (shortened): the "device" of the sessions list. */
  userAgent: string | null;
  /** 1 when the sign-in passed a second factor. */
  secondFactor: Generated<number>;
  createdAt: CreatedAt;
  lastSeenAt: string;
  /** Idle expiry, pushed forward as the session is used, never past absoluteExpiresAt. */
  expiresAt: string;
  absoluteExpiresAt: string;
  /** When the user last proved who they are in this session (sign-in or re-confirmation; migration 0018). */
  provenAt: string | null;
};

export type RateLimitsTable = {
  /** What is counted and for whom, e.g. "POST /api/contact|203.0.113.7" (plugins/external/rate-limit.ts). */
  key: string;
  count: number;
  /** End of the counter's fixed window; a hit after it starts a new window. */
  resetAt: string;
};

export type KnownDevicesTable = {
  /** SHA-256 of the device cookie's token: the token itself is never stored. */
  tokenHash: string;
  userId: string;
  createdAt: CreatedAt;
  expiresAt: string;
};

export type LeadIdempotencyKeysTable = {
  leadKind: string;
  idempotencyKey: string;
  /** SHA-256 of the lead's fields as first sent (repositories/leads/idempotency.ts). */
  fingerprint: string;
  leadId: string;
  /** The lead's createdAt: what a replay answers. */
  createdAt: string;
};

export type ServerSecretsTable = {
  name: string;
  value: string;
  createdAt: CreatedAt;
};

export type LeadDeliveriesTable = {
  id: string;
  leadKind: string;
  leadId: string;
  channel: string;
  /** The addresses (comma-separated) or the webhook URL, as they were when the delivery was written. */
  recipient: string;
  state: string;
  attempts: Generated<number>;
  nextAttemptAt: string | null;
  leaseUntil: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** A push delivery's device (push_subscriptions.id, migration 0022); null for the other channels. */
  pushSubscriptionId: string | null;
};

/** The account mails' outbox (migration 0019, server/delivery/account-mail.ts). */
export type AccountMailsTable = {
  id: string;
  /** "mail" (as queued) or "password-reset" (a request, composed by the worker when the account exists). */
  kind: Generated<string>;
  recipient: string;
  subject: string;
  /** null once sent or given up: the body carries a single-use link. */
  textBody: string | null;
  htmlBody: string | null;
  verificationId: string | null;
  state: string;
  attempts: Generated<number>;
  nextAttemptAt: string | null;
  leaseUntil: string | null;
  expiresAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
};

export type UsedFormTokensTable = {
  /** SHA-256 of a form token that has carried a lead (lib/form-tokens.ts). */
  tokenHash: string;
  /** When the token would expire anyway: the row is swept after it. */
  expiresAt: string;
};

export type AutoReplyRecipientsTable = {
  /** The lead's e-mail address, lowercased. */
  address: string;
  /** When the last auto-reply to it was written to the outbox. */
  lastSentAt: string;
};

export type CspViolationsTable = {
  /** UTC date, YYYY-MM-DD. */
  day: string;
  pagePath: string;
  directive: string;
  /** The blocked resource's origin, or a keyword such as "inline" or "eval". */
  blocked: string;
  count: number;
  lastSeenAt: string;
};

export type NotifyAddressesTable = {
  /** Lowercased. */
  address: string;
  /** SHA-256 of the confirmation link's token (the token itself is only in the e-mail); kept after use. */
  tokenHash: string;
  tokenExpiresAt: string;
  addedAt: string;
  confirmedAt: string | null;
};

export type NotificationSettingsTable = {
  /** Always "owner": one row. */
  id: string;
  /** 1 on, 0 off, null: AUTO_REPLY decides. */
  autoReply: number | null;
  morningEmailEnabled: number;
  /** 0-23, in OWNER_TIMEZONE. */
  morningEmailHour: number;
  updatedAt: string;
};

export type MorningEmailsTable = {
  /** YYYY-MM-DD in OWNER_TIMEZONE. */
  day: string;
  /** When an instance took the day (a claim older than the lease, unsent, may be taken again). */
  claimedAt: string;
  sentAt: string | null;
};

/** Every single-use code, stored as the SHA-256 of its token (repositories/users/verifications.ts). */
export type VerificationsTable = {
  id: string;
  /** "invitation" | "password-reset" | "recovery-code" | "passkey-challenge" | "second-factor" */
  type: string;
  tokenHash: string;
  userId: string | null;
  /** An invitation's address and role. */
  email: string | null;
  role: string | null;
  /** Per type, JSON (a challenge's purpose, a sign-in step's state). */
  data: string | null;
  createdBy: string | null;
  createdAt: string;
  /** null: does not expire (recovery codes). */
  expiresAt: string | null;
  usedAt: string | null;
  revokedAt: string | null;
};

export type PasskeysTable = {
  /** The credential id, base64url. */
  id: string;
  userId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  /** JSON array of AuthenticatorTransport, or null. */
  transports: string | null;
  deviceType: string | null;
  backedUp: Generated<number>;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};

/** A browser's web-push subscription (migration 0021): one row per device, the endpoint unique. */
export type PushSubscriptionsTable = {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  deviceName: string;
  createdAt: string;
  updatedAt: string;
};

export type TeamSettingsTable = {
  /** Always "team": one row. */
  id: string;
  /** 1: every user must have a second factor (set up at the next sign-in). */
  requireSecondFactor: number;
  updatedAt: string;
};

/** Who did what and when (repositories/activity/; contract/activity.ts). */
export type ActivityTable = {
  id: string;
  createdAt: string;
  /** The user who acted; null: nobody signed in (a failed sign-in of an unknown address) or the system. */
  actorId: string | null;
  /** The actor's name or address at the time: the record outlives the user. */
  actorName: string | null;
  kind: string;
  summary: string;
  leadKind: string | null;
  leadId: string | null;
  subjectUserId: string | null;
  data: string | null;
};

export type Database = {
  contactSubmissions: ContactSubmissionsTable;
  serviceInquiries: ServiceInquiriesTable;
  leadNotes: LeadNotesTable;
  leadEvents: LeadEventsTable;
  users: UsersTable;
  sessions: SessionsTable;
  rateLimits: RateLimitsTable;
  knownDevices: KnownDevicesTable;
  leadIdempotencyKeys: LeadIdempotencyKeysTable;
  serverSecrets: ServerSecretsTable;
  leadDeliveries: LeadDeliveriesTable;
  usedFormTokens: UsedFormTokensTable;
  autoReplyRecipients: AutoReplyRecipientsTable;
  cspViolations: CspViolationsTable;
  notifyAddresses: NotifyAddressesTable;
  notificationSettings: NotificationSettingsTable;
  morningEmails: MorningEmailsTable;
  verifications: VerificationsTable;
  accountMails: AccountMailsTable;
  passkeys: PasskeysTable;
  pushSubscriptions: PushSubscriptionsTable;
  teamSettings: TeamSettingsTable;
  activity: ActivityTable;
  pageViews: PageViewsTable;
  businessHours: BusinessHoursTable;
  chatChannel: ChatChannelTable;
  leadMessages: LeadMessagesTable;
  replyTemplates: ReplyTemplatesTable;
  mailboxState: MailboxStateTable;
  media: MediaTable;
  mediaVariants: MediaVariantsTable;
  contentPosts: ContentPostsTable;
  contentRevisions: ContentRevisionsTable;
  contentDocuments: ContentDocumentsTable;
  contentRedirects: ContentRedirectsTable;
  contentState: ContentStateTable;
  spend: SpendTable;
  savedViews: SavedViewsTable;
};

/** A month's spend per channel or campaign (migration 0027; owner: repositories/spend-repository.ts). */
export type SpendTable = {
  /** YYYY-MM */
  month: string;
  channel: string;
  /** '' : the channel as a whole. */
  campaign: string;
  amountCents: number;
  updatedAt: string;
  updatedBy: string | null;
};

/** A user's saved lead list (migration 0027; owner: repositories/saved-views-repository.ts). */
export type SavedViewsTable = {
  id: string;
  userId: string;
  name: string;
  list: string;
  query: string;
  createdAt: string;
};

/** An uploaded image (migration 0026; owner: server/media/): its alt text and the size of its largest variant. */
export type MediaTable = {
  id: string;
  originalName: string;
  alt: string;
  width: number;
  height: number;
  createdAt: string;
  createdBy: string | null;
};

/** One re-encoded file of an image: its bytes, served at /media/<id>/<width>.<format>. */
export type MediaVariantsTable = {
  mediaId: string;
  /** "avif" | "webp" (contract/media.ts). */
  format: string;
  width: number;
  bytes: Buffer;
  size: number;
};

/** One row ("business"); none: the spec's default hours (migration 0020, contract/business-hours.ts). */
export type BusinessHoursTable = {
  id: string;
  timeZone: string;
  /** JSON [{ day: 1..7, open: "HH:MM", close: "HH:MM" }]. */
  week: string;
  /** JSON ["YYYY-MM-DD"]. */
  closedDates: string;
  updatedAt: string;
  updatedBy: string | null;
};

/** The chat channel's incoming webhook (migration 0023): one row ("chat"), or none until first set. */
export type ChatChannelTable = {
  id: string;
  /** "slack" | "teams" | "google-chat"; null (with url): off. */
  service: string | null;
  /** The incoming webhook's address: a secret, never answered whole. */
  url: string | null;
  updatedAt: string;
  updatedBy: string | null;
};

/** E-mails to and from a lead (migration 0020): "out" is an outbox, "in" what IMAP brought. */
export type LeadMessagesTable = {
  id: string;
  leadKind: string;
  leadId: string;
  direction: string;
  /** With angle brackets; unique. */
  messageId: string;
  inReplyTo: string | null;
  referencesHeader: string | null;
  fromAddress: string;
  fromName: string | null;
  toAddress: string;
  subject: string;
  /** The new text; quoted history and signature in `quoted` (folded in the timeline). */
  body: string;
  quoted: string | null;
  sentBy: string | null;
  /** out: queued, sending, sent, failed; in: received. */
  state: string;
  attempts: Generated<number>;
  nextAttemptAt: string | null;
  leaseUntil: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
};

export type ReplyTemplatesTable = {
  id: string;
  name: string;
  subject: string;
  body: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
};

/** The IMAP poller's place and lease, one row per mailbox (server/delivery/inbound/). */
export type MailboxStateTable = {
  id: string;
  uidValidity: string | null;
  lastUid: Generated<number>;
  leaseHolder: string | null;
  leaseUntil: string | null;
  lastPolledAt: string | null;
  lastError: string | null;
};

/** Views and entrances per path per day of the owner's time zone (issue 24; server/reports/ owns it). */
export type PageViewsTable = {
  day: string;
  path: string;
  views: number;
  entrances: number;
};

/** An article (migration 0025; server/content/ owns every content table). JSON columns hold contract PostFields. */
export type ContentPostsTable = {
  id: string;
  /** The draft's slug; unique among posts not deleted. */
  slug: string;
  /** "draft" | "scheduled" | "published" (contract PostStatus). */
  status: string;
  draft: string;
  /** The live version; null while not live. */
  published: string | null;
  /** Where it was last live (kept after an unpublish): redirects and 410s start from it. */
  publishedSlug: string | null;
  revision: number;
  publishedRevision: number | null;
  publishedAt: string | null;
  scheduledAt: string | null;
  wasPublished: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
  deletedAt: string | null;
};

export type ContentRevisionsTable = {
  /** "post" | "site". */
  entityKind: string;
  entityId: string;
  revision: number;
  data: string;
  /** create, save, restore, seed. */
  action: string;
  userId: string | null;
  createdAt: string;
};

/** A document edited as one draft ("site": contract SiteSettings; "page:<key>": a page's copy changes, PageCopyOverrides). */
export type ContentDocumentsTable = {
  key: string;
  draft: string;
  published: string | null;
  revision: number;
  publishedRevision: number | null;
  updatedAt: string;
  updatedBy: string | null;
};

/** Old address -> new (301); toPath null: gone (410). */
export type ContentRedirectsTable = {
  fromPath: string;
  toPath: string | null;
  postId: string;
  createdAt: string;
};

/** One row ("content"): the live content's version, the seed's time, the team's publishing switch. */
export type ContentStateTable = {
  id: string;
  version: number;
  seededAt: string | null;
  membersCanPublish: number;
};
