import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { SavedView, SavedViewList } from "../../contract/saved-views.ts";
import type { Database } from "../db/schema.ts";

// Saved views (issue 38, contract/saved-views.ts): the one owner of saved_views (migration 0027). Every
// call is scoped to one user: nobody reads or deletes another user's view.

export function createSavedViewsRepository(db: Kysely<Database>, clock: () => Date) {
  const columns = ["id", "name", "list", "query", "createdAt"] as const;
  const toView = (row: { id: string; name: string; list: string; query: string; createdAt: string }): SavedView => ({
    ...row,
    list: row.list as SavedViewList,
  });
  return {
    async list(userId: string): Promise<SavedView[]> {
      const rows = await db
        .selectFrom("savedViews")
        .select(columns)
        .where("userId", "=", userId)
        .orderBy("name")
        .execute();
      return rows.map(toView);
    },

    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom("savedViews")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async hasName(userId: string, name: string): Promise<boolean> {
      const row = await db
        .selectFrom("savedViews")
        .select("id")
        .where("userId", "=", userId)
        .where("name", "=", name)
        .executeTakeFirst();
      return row !== undefined;
    },

    async add(userId: string, view: { name: string; list: SavedViewList; query: string }): Promise<SavedView> {
      const row = await db
        .insertInto("savedViews")
        .values({ id: randomUUID(), userId, ...view, createdAt: clock().toISOString() })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toView(row);
    },

    /** Deletes the user's own view; false when they have none with this id. */
    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("savedViews")
        .where("id", "=", id)
        .where("userId", "=", userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
