import { z } from "zod";
import type { UserRef } from "./admin-leads.ts";

// The site's editable content (issue 37): articles, the site's settings and (later) page copy live in the
// database, are edited as drafts in the admin and published without a rebuild. These schemas are the one
// definition of what may be saved; the server (server/content/) validates every save with them and the admin's
// forms use them for their field errors.
//
//   GET  /api/admin/content/posts                         -> { posts: PostSummary[] }
//   POST /api/admin/content/posts                  PostInput -> Post (a draft, 201)
//   GET  /api/admin/content/posts/:id                      -> Post (the draft, with status and revision)
//   PUT  /api/admin/content/posts/:id   If-Match: <rev> PostInput -> Post  (409 with both sides on a stale rev)
//   DELETE /api/admin/content/posts/:id                    -> 204 (a live post's address then answers 410)
//   POST /api/admin/content/posts/:id/publish      { at? }  -> Post (now, or scheduled for `at`)
//   POST /api/admin/content/posts/:id/unpublish            -> Post
//   GET  /api/admin/content/posts/:id/revisions            -> { revisions: RevisionSummary[] }
//   GET  /api/admin/content/posts/:id/revisions/:revision  -> PostFields (that revision as saved: Compare)
//   POST /api/admin/content/posts/:id/revisions/:revision/restore -> Post (the old revision as the new draft)
//   GET, PUT /api/admin/content/site                       -> SiteSettingsDocument (the draft; PUT with If-Match)
//   POST /api/admin/content/site/publish                   -> SiteSettingsDocument
//   GET, PUT /api/admin/content/settings  { membersCanPublish } (PUT: owners) -> ContentSettings
//
// PUT without If-Match answers 428; a stale one 409 ContentConflict. Members edit drafts and restore; owners
// (and members, when membersCanPublish is on) publish, schedule and unpublish; only owners delete.

/** A post's address: /blog/<slug>. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const contentSlug = z
  .string({ error: "slug is required" })
  .min(3, { error: "slug must be 3 to 80 characters" })
  .max(80, { error: "slug must be 3 to 80 characters" })
  .regex(SLUG_PATTERN, { error: "slug must be lowercase words joined by hyphens, such as local-seo-checklist" });

/** Addresses a link or an image in content may use: our own paths, https, http, mailto and tel. Never javascript: or data:. */
export function isSafeContentUrl(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return !/[\s\\]/.test(trimmed);
  if (trimmed.startsWith("#")) return true;
  return /^(https?:\/\/[^\s/]+|mailto:|tel:)/i.test(trimmed);
}

