import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import { postFieldsOf } from "../../contract/content.ts";
import type { UserRef } from "../../contract/admin-leads.ts";
import type {
  ContentSettings,
  PageCopyOverrides,
  Post,
  PostFields,
  PostStatus,
  PostSummary,
  PublishedContent,
  PublishedPost,
  RevisionSummary,
  SeedContent,
  SiteSettings,
  SiteSettingsDocument,
} from "../../contract/content.ts";
import type { ContentPostsTable, Database } from "../db/schema.ts";
import { recordActivity, type ActivityActor } from "../repositories/activity/activity-repository.ts";
import { userRefs } from "../repositories/users/user-names.ts";

// The one owner of the content tables (migration 0025, contract/content.ts): drafts with revisions, the live
// versions, redirects and 410s, the scheduler's step, the seed, and the version of what is live. Every change
// to what is live bumps content_state.version in its own transaction, so each instance's page cache sees it.
// Every change adds its Activity record ("content") in the same transaction.

const STATE = "content";
const SITE = "site";
/** A page's copy changes: the document "page:<key>" (EditablePageInfo.key), made at its first save. */
const PAGE_PREFIX = "page:";

/** A post's public address. */
export const postPath = (slug: string) => `/blog/${slug}`;

/** Thrown by loadPublishedContent before the seed wrote the site's settings (AppOptions.contentSeed). */
export class ContentNotSeededError extends Error {
  constructor() {
    super("The content has not been seeded: start the app with contentSeed (the site's settings are missing).");
  }
}

type PostRow = Selectable<ContentPostsTable>;
/** The live version as stored: the fields, and when they were published (the public page's "updated"). */
type StoredLive = PostFields & { updatedAt: string };

const fieldsOf = (value: PostFields | PublishedPost): PostFields => postFieldsOf(value);

/** Who saved last, as the admin shows them (their name; "Deleted user" once the account is gone). */
type RefOf = (id: string | null | undefined) => UserRef | null;

function toPost(row: PostRow, refOf: RefOf): Post {
  const status = row.status as PostStatus;
  return {
    ...(JSON.parse(row.draft) as PostFields),
    id: row.id,
    status,
    publishedAt: status === "scheduled" ? row.scheduledAt : row.publishedAt,
    revision: row.revision,
    publishedRevision: row.publishedRevision,
    updatedAt: row.updatedAt,
    updatedBy: refOf(row.updatedBy),
    scheduledAt: row.scheduledAt,
    live: row.published !== null,
  };
}

/** A post with the name of who saved it last (one query). */
async function namedPost(db: Kysely<Database>, row: PostRow): Promise<Post> {
  return toPost(row, await userRefs(db, [row.updatedBy]));
}

function toSummary(post: Post): PostSummary {
  const { id, slug, title, status, publishedAt, revision, publishedRevision, updatedAt, updatedBy } = post;
  return {
    id,
    slug,
    title,
    status,
    publishedAt,
    revision,
    publishedRevision,
    updatedAt,
    updatedBy,
    scheduledAt: post.scheduledAt,
    live: post.live,
  };
}

/** What a change answers when it could not be made; `post` and friends when it was. */
export type NotFound = { notFound: true };
/** A page's copy changes as stored: what the draft and the live page change from the files' texts. */
export type PageDocument = {
  draft: PageCopyOverrides;
  published: PageCopyOverrides;
  revision: number;
  publishedRevision: number;
  updatedAt: string | null;
  updatedBy: UserRef | null;
};
export type Conflict<T> = { conflict: T };
export type SlugTaken = { slugTaken: string };

export type ContentActor = ActivityActor;

/** The version of what is live (0 before the first change). */
export async function readContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("contentState").select("version").where("id", "=", STATE).executeTakeFirst();
  return Number(row?.version ?? 0);
}

async function bumpVersion(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable("contentState")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", STATE)
    .execute();
}

