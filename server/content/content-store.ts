import type { Kysely } from "kysely";
import type { ContentSettings, SeedContent } from "../../contract/content.ts";
import type { Database } from "../db/schema.ts";
import { contentRecorder, readContentVersion, STATE, type ContentActor } from "./content-records.ts";
import { createDocumentStore } from "./document-store.ts";
import { createPostStore } from "./post-store.ts";
import { loadPublishedContent, seedContent } from "./published-content.ts";

// The one way into the content tables (migration 0025, contract/content.ts), reached as app.content: the
// articles (post-store.ts), the site's settings and pages' copy (document-store.ts), what is live and the seed
// (published-content.ts), and the team's content setting (content_state). Every change adds its Activity
// record ("content") in the same transaction.

/** `clock`: the app's (AppOptions.clock): every stored time and the scheduler's "now". */
export function createContentStore(db: Kysely<Database>, clock: () => Date) {
  const record = contentRecorder(clock);
  return {
    loadPublished: () => loadPublishedContent(db, clock()),
    version: () => readContentVersion(db),
    seed: (seed: SeedContent) => seedContent(db, seed, clock()),

    async isSeeded(): Promise<boolean> {
      const row = await db.selectFrom("contentState").select("seededAt").where("id", "=", STATE).executeTakeFirst();
      return Boolean(row?.seededAt);
    },

    ...createPostStore(db, clock),
    ...createDocumentStore(db, clock),

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
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
