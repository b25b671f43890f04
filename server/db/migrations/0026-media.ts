import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect.ts";

// Images the owner uploads for articles (issue 37, point 3). The re-encoded files live in the database, not
// on a disk, so every instance serves them and every backup (VACUUM INTO, pg_dump) holds them. The original
// upload is not kept: only its AVIF and WebP variants at the layout's widths. Owner: server/media/.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = pg ? sql`uuid` : sql`text`;
  const bytes = pg ? sql`bytea` : sql`blob`;

  await db.schema
    .createTable("media")
    .addColumn("id", id, (c) => c.primaryKey())
    // The file name the browser sent: shown in the picker, never used to judge the file.
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull())
    // Of the largest variant (the original's when it is narrower than every width the layout uses).
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    // No foreign key: an image outlives the user who uploaded it (as lead notes do).
    .addColumn("created_by", id)
    .execute();
  await db.schema.createIndex("media_created_idx").on("media").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("media_variants")
    .addColumn("media_id", id, (c) => c.notNull().references("media.id").onDelete("cascade"))
    // "avif" | "webp"
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("bytes", bytes, (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("media_variants_pk", ["media_id", "format", "width"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("media_variants").execute();
  await db.schema.dropTable("media").execute();
}