/** The site's published settings (the auto-reply's name, phone and words); null before the seed. */
export async function readPublishedSiteSettings(db: Kysely<Database>): Promise<SiteSettings | null> {
  const row = await db.selectFrom("contentDocuments").select("published").where("key", "=", SITE).executeTakeFirst();
  return row?.published ? (JSON.parse(row.published) as SiteSettings) : null;
}

/**
 * Everything the public pages render from. The version is read first: a change committed between the reads
 * shows newer data under the older version, and the next version check renders again (never the reverse,
 * which would keep stale pages cached). Live: a post with a published version whose time has come.
 */
export async function loadPublishedContent(db: Kysely<Database>, now: Date = new Date()): Promise<PublishedContent> {
  const version = await readContentVersion(db);
  const site = await db.selectFrom("contentDocuments").select("published").where("key", "=", SITE).executeTakeFirst();
  if (!site?.published) throw new ContentNotSeededError();
  const rows = await db
    .selectFrom("contentPosts")
    .select(["published", "publishedAt"])
    .where("deletedAt", "is", null)
    .where("published", "is not", null)
    .where("publishedAt", "<=", now.toISOString())
    .orderBy("publishedAt", "desc")
    .orderBy("id")
    .execute();
  const posts = rows.map((row) => {
    const live = JSON.parse(row.published!) as StoredLive;
    return { ...fieldsOf(live), publishedAt: row.publishedAt!, updatedAt: live.updatedAt };
  });
  const redirectRows = await db
    .selectFrom("contentRedirects")
    .select(["fromPath", "toPath"])
    .orderBy("fromPath")
    .execute();
  const redirects: Record<string, string> = {};
  const gone: string[] = [];
  for (const row of redirectRows) {
    if (row.toPath === null) gone.push(row.fromPath);
    else redirects[row.fromPath] = row.toPath;
  }
  const pageRows = await db
    .selectFrom("contentDocuments")
    .select(["key", "published"])
    .where("key", "like", `${PAGE_PREFIX}%`)
    .where("published", "is not", null)
    .execute();
  const pages: Record<string, PageCopyOverrides> = {};
  for (const row of pageRows)
    pages[row.key.slice(PAGE_PREFIX.length)] = JSON.parse(row.published!) as PageCopyOverrides;
  return { version, site: JSON.parse(site.published) as SiteSettings, posts, redirects, gone, pages };
}

/**
 * Writes the seed once, on the first start: the claim of content_state.seeded_at and the rows are one
 * transaction, and the claim is a conditional UPDATE of the one row, so of two instances starting together
 * on PostgreSQL the second waits on the row's lock and then finds it seeded. Answers whether this call seeded.
 * Posts whose slug is taken already (by a post saved before the seed) are left out.
 */
export async function seedContent(db: Kysely<Database>, seed: SeedContent, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const claimed = await trx
      .updateTable("contentState")
      .set({ seededAt: at })
      .where("id", "=", STATE)
      .where("seededAt", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;

    const siteJson = JSON.stringify(seed.site);
    const siteInserted = await trx
      .insertInto("contentDocuments")
      .values({
        key: SITE,
        draft: siteJson,
        published: siteJson,
        revision: 1,
        publishedRevision: 1,
        updatedAt: at,
        updatedBy: null,
      })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .executeTakeFirst();
    if (Number(siteInserted.numInsertedOrUpdatedRows ?? 0) === 1)
      await insertRevision(trx, "site", SITE, 1, siteJson, "seed", null, at);

    const taken = new Set(
      (await trx.selectFrom("contentPosts").select("slug").where("deletedAt", "is", null).execute()).map(
        (row) => row.slug,
      ),
    );
    let posts = 0;
    for (const post of seed.posts) {
      if (taken.has(post.slug)) continue;
      taken.add(post.slug);
      const id = randomUUID();
      const fields = fieldsOf(post);
      const draft = JSON.stringify(fields);
      await trx
        .insertInto("contentPosts")
        .values({
          id,
          slug: fields.slug,
          status: "published",
          draft,
          published: JSON.stringify({ ...fields, updatedAt: post.updatedAt } satisfies StoredLive),
          publishedSlug: fields.slug,
          revision: 1,
          publishedRevision: 1,
          publishedAt: new Date(post.publishedAt).toISOString(),
          scheduledAt: null,
          wasPublished: 1,
          createdAt: at,
          updatedAt: at,
          updatedBy: null,
          deletedAt: null,
        })
        .execute();
      await insertRevision(trx, "post", id, 1, draft, "seed", null, at);
      posts += 1;
    }
    await bumpVersion(trx);
    await recordActivity(
      trx,
      [{ actor: null, kind: "content", summary: `seeded the site's content (${posts} articles, the site's settings)` }],
      now,
    );
    return true;
  });
}

