import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { UserRef } from "../../contract/admin-leads.ts";
import type { Post, PostFields, PostStatus, PostSummary, RevisionSummary } from "../../contract/content.ts";
import type { ContentPostsTable, Database } from "../db/schema.ts";
import { userRefs } from "../repositories/users/user-names.ts";
import {
  bumpVersion,
  contentRecorder,
  fieldsOf,
  insertRevision,
  postPath,
  revisionData,
  type Conflict,
  type ContentActor,
  type NotFound,
  type SlugTaken,
  type StoredLive,
} from "./content-records.ts";

// The articles (content_posts, content_redirects): drafts with revisions, publish now or at a time (the
// scheduler's step), unpublish and delete (410), slug changes (301). Every change to what is live bumps the
// content version in its own transaction, so each instance's page cache sees it.

type PostRow = Selectable<ContentPostsTable>;

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

/** Unique violations of both drivers (a slug saved by a concurrent request). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

function slugTakenMessage(slug: string): string {
  return `Another article has the address ${postPath(slug)} (or had it, and it redirects there): choose another slug.`;
}

/** `clock`: the app's (AppOptions.clock): every stored time and the scheduler's "now". */
export function createPostStore(db: Kysely<Database>, clock: () => Date) {
  const now = () => clock().toISOString();
  const record = contentRecorder(clock);

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

  return {
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
