import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { PageCopyOverrides, PublishedContent, SeedContent, SiteSettings } from "../../contract/content.ts";
import type { Database } from "../db/schema.ts";
import { recordActivity } from "../repositories/activity/activity-repository.ts";
import {
  bumpVersion,
  fieldsOf,
  insertRevision,
  PAGE_PREFIX,
  readContentVersion,
  SITE,
  STATE,
  type StoredLive,
} from "./content-records.ts";

// What the public pages render from, read in one go, and the seed that writes it on the first start.

/** Thrown by loadPublishedContent before the seed wrote the site's settings (AppOptions.contentSeed). */
export class ContentNotSeededError extends Error {
  constructor() {
    super("The content has not been seeded: start the app with contentSeed (the site's settings are missing).");
  }
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