async function insertRevision(
  trx: Kysely<Database>,
  entityKind: "post" | "site" | "page",
  entityId: string,
  revision: number,
  data: string,
  action: string,
  userId: string | null,
  at: string,
): Promise<void> {
  await trx
    .insertInto("contentRevisions")
    .values({ entityKind, entityId, revision, data, action, userId, createdAt: at })
    .execute();
}

/** One saved revision's data (post fields, site settings or page copy), parsed; null when there is none. */
async function revisionData(
  trx: Kysely<Database>,
  entityKind: "post" | "site" | "page",
  entityId: string,
  revision: number,
): Promise<unknown> {
  const row = await trx
    .selectFrom("contentRevisions")
    .select("data")
    .where("entityKind", "=", entityKind)
    .where("entityId", "=", entityId)
    .where("revision", "=", revision)
    .executeTakeFirst();
  return row ? (JSON.parse(row.data) as unknown) : null;
}

/** Unique violations of both drivers (a slug saved by a concurrent request). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

function slugTakenMessage(slug: string): string {
  return `Another article has the address ${postPath(slug)} (or had it, and it redirects there): choose another slug.`;
}

/** `clock`: the app's (AppOptions.clock): every stored time and the scheduler's "now". */
export function createContentStore(db: Kysely<Database>, clock: () => Date) {
  const now = () => clock().toISOString();

  const readPost = async (trx: Kysely<Database>, id: string): Promise<PostRow | undefined> =>
    trx.selectFrom("contentPosts").selectAll().where("id", "=", id).where("deletedAt", "is", null).executeTakeFirst();

  /**
   * Whether `slug` belongs to another post: its draft's slug, the address it was last live at (kept for it
   * after an unpublish), or an address that redirects to it. A gone address (410) may be taken again.
   */
  async function slugTaken(trx: Kysely<Database>, slug: string, postId: string | null): Promise<boolean> {
    let posts = trx
      .selectFrom("contentPosts")
      .select("id")
      .where("deletedAt", "is", null)
      .where((eb) => eb.or([eb("slug", "=", slug), eb("publishedSlug", "=", slug)]));
    if (postId) posts = posts.where("id", "!=", postId);
    if (await posts.executeTakeFirst()) return true;
    let redirects = trx
      .selectFrom("contentRedirects")
      .select("fromPath")
      .where("fromPath", "=", postPath(slug))
      .where("toPath", "is not", null);
    if (postId) redirects = redirects.where("postId", "!=", postId);
    return (await redirects.executeTakeFirst()) !== undefined;
  }

  /** An address is no longer live: it answers 410, and so do the addresses that redirected to it. */
  async function markGone(trx: Kysely<Database>, postId: string, path: string, at: string): Promise<void> {
    await trx
      .insertInto("contentRedirects")
      .values({ fromPath: path, toPath: null, postId, createdAt: at })
      .onConflict((conflict) => conflict.column("fromPath").doUpdateSet({ toPath: null, postId, createdAt: at }))
      .execute();
    await trx.updateTable("contentRedirects").set({ toPath: null }).where("toPath", "=", path).execute();
  }

  /**
   * Makes the draft the live version, in the caller's transaction: the address it was live at before
   * redirects to the new one (chains collapse: a->b then b->c leaves a->c and b->c), the new address stops
   * being a redirect or a 410, and the version moves. The first publish's date stays the article's date.
   */
  async function goLive(trx: Kysely<Database>, row: PostRow, wentLiveAt: string, at: string): Promise<void> {
    const fields = JSON.parse(row.draft) as PostFields;
    await trx
      .updateTable("contentPosts")
      .set({
        status: "published",
        published: JSON.stringify({ ...fields, updatedAt: at } satisfies StoredLive),
        publishedSlug: fields.slug,
        publishedRevision: row.revision,
        publishedAt: row.publishedAt ?? wentLiveAt,
        scheduledAt: null,
        wasPublished: 1,
      })
      .where("id", "=", row.id)
      .execute();
    const newPath = postPath(fields.slug);
    if (row.publishedSlug && row.publishedSlug !== fields.slug) {
      const oldPath = postPath(row.publishedSlug);
      await trx
        .insertInto("contentRedirects")
        .values({ fromPath: oldPath, toPath: newPath, postId: row.id, createdAt: at })
        .onConflict((conflict) =>
          conflict.column("fromPath").doUpdateSet({ toPath: newPath, postId: row.id, createdAt: at }),
        )
        .execute();
      await trx.updateTable("contentRedirects").set({ toPath: newPath }).where("toPath", "=", oldPath).execute();
    }
    await trx.deleteFrom("contentRedirects").where("fromPath", "=", newPath).execute();
    await bumpVersion(trx);
  }

  /** Takes a live post off the site (unpublish, delete): its address answers 410. */
  async function takeDown(trx: Kysely<Database>, row: PostRow, at: string): Promise<void> {
    await trx
      .updateTable("contentPosts")
      .set({ status: "draft", published: null, publishedRevision: null, scheduledAt: null })
      .where("id", "=", row.id)
      .execute();
    if (row.published !== null && row.publishedSlug) {
      await markGone(trx, row.id, postPath(row.publishedSlug), at);
      await bumpVersion(trx);
    }
  }

  const record = (trx: Kysely<Database>, actor: ContentActor, summary: string, data: Record<string, unknown>) =>
    recordActivity(trx, [{ actor, kind: "content", summary, data }], clock());

  /** Saves `fields` as a new revision when the draft is at `expected`; the shared path of save and restore. */
  async function saveDraft(
    trx: Transaction<Database>,
    row: PostRow,
    fields: PostFields,
    expected: number,
    action: "save" | "restore",
    actor: ContentActor,
  ): Promise<{ post: Post } | Conflict<Post> | SlugTaken> {
    if (row.revision !== expected) return { conflict: await namedPost(trx, row) };
    if (await slugTaken(trx, fields.slug, row.id)) return { slugTaken: slugTakenMessage(fields.slug) };
    const at = now();
    const draft = JSON.stringify(fieldsOf(fields));
    const revision = row.revision + 1;
    const updated = await trx
      .updateTable("contentPosts")
      .set({ slug: fields.slug, draft, revision, updatedAt: at, updatedBy: actor?.userId ?? null })
      .where("id", "=", row.id)
      .where("revision", "=", expected)
      .executeTakeFirst();
    // A save that committed between our read and this UPDATE (PostgreSQL's READ COMMITTED).
    if (Number(updated.numUpdatedRows) !== 1)
      return { conflict: await namedPost(trx, (await readPost(trx, row.id)) ?? row) };
    await insertRevision(trx, "post", row.id, revision, draft, action, actor?.userId ?? null, at);
    return { post: await namedPost(trx, (await readPost(trx, row.id))!) };
  }

  /** Runs `work` in a transaction, turning a concurrent request's unique slug into SlugTaken. */
  async function withSlugGuard<T>(
    slugOf: () => string,
    work: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T | SlugTaken> {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) return { slugTaken: slugTakenMessage(slugOf()) };
      throw error;
    }
  }

  async function readPage(trx: Kysely<Database>, key: string): Promise<PageDocument> {
    const row = await trx
      .selectFrom("contentDocuments")
      .selectAll()
      .where("key", "=", `${PAGE_PREFIX}${key}`)
      .executeTakeFirst();
    if (!row) return { draft: {}, published: {}, revision: 0, publishedRevision: 0, updatedAt: null, updatedBy: null };
    return {
      draft: JSON.parse(row.draft) as PageCopyOverrides,
      published: row.published ? (JSON.parse(row.published) as PageCopyOverrides) : {},
      revision: row.revision,
      publishedRevision: row.publishedRevision ?? 0,
      updatedAt: row.updatedAt,
      updatedBy: (await userRefs(trx, [row.updatedBy]))(row.updatedBy),
    };
  }

  async function readSite(trx: Kysely<Database>): Promise<SiteSettingsDocument | null> {
    const row = await trx.selectFrom("contentDocuments").selectAll().where("key", "=", SITE).executeTakeFirst();
    if (!row) return null;
    const draft = JSON.parse(row.draft) as SiteSettings;
    return {
      key: row.key,
      draft,
      published: row.published ? (JSON.parse(row.published) as SiteSettings) : draft,
      revision: row.revision,
      publishedRevision: row.publishedRevision ?? 0,
      updatedAt: row.updatedAt,
      updatedBy: (await userRefs(trx, [row.updatedBy]))(row.updatedBy),
    };
  }

  return {
    loadPublished: () => loadPublishedContent(db, clock()),
    version: () => readContentVersion(db),
    seed: (seed: SeedContent) => seedContent(db, seed, clock()),

    async isSeeded(): Promise<boolean> {
      const row = await db.selectFrom("contentState").select("seededAt").where("id", "=", STATE).executeTakeFirst();
      return Boolean(row?.seededAt);
    },

    /** Every post not deleted, the last edited first. */
    async listPosts(): Promise<PostSummary[]> {
      const rows = await db
        .selectFrom("contentPosts")
        .selectAll()
        .where("deletedAt", "is", null)
        .orderBy("updatedAt", "desc")
        .orderBy("id")
        .execute();
      const refOf = await userRefs(
        db,
        rows.map((row) => row.updatedBy),
      );
      return rows.map((row) => toSummary(toPost(row, refOf)));
    },

    async getPost(id: string): Promise<Post | null> {
      const row = await readPost(db, id);
      return row ? namedPost(db, row) : null;
    },

    async createPost(fields: PostFields, actor: ContentActor): Promise<{ post: Post } | SlugTaken> {
      return withSlugGuard(
        () => fields.slug,
        async (trx) => {
          if (await slugTaken(trx, fields.slug, null)) return { slugTaken: slugTakenMessage(fields.slug) };
          const at = now();
          const id = randomUUID();
          const draft = JSON.stringify(fieldsOf(fields));
          const by = actor?.userId ?? null;
          await trx
            .insertInto("contentPosts")
            .values({
              id,
              slug: fields.slug,
              status: "draft",
              draft,
              published: null,
              publishedSlug: null,
              revision: 1,
              publishedRevision: null,
              publishedAt: null,
              scheduledAt: null,
              wasPublished: 0,
              createdAt: at,
              updatedAt: at,
              updatedBy: by,
              deletedAt: null,
            })
            .execute();
          await insertRevision(trx, "post", id, 1, draft, "create", by, at);
          await record(trx, actor, `created the article "${fields.title}"`, { postId: id, revision: 1 });
          return { post: await namedPost(trx, (await readPost(trx, id))!) };
        },
      );
    },

    /** Saves the draft when `expected` is its revision (If-Match); else the conflict, and nothing changes. */
    async updatePost(
      id: string,
      fields: PostFields,
      expected: number,
      actor: ContentActor,
    ): Promise<{ post: Post } | NotFound | Conflict<Post> | SlugTaken> {
      return withSlugGuard(
        () => fields.slug,
        async (trx) => {
          const row = await readPost(trx, id);
          if (!row) return { notFound: true } as const;
          const saved = await saveDraft(trx, row, fields, expected, "save", actor);
          if ("post" in saved)
            await record(trx, actor, `saved the article "${fields.title}"`, {
              postId: id,
              revision: saved.post.revision,
            });
          return saved;
        },
      );
    },

    /**
     * Publishes the draft now, or schedules it for `at` (a time after now). `expected`, when given, must be
     * the draft's revision (publish what the editor saw).
     */
    async publishPost(
      id: string,
      at: Date | null,
      actor: ContentActor,
      expected?: number,
    ): Promise<{ post: Post } | NotFound | Conflict<Post>> {
      return db.transaction().execute(async (trx) => {
        const row = await readPost(trx, id);
        if (!row) return { notFound: true } as const;
        if (expected !== undefined && row.revision !== expected) return { conflict: await namedPost(trx, row) };
        const title = (JSON.parse(row.draft) as PostFields).title;
        const current = clock();
        if (at && at.getTime() > current.getTime()) {
          const scheduledAt = at.toISOString();
          await trx
            .updateTable("contentPosts")
            .set({ status: "scheduled", scheduledAt })
            .where("id", "=", id)
            .execute();
          await record(trx, actor, `scheduled the article "${title}" for ${scheduledAt}`, {
            postId: id,
            revision: row.revision,
            scheduledAt,
          });
        } else {
          await goLive(trx, row, current.toISOString(), current.toISOString());
          await record(trx, actor, `published the article "${title}"`, { postId: id, revision: row.revision });
        }
        return { post: await namedPost(trx, (await readPost(trx, id))!) };
      });
    },

    /** Takes the post off the site (410 at its address) or cancels its schedule; a draft stays as it is. */
    async unpublishPost(id: string, actor: ContentActor): Promise<{ post: Post } | NotFound> {
      return db.transaction().execute(async (trx) => {
        const row = await readPost(trx, id);
        if (!row) return { notFound: true } as const;
        if (row.published !== null || row.status === "scheduled") {
          await takeDown(trx, row, now());
          const title = (JSON.parse(row.draft) as PostFields).title;
          const summary =
            row.published !== null
              ? `unpublished the article "${title}"`
              : `cancelled the scheduled publish of "${title}"`;
          await record(trx, actor, summary, { postId: id });
        }
        return { post: await namedPost(trx, (await readPost(trx, id))!) };
      });
    },

    /** Soft delete: the revisions stay; a live post's address answers 410. */
    async deletePost(id: string, actor: ContentActor): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await readPost(trx, id);
        if (!row) return false;
        const at = now();
        await takeDown(trx, row, at);
        await trx.updateTable("contentPosts").set({ deletedAt: at }).where("id", "=", id).execute();
        const title = (JSON.parse(row.draft) as PostFields).title;
        await record(trx, actor, `deleted the article "${title}"`, { postId: id, wasLive: row.published !== null });
        return true;
      });
    },

    async listRevisions(id: string): Promise<RevisionSummary[] | null> {
      if (!(await readPost(db, id))) return null;
      const rows = await db
        .selectFrom("contentRevisions")
        .select(["revision", "createdAt", "userId", "data", "action"])
        .where("entityKind", "=", "post")
        .where("entityId", "=", id)
        .orderBy("revision", "desc")
        .execute();
      const refOf = await userRefs(
        db,
        rows.map((row) => row.userId),
      );
      return rows.map((row) => ({
        revision: row.revision,
        at: row.createdAt,
        by: refOf(row.userId),
        title: (JSON.parse(row.data) as PostFields).title,
        action: row.action,
      }));
    },

    /** A saved revision of a post: its fields as saved (Compare in the editor), or null. */
    async postRevision(id: string, revision: number): Promise<PostFields | null> {
      const data = (await revisionData(db, "post", id, revision)) as PostFields | null;
      return data ? fieldsOf(data) : null;
    },

    /** The old revision's fields become the draft, as a new revision (the history keeps every step). */
    async restoreRevision(
      id: string,
      revision: number,
      actor: ContentActor,
    ): Promise<{ post: Post } | NotFound | Conflict<Post> | SlugTaken> {
      let slug = "";
      return withSlugGuard(
        () => slug,
        async (trx) => {
          const row = await readPost(trx, id);
          if (!row) return { notFound: true } as const;
          const fields = (await revisionData(trx, "post", id, revision)) as PostFields | null;
          if (!fields) return { notFound: true } as const;
          slug = fields.slug;
          const saved = await saveDraft(trx, row, fields, row.revision, "restore", actor);
          if ("post" in saved)
            await record(trx, actor, `restored revision ${revision} of the article "${fields.title}"`, {
              postId: id,
              restored: revision,
              revision: saved.post.revision,
            });
          return saved;
        },
      );
    },

    /** The site's settings; null before the seed wrote them. */
    getSite: () => readSite(db),

    async saveSite(
      settings: SiteSettings,
      expected: number,
      actor: ContentActor,
    ): Promise<{ document: SiteSettingsDocument } | NotFound | Conflict<SiteSettingsDocument>> {
      return db.transaction().execute(async (trx) => {
        const current = await readSite(trx);
        if (!current) return { notFound: true } as const;
        if (current.revision !== expected) return { conflict: current };
        const at = now();
        const draft = JSON.stringify(settings);
        const revision = current.revision + 1;
        const updated = await trx
          .updateTable("contentDocuments")
          .set({ draft, revision, updatedAt: at, updatedBy: actor?.userId ?? null })
          .where("key", "=", SITE)
          .where("revision", "=", expected)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return { conflict: (await readSite(trx)) ?? current };
        await insertRevision(trx, "site", SITE, revision, draft, "save", actor?.userId ?? null, at);
        await record(trx, actor, "saved the site's settings", { revision });
        return { document: (await readSite(trx))! };
      });
    },

    async publishSite(actor: ContentActor): Promise<{ document: SiteSettingsDocument } | NotFound> {
      return db.transaction().execute(async (trx) => {
        const current = await readSite(trx);
        if (!current) return { notFound: true } as const;
        await trx
          .updateTable("contentDocuments")
          .set({ published: JSON.stringify(current.draft), publishedRevision: current.revision })
          .where("key", "=", SITE)
          .execute();
        await bumpVersion(trx);
        await record(trx, actor, "published the site's settings", { revision: current.revision });
        return { document: (await readSite(trx))! };
      });
    },

    /** A page's drafted and live copy changes; an empty document before its first save. */
    getPage: (key: string) => readPage(db, key),

    /** Where each saved page's draft stands, by page key, in one read (the Pages list). */
    async pageStates(): Promise<Map<string, { revision: number; publishedRevision: number; updatedAt: string }>> {
      const rows = await db
        .selectFrom("contentDocuments")
        .select(["key", "revision", "publishedRevision", "updatedAt"])
        .where("key", "like", `${PAGE_PREFIX}%`)
        .execute();
      return new Map(
        rows.map((row) => [
          row.key.slice(PAGE_PREFIX.length),
          { revision: row.revision, publishedRevision: row.publishedRevision ?? 0, updatedAt: row.updatedAt },
        ]),
      );
    },

    async savePage(
      key: string,
      overrides: PageCopyOverrides,
      expected: number,
      actor: ContentActor,
    ): Promise<{ document: PageDocument } | Conflict<PageDocument>> {
      return db.transaction().execute(async (trx) => {
        const current = await readPage(trx, key);
        if (current.revision !== expected) return { conflict: current };
        const at = now();
        const draft = JSON.stringify(overrides);
        const revision = current.revision + 1;
        if (current.revision === 0) {
          await trx
            .insertInto("contentDocuments")
            .values({
              key: `${PAGE_PREFIX}${key}`,
              draft,
              published: null,
              revision,
              publishedRevision: null,
              updatedAt: at,
              updatedBy: actor?.userId ?? null,
            })
            .execute();
        } else {
          const updated = await trx
            .updateTable("contentDocuments")
            .set({ draft, revision, updatedAt: at, updatedBy: actor?.userId ?? null })
            .where("key", "=", `${PAGE_PREFIX}${key}`)
            .where("revision", "=", expected)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) return { conflict: await readPage(trx, key) };
        }
        await insertRevision(trx, "page", key, revision, draft, "save", actor?.userId ?? null, at);
        await record(trx, actor, `saved the copy of the page ${key}`, { page: key, revision });
        return { document: await readPage(trx, key) };
      });
    },

    async publishPage(key: string, actor: ContentActor): Promise<{ document: PageDocument }> {
      return db.transaction().execute(async (trx) => {
        const current = await readPage(trx, key);
        if (current.revision > 0) {
          await trx
            .updateTable("contentDocuments")
            .set({ published: JSON.stringify(current.draft), publishedRevision: current.revision })
            .where("key", "=", `${PAGE_PREFIX}${key}`)
            .execute();
          await bumpVersion(trx);
          await record(trx, actor, `published the copy of the page ${key}`, { page: key, revision: current.revision });
        }
        return { document: await readPage(trx, key) };
      });
    },

    /** The saved revisions of a document (the site's settings or a page's copy), newest first. */
    async listDocumentRevisions(kind: "site" | "page", key: string): Promise<RevisionSummary[]> {
      const rows = await db
        .selectFrom("contentRevisions")
        .select(["revision", "createdAt", "userId", "action"])
        .where("entityKind", "=", kind)
        .where("entityId", "=", kind === "site" ? SITE : key)
        .orderBy("revision", "desc")
        .execute();
      const refOf = await userRefs(
        db,
        rows.map((row) => row.userId),
      );
      return rows.map((row) => ({
        revision: row.revision,
        at: row.createdAt,
        by: refOf(row.userId),
        title: kind === "site" ? "Site settings" : key,
        action: row.action,
      }));
    },

    /** A document's saved revision: its data as saved, or null. */
    async documentRevision(kind: "site" | "page", key: string, revision: number): Promise<unknown> {
      return revisionData(db, kind, kind === "site" ? SITE : key, revision);
    },

    async getSettings(): Promise<ContentSettings> {
      const row = await db
        .selectFrom("contentState")
        .select("membersCanPublish")
        .where("id", "=", STATE)
        .executeTakeFirst();
      return { membersCanPublish: row?.membersCanPublish === 1 };
    },

    async putSettings(settings: ContentSettings, actor: ContentActor): Promise<ContentSettings> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("contentState")
          .set({ membersCanPublish: settings.membersCanPublish ? 1 : 0 })
          .where("id", "=", STATE)
          .execute();
        const summary = settings.membersCanPublish
          ? "let members publish articles and the site's settings"
          : "let only owners publish articles and the site's settings";
        await record(trx, actor, summary, { membersCanPublish: settings.membersCanPublish });
      });
      return settings;
    },

    /**
     * The scheduler's step: every scheduled post whose time has come goes live, once. Each is claimed by a
     * conditional UPDATE (status still "scheduled", time passed) in the transaction that publishes it: of
     * instances running the step together, one claims it and the others' UPDATE (after waiting on the row's
     * lock on PostgreSQL, or on SQLite's write lock) finds no row. Answers how many this call published.
     */
    async publishDue(): Promise<number> {
      const at = now();
      const due = await db
        .selectFrom("contentPosts")
        .select("id")
        .where("status", "=", "scheduled")
        .where("scheduledAt", "<=", at)
        .where("deletedAt", "is", null)
        .orderBy("scheduledAt")
        .limit(100)
        .execute();
      let published = 0;
      for (const { id } of due) {
        const won = await db.transaction().execute(async (trx) => {
          const claimed = await trx
            .updateTable("contentPosts")
            .set({ status: "published" })
            .where("id", "=", id)
            .where("status", "=", "scheduled")
            .where("scheduledAt", "<=", at)
            .where("deletedAt", "is", null)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) return false;
          const row = (await readPost(trx, id))!;
          // Its scheduled time, not the moment this step ran, is the article's date.
          await goLive(trx, row, row.scheduledAt ?? at, at);
          const title = (JSON.parse(row.draft) as PostFields).title;
          await record(trx, null, `published the scheduled article "${title}"`, { postId: id, revision: row.revision });
          return true;
        });
        if (won) published += 1;
      }
      return published;
    },
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
