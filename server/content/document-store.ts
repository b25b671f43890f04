import type { Kysely } from "kysely";
import type { PageCopyOverrides, RevisionSummary, SiteSettings, SiteSettingsDocument } from "../../contract/content.ts";
import type { UserRef } from "../../contract/admin-leads.ts";
import type { Database } from "../db/schema.ts";
import { userRefs } from "../repositories/users/user-names.ts";
import {
  bumpVersion,
  contentRecorder,
  insertRevision,
  PAGE_PREFIX,
  revisionData,
  SITE,
  type Conflict,
  type ContentActor,
  type NotFound,
} from "./content-records.ts";

// The documents edited as one draft each (content_documents): the site's settings ("site") and each page's
// copy changes ("page:<key>"), with their revisions. A publish bumps the content version.

/** A page's copy changes as stored: what the draft and the live page change from the files' texts. */
export type PageDocument = {
  draft: PageCopyOverrides;
  published: PageCopyOverrides;
  revision: number;
  publishedRevision: number;
  updatedAt: string | null;
  updatedBy: UserRef | null;
};

export function createDocumentStore(db: Kysely<Database>, clock: () => Date) {
  const now = () => clock().toISOString();
  const record = contentRecorder(clock);

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
  };
}
