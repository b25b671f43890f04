import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ReplyTemplate, ReplyTemplateContent } from "../../contract/lead-messages.ts";
import type { Database } from "../db/schema.ts";
import { recordActivity, type ActivityActor } from "./activity/activity-repository.ts";

// The owner's reply templates (reply_templates, migration 0020; contract/lead-messages.ts). Any user reads
// them to compose a reply; owners write them (the route checks), each change recorded in the Activity.

const columns = ["id", "name", "subject", "body", "updatedAt"] as const;

export function createReplyTemplatesRepository(db: Kysely<Database>, clock: () => Date) {
  return {
    /** Every template, oldest first (the first is the compose panel's default choice). */
    list(): Promise<ReplyTemplate[]> {
      return db.selectFrom("replyTemplates").select(columns).orderBy("createdAt").orderBy("id").execute();
    },

    async create(content: ReplyTemplateContent, actor: NonNullable<ActivityActor>): Promise<ReplyTemplate> {
      const now = clock();
      const at = now.toISOString();
      const id = randomUUID();
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto("replyTemplates")
          .values({ id, ...content, createdAt: at, updatedAt: at, updatedBy: actor.userId })
          .execute();
        await recordActivity(
          trx,
          [{ actor, kind: "settings", summary: `added the reply template “${content.name}”` }],
          now,
        );
        return { id, ...content, updatedAt: at };
      });
    },

    /** Undefined: no such template. */
    async update(
      id: string,
      content: ReplyTemplateContent,
      actor: NonNullable<ActivityActor>,
    ): Promise<ReplyTemplate | undefined> {
      const now = clock();
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("replyTemplates")
          .set({ ...content, updatedAt: at, updatedBy: actor.userId })
          .where("id", "=", id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return undefined;
        await recordActivity(
          trx,
          [{ actor, kind: "settings", summary: `changed the reply template “${content.name}”` }],
          now,
        );
        return { id, ...content, updatedAt: at };
      });
    },

    /** Whether there was such a template. */
    async delete(id: string, actor: NonNullable<ActivityActor>): Promise<boolean> {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom("replyTemplates").where("id", "=", id).returning("name").executeTakeFirst();
        if (!gone) return false;
        await recordActivity(
          trx,
          [{ actor, kind: "settings", summary: `deleted the reply template “${gone.name}”` }],
          now,
        );
        return true;
      });
    },
  };
}
