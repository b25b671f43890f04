import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// The site's editable content (issue 37, contract/content.ts). Owner of every table: server/content/.
// - content_posts: an article's draft (JSON of contract PostFields) and, while it is live, the version the
//   public site shows (`published`, null when not live). `published_slug` keeps the address it was last live
//   at, after an unpublish too, so a slug change redirects and an unpublish answers 410. Status: draft,
//   scheduled (goes live at scheduled_at) or published. Deleting is soft (deleted_at): the row keeps its
//   revisions and the slug is free again (the unique index covers rows not deleted).
// - content_revisions: every saved draft of a post or a document, numbered per entity.
// - content_documents: documents edited as one draft ("site": contract SiteSettings).
// - content_redirects: old address -> new address (301) after a live post's slug changed; to_path null: the
//   address is gone (410), after an unpublish or a delete. post_id: whose address it was.
// - content_state (one row, "content"): the version of what is live, bumped in the transaction of every
//   change to it (the renderer's caches on every instance compare it), when the seed was written, and the
//   team's "members can publish" switch. Flags are 0/1, as elsewhere.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = pg ? sql`uuid` : sql`text`;
  const bigint = pg ? sql`bigint` : sql`integer`;

  await db.schema
    .createTable("content_posts")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("draft", "text", (c) => c.notNull())
    .addColumn("published", "text")
    .addColumn("published_slug", "text")
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("published_revision", "integer")
    .addColumn("published_at", timestamp)
    .addColumn("scheduled_at", timestamp)
    .addColumn("was_published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    // No foreign key: kept after the user is deleted; null: the system (the seed).
    .addColumn("updated_by", id)
    .addColumn("deleted_at", timestamp)
    .execute();
  await db.schema
    .createIndex("content_posts_slug_idx")
    .on("content_posts")
    .column("slug")
    .unique()
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
  // The scheduler's question every second: which posts are due.
  await db.schema
    .createIndex("content_posts_scheduled_idx")
    .on("content_posts")
    .column("scheduled_at")
    .where(sql.ref("status"), "=", "scheduled")
    .execute();

  await db.schema
    .createTable("content_revisions")
    // "post" | "site"
    .addColumn("entity_kind", "text", (c) => c.notNull())
    // A post's id or a document's key, as text.
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    // create, save, restore, seed
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("user_id", id)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("content_revisions_pk", ["entity_kind", "entity_id", "revision"])
    .execute();

  await db.schema
    .createTable("content_documents")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("draft", "text", (c) => c.notNull())
    .addColumn("published", "text")
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("published_revision", "integer")
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("updated_by", id)
    .execute();

  await db.schema
    .createTable("content_redirects")
    .addColumn("from_path", "text", (c) => c.primaryKey())
    .addColumn("to_path", "text")
    .addColumn("post_id", id, (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("content_state")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("version", bigint, (c) => c.notNull())
    .addColumn("seeded_at", timestamp)
    .addColumn("members_can_publish", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // The one row exists from the start, so every change bumps it with an UPDATE (a row lock on PostgreSQL).
  await db.insertInto("content_state").values({ id: "content", version: 0, members_can_publish: 0 }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["content_state", "content_redirects", "content_documents", "content_revisions", "content_posts"])
    await db.schema.dropTable(table).execute();
}
