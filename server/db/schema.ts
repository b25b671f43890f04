import type { ColumnType, Generated } from "kysely";

// Row types as the repositories see them. Column names are snake_case in the database and camelCase
// here (Kysely's CamelCasePlugin). Timestamps travel as ISO 8601 UTC strings on both dialects: the
// connection factory makes PostgreSQL return them that way.

type CreatedAt = ColumnType<string, string | undefined, never>;

type LeadSourceColumns = {
  pagePath: string | null;
  formName: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  referrer: string | null;
};

export type ContactSubmissionsTable = LeadSourceColumns & {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string | null;
  /** JSON array of strings, kept as text so both dialects store it alike. */
  products: string;
  meetingDate: string | null;
  meetingTime: string | null;
  timezone: string | null;
  status: Generated<string>;
  spamReason: string | null;
  readAt: string | null;
  /** Lowercased name, e-mail, phone, company (and message): what the inbox search matches. */
  searchText: string | null;
  /** The lead's line in the CSV export, kept in step with it (repositories/lead-csv.ts). */
  csvLine: string;
  createdAt: CreatedAt;
};

export type ServiceInquiriesTable = LeadSourceColumns & {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  phone: string;
  serviceType: string;
  budget: string | null;
  message: string;
  status: Generated<string>;
  spamReason: string | null;
  readAt: string | null;
  /** Lowercased name, e-mail, phone, company (and message): what the inbox search matches. */
  searchText: string | null;
  /** The lead's line in the CSV export, kept in step with it (repositories/lead-csv.ts). */
  csvLine: string;
  createdAt: CreatedAt;
};

export type LeadNotesTable = {
  id: string;
  leadKind: string;
  leadId: string;
  body: string;
  createdAt: CreatedAt;
};

export type UsersTable = {
  id: string;
  username: string;
  passwordHash: string;
  createdAt: CreatedAt;
  updatedAt: string;
};

export type SessionsTable = {
  /** SHA-256 of the cookie token: the token itself is never stored. */
  tokenHash: string;
  userId: string;
  createdAt: CreatedAt;
  lastSeenAt: string;
  /** Idle expiry, pushed forward as the session is used, never past absoluteExpiresAt. */
  expiresAt: string;
  absoluteExpiresAt: string;
};

export type Database = {
  contactSubmissions: ContactSubmissionsTable;
  serviceInquiries: ServiceInquiriesTable;
  leadNotes: LeadNotesTable;
  users: UsersTable;
  sessions: SessionsTable;
};