const trimmed = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(min, { error: min <= 1 ? `${field} is required` : `${field} must be ${min} to ${max} characters` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** An image a page shows: our own media (/media/...) or an https address, always with its alt text. */
export const contentImageUrl = z
  .string({ error: "image must be an address" })
  .trim()
  .max(2048, { error: "image address is too long" })
  .refine((value) => value.startsWith("/media/") || value.startsWith("https://"), {
    error: "image must be an uploaded image (/media/…) or an https:// address",
  });

export const POST_BODY_MAX = 100_000;

export const postInput = z
  .object({
    slug: contentSlug,
    title: trimmed("title", 10, 90),
    description: trimmed("description", 50, 220),
    body: z
      .string({ error: "body is required" })
      .min(1, { error: "body is required" })
      .max(POST_BODY_MAX, { error: `body must be at most ${POST_BODY_MAX.toLocaleString("en-US")} characters` }),
    author: trimmed("author", 2, 80),
    category: trimmed("category", 2, 40),
    tags: z
      .array(trimmed("tag", 1, 30), { error: "tags must be a list" })
      .max(8, { error: "at most 8 tags" })
      .default([]),
    image: contentImageUrl.nullable().default(null),
    imageAlt: z.string().trim().max(140, { error: "image text must be at most 140 characters" }).default(""),
    /** Up to two articles shown under this one; empty: the newest of the same category, then the newest. */
    related: z
      .array(contentSlug, { error: "related must be a list of slugs" })
      .max(2, { error: "at most 2 related articles" })
      .default([]),
    /** A guide's closing call to action (the two buttons' labels); null for other articles. */
    callToAction: z
      .object({ audit: trimmed("audit button", 10, 60), consultation: trimmed("consultation button", 10, 60) })
      .strict()
      .nullable()
      .default(null),
  })
  .strict()
  .refine((post) => post.image === null || post.imageAlt.length >= 5, {
    error: "Describe the image for readers who cannot see it (at least 5 characters).",
    path: ["imageAlt"],
  });
export type PostInput = z.input<typeof postInput>;
export type PostFields = z.output<typeof postInput>;

/** A post's own fields, without where it stands (id, status, revision, dates): what a save sends back. */
export function postFieldsOf(post: PostFields): PostFields {
  return Object.fromEntries(
    Object.keys(postInput.shape).map((key) => [key, post[key as keyof PostFields]]),
  ) as PostFields;
}

export const postStatuses = ["draft", "scheduled", "published"] as const;
export type PostStatus = (typeof postStatuses)[number];

/** A post as the admin edits it: the draft's fields, where it stands, and the revision a save must name. */
export type Post = PostFields & {
  id: string;
  status: PostStatus;
  /** When it went (or goes, when scheduled) live; null for a draft never published. */
  publishedAt: string | null;
  /** The draft's revision: PUT sends it back in If-Match. */
  revision: number;
  /** The revision that is live, when one is; the draft differs from it when they differ. */
  publishedRevision: number | null;
  updatedAt: string;
  /** Who saved last: their id and name ("Deleted user" once the account is gone); null for the seed. */
  updatedBy: UserRef | null;
  /** When a scheduled publish happens; null unless status is "scheduled" (a live post may have one: its update). */
  scheduledAt: string | null;
  /** Whether a version of it is on the public site now (a scheduled update of a live post keeps it live). */
  live: boolean;
};

export type PostSummary = Pick<
  Post,
  | "id"
  | "slug"
  | "title"
  | "status"
  | "publishedAt"
  | "revision"
  | "publishedRevision"
  | "updatedAt"
  | "updatedBy"
  | "scheduledAt"
  | "live"
>;

/** A post's address in the admin API: an unknown or malformed id answers 404 alike. */
export const contentPostParams = z.object({ id: z.uuid().toLowerCase() });
export const contentRevisionParams = z.object({
  id: z.uuid().toLowerCase(),
  revision: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const publishInput = z
  .object({
    at: z.iso.datetime({ offset: true, error: "at must be a date and time such as 2026-12-01T09:00:00Z" }).optional(),
  })
  .strict();

export type RevisionSummary = { revision: number; at: string; by: UserRef | null; title: string; action: string };

/** The site's settings, shown on every page and in the auto-reply. */
export const siteSettingsInput = z
  .object({
    companyName: trimmed("Company name", 2, 80),
    phone: trimmed("Phone", 7, 30).regex(/^[0-9+().\- ]+$/, {
      error: "Phone may hold digits, spaces, +, -, . and parentheses",
    }),
    email: z.email({ error: "Enter a valid e-mail address" }).max(254),
    hours: trimmed("Hours", 5, 80),
    locality: trimmed("City", 2, 60),
    region: trimmed("Region", 2, 40),
    bookingUrl: z
      .url({ error: "Booking link must be an https:// address" })
      .max(2048)
      .refine((value) => value.startsWith("https://"), { error: "Booking link must be an https:// address" }),
    socialLinks: z
      .array(
        z
          .object({
            label: trimmed("Label", 2, 30),
            href: z
              .url({ error: "Social link must be an https:// address" })
              .max(2048)
              .refine((value) => value.startsWith("https://"), { error: "Social link must be an https:// address" }),
          })
          .strict(),
      )
      .max(6, { error: "at most 6 social links" }),
    autoReplyText: z
      .string()
      .trim()
      .max(1000, { error: "Auto-reply text must be at most 1,000 characters" })
      .default(""),
  })
  .strict();
export type SiteSettingsInput = z.input<typeof siteSettingsInput>;
export type SiteSettings = z.output<typeof siteSettingsInput>;

/** A document edited as one draft (the site's settings, later a page's copy). */
export type ContentDocument<T> = {
  key: string;
  draft: T;
  published: T;
  revision: number;
  publishedRevision: number;
  updatedAt: string;
  /** Who saved last: their id and name ("Deleted user" once the account is gone); null for the seed. */
  updatedBy: UserRef | null;
};

/** A page whose copy the owner edits (issue 37): its key in the API, its name and its address. */
export type EditablePageInfo = { key: string; label: string; path: string };

/** GET /api/admin/content/pages: each page with where its draft stands (revision 0: never saved). */
export type EditablePageSummary = EditablePageInfo & {
  revision: number;
  publishedRevision: number;
  updatedAt: string | null;
};

/**
 * One text of a page's copy, in the page's order: its path in the copy ("hero.intro"), the files' text, its
 * limit. `kind` "image": an image's address (an upload or https); `optional`: may be left empty.
 */
export type PageCopyField = {
  path: string;
  label: string;
  default: string;
  max: number;
  kind?: "image";
  optional?: boolean;
};

/** What the owner changed on a page: field path -> text. A field not named shows the files' text. */
export type PageCopyOverrides = Record<string, string>;

const COPY_PATH = /^[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*$/;

/** PUT /api/admin/content/pages/:key: the page's texts (every field, or only the changed ones). */
export const pageCopyInput = z
  .object({
    fields: z.record(
      z.string().regex(COPY_PATH, { error: "unknown field" }),
      // Required or not is the field's own rule (PageCopyField.optional), checked against the page's fields.
      z.string({ error: "must be text" }).trim().max(5000, { error: "must be at most 5,000 characters" }),
      { error: "fields must map each field to its text" },
    ),
  })
  .strict();

export type PageCopyInput = z.input<typeof pageCopyInput>;

/** A page as the admin edits it: the fields with the draft's and the live texts. */
export type PageCopyDocument = EditablePageInfo & {
  fields: (PageCopyField & { draft: string; published: string })[];
  revision: number;
  publishedRevision: number;
  updatedAt: string | null;
  /** Who saved last: their id and name ("Deleted user" once the account is gone); null for the seed. */
  updatedBy: UserRef | null;
};
export type SiteSettingsDocument = ContentDocument<SiteSettings>;

/** The team's content rule (GET, PUT /api/admin/content/settings; owners change it): members publish too. */
export const contentSettingsInput = z
  .object({ membersCanPublish: z.boolean({ error: "membersCanPublish must be true or false" }) })
  .strict();
export type ContentSettings = z.output<typeof contentSettingsInput>;

/**
 * The 409 of a save that named a stale revision (If-Match): what is stored now and what was sent, so the
 * editor can show both and nothing is lost. Nothing was changed.
 */
export type ContentConflict<T> = { message: string; current: T; yours: unknown };

/** A post as the public site renders it. */
export type PublishedPost = PostFields & { publishedAt: string; updatedAt: string };

/**
 * Everything the public pages render from, at one content version: the server reads it from the database and
 * hands it to the renderer (app/server-entry.ts), which keeps the pages' HTML cached until the version moves.
 */
export type PublishedContent = {
  version: number;
  site: SiteSettings;
  /** Newest first. */
  posts: PublishedPost[];
  /** Old address -> new address (301), after a live post's slug changed. */
  redirects: Record<string, string>;
  /** Addresses of posts that were live and no longer are (410). */
  gone: string[];
  /** Each page's published copy changes, by page key (EditablePageInfo.key). */
  pages: Record<string, PageCopyOverrides>;
};

/** What the server seeds an empty database with: today's files (the renderer's defaults). */
export type SeedContent = { site: SiteSettings; posts: PublishedPost[] };
